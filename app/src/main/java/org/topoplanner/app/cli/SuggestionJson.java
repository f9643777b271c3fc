package org.topoplanner.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.PlacementJson;

/** A policy's answer as JSON: outcome, reason, and the placement with GPUs, CPUs and NIC per GPU. */
final class SuggestionJson {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private SuggestionJson() {
    }

    static ObjectNode of(String policy, String job, Suggestion s) {
        ObjectNode o = F.objectNode().put("policy", policy).put("job", job);
        if (s instanceof Suggestion.Placed p) {
            o.put("outcome", "placed").putNull("reason");
            o.set("placement", placement(p.placement()));
            ArrayNode notes = o.putArray("notes");
            p.notes().forEach(notes::add);
        } else if (s instanceof Suggestion.Waiting w) {
            o.put("outcome", "waiting").put("reason", w.explanation()).put("maxWaitSeconds", w.maxWait().getSeconds());
            o.set("placement", placement(w.placement()));
        } else if (s instanceof Suggestion.Pending p) {
            o.put("outcome", "pending").put("reason", p.reason().slurmName() + ": " + p.explanation());
            o.putNull("placement");
        } else if (s instanceof Suggestion.Impossible i) {
            o.put("outcome", "impossible").put("reason", i.reason());
            o.putNull("placement");
        }
        return o;
    }

    /** The placement a suggestion would run (now, or after waiting), if any. */
    static java.util.Optional<Placement> placementOf(Suggestion s) {
        if (s instanceof Suggestion.Placed p) {
            return java.util.Optional.of(p.placement());
        }
        if (s instanceof Suggestion.Waiting w) {
            return java.util.Optional.of(w.placement());
        }
        return java.util.Optional.empty();
    }

    /** The placement in the project's form ({@link PlacementJson}), with Slurm's node list beside its hosts. */
    static ObjectNode placement(Placement p) {
        ObjectNode o = F.objectNode().put("job", p.job());
        o.put("nodelist", org.topoplanner.model.hostlist.Hostlist.compress(p.hostNames()));
        o.set("hosts", PlacementJson.hosts(p));
        return o;
    }
}
