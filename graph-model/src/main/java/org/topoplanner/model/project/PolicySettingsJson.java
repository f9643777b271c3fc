package org.topoplanner.model.project;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.k8s.VolcanoMode;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@link PolicySettings} as the {@code view.policySettings} object of a project, every value spelled as
 * the kubelet, Volcano and Kueue spell it:
 * <pre>{"slurmVersion": "24.11", "topologyManagerPolicy": "restricted", "topologyManagerScope": "pod",
 *  "volcano": {"mode": "hard", "highestTierAllowed": 1},
 *  "kueue": {"mode": "required", "level": "topoplanner.org/tier-1"}}</pre>
 * The object is new beside the old {@code view.policy} text, so older TopoPlanner versions, which ignore
 * fields they do not know, still open newer projects.
 */
final class PolicySettingsJson {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private PolicySettingsJson() {
    }

    static ObjectNode write(PolicySettings s) {
        ObjectNode o = F.objectNode();
        NodeTopologyJson.putNullable(o, "slurmVersion", s.slurmVersion() == null ? null : s.slurmVersion().label());
        o.put("topologyManagerPolicy", s.topologyManager().flag())
                .put("topologyManagerScope", s.topologyScope().flag());
        TopologyConstraints t = s.jobTopology();
        ObjectNode volcano = o.putObject("volcano").put("mode", t.volcanoMode().word());
        NodeTopologyJson.putNullable(volcano, "highestTierAllowed", t.volcanoHighestTier());
        ObjectNode kueue = o.putObject("kueue").put("mode", (t.kueueMode() == null ? KueueMode.NONE : t.kueueMode()).word());
        NodeTopologyJson.putNullable(kueue, "level", t.kueueLevel());
        return o;
    }

    static PolicySettings read(JsonFields o) {
        TopologyManagerPolicy tm = word(o, "topologyManagerPolicy", TopologyManagerPolicy::parse,
                TopologyManagerPolicy.values(), TopologyManagerPolicy.DEFAULT);
        TopologyManagerScope scope = word(o, "topologyManagerScope", TopologyManagerScope::parse,
                TopologyManagerScope.values(), TopologyManagerScope.DEFAULT);
        TopologyConstraints t = TopologyConstraints.NONE;
        if (o.has("volcano")) {
            JsonFields v = o.object("volcano");
            VolcanoMode mode = word(v, "mode", VolcanoMode::parse, VolcanoMode.values(), VolcanoMode.HARD);
            Integer tier = v.optInteger("highestTierAllowed");
            t = NodeTopologyJson.guard(v, "highestTierAllowed", () -> TopologyConstraints.NONE.withVolcano(mode, tier));
        }
        if (o.has("kueue")) {
            JsonFields k = o.object("kueue");
            KueueMode mode = word(k, "mode", KueueMode::parse, KueueMode.values(), KueueMode.NONE);
            String level = k.optString("level");
            TopologyConstraints volcano = t;
            t = NodeTopologyJson.guard(k, "level", () -> volcano.withKueue(mode, level));
        }
        SlurmVersion slurm = null;
        if (o.has("slurmVersion")) {
            String label = o.string("slurmVersion");
            slurm = SlurmVersion.parse(label).orElseThrow(() -> new JsonShapeException(o.pointer("slurmVersion"),
                    "unknown Slurm version \"" + label + "\"; known: " + String.join(", ", SlurmVersion.labels())));
        }
        return new PolicySettings(slurm, tm, scope, t);
    }

    /** A value of a fixed set by its spelling; absent gives {@code fallback}, anything else a located error. */
    private static <E extends Enum<E>> E word(JsonFields o, String field, Function<String, Optional<E>> parse,
                                              E[] values, E fallback) {
        if (!o.has(field)) {
            return fallback;
        }
        String text = o.string(field);
        return parse.apply(text).orElseThrow(() -> new JsonShapeException(o.pointer(field), "expected one of "
                + String.join(", ", Arrays.stream(values).map(Object::toString).toList()) + " at "
                + o.pointer(field) + ", not '" + text + "'"));
    }
}
