package org.topoplanner.importers.replay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.replay.ReplayEvent;

/**
 * Writes replay events as the real-Slurm harness prints its JSON lines (same keys, same key order),
 * so a replay and a real run can be diffed line by line.
 */
public final class ReplayLine {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReplayLine() {
    }

    /** One line of text per event, in order. */
    public static List<String> lines(List<ReplayEvent> events) {
        return events.stream().map(ReplayLine::text).toList();
    }

    /** The event as one JSON line (no line break). */
    public static String text(ReplayEvent event) {
        ObjectNode o;
        if (event instanceof ReplayEvent.Note n) {
            o = note(n);
        } else if (event instanceof ReplayEvent.Job j) {
            o = job(j);
        } else {
            o = rejected((ReplayEvent.Rejected) event);
        }
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree that cannot be written", e);
        }
    }

    private static ObjectNode note(ReplayEvent.Note n) {
        ObjectNode o = JSON.createObjectNode();
        o.put("type", "note");
        o.put("text", n.text());
        return o;
    }

    private static ObjectNode job(ReplayEvent.Job j) {
        ObjectNode o = JSON.createObjectNode();
        o.put("type", "job");
        o.put("when", j.moment().harnessName());
        o.put("name", j.name());
        o.put("state", j.state().name());
        if (j.reason() == null) {
            o.putNull("reason");
        } else {
            o.put("reason", j.reason());
        }
        ArrayNode nodes = o.putArray("nodes");
        ArrayNode alloc = o.putArray("alloc");
        ArrayNode lv = o.putArray("leaves");
        if (j.placement() != null) {
            // NodeList is a sorted hostlist, the per-node lines follow the placement (for slurm-tree:
            // Slurm's node table order); the harness reports both, so they can differ in order
            String nodelist = Hostlist.compressSorted(j.placement().hostNames());
            Hostlist.expandOrEmpty(nodelist).forEach(nodes::add);
            for (HostAllocation h : j.placement().hosts()) {
                ObjectNode a = alloc.addObject();
                a.put("node", h.host());
                ArrayNode cpus = a.putArray("cpus");
                h.cpus().stream().forEach(cpus::add);
                ArrayNode gpus = a.putArray("gpus");
                h.gpus().forEach(gpus::add);
            }
            j.leaves().forEach(lv::add);
            // The harness also prints Slurm's NodeList; its compare.py matches on it.
            o.put("nodelist", nodelist);
        } else {
            o.putNull("nodelist");
        }
        return o;
    }

    private static ObjectNode rejected(ReplayEvent.Rejected r) {
        ObjectNode o = JSON.createObjectNode();
        o.put("type", "job");
        o.put("when", ReplayEvent.Moment.SUBMIT.harnessName());
        o.put("name", r.name());
        ArrayNode a = o.putArray("args");
        r.args().forEach(a::add);
        o.put("state", "REJECTED");
        // a refusal already worded as sbatch prints it (allocator RejectionWords) is printed as it is
        o.put("submit_error", r.error().startsWith("sbatch: ") ? r.error()
                : "sbatch: error: Batch job submission failed: " + r.error());
        return o;
    }
}
