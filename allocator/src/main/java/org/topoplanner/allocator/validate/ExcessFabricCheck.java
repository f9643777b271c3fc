package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.topoplanner.allocator.metrics.FabricSpan;
import org.topoplanner.model.diag.Severity;

/**
 * {@code CROSS_LEAF} and {@code CROSS_SPINE}: the placement uses more domains of a tier than the free
 * resources make necessary ({@link MinimumDomains}), so its collectives cross more switches than they must.
 * Warnings, one per tier: leaves are tier 1, spines tier 2 and anything above is reported as
 * {@code CROSS_SPINE} with its tier named.
 */
final class ExcessFabricCheck implements PlacementCheck {

    @Override
    public List<Violation> check(CheckContext c) {
        List<Violation> out = new ArrayList<>();
        FabricSpan span = c.span();
        if (c.knownHostNames().size() < 2 || !span.connected()) {
            return out;
        }
        MinimumDomains min = null;
        for (int tier = 1; tier <= c.tree.maxTier(); tier++) {
            int used = span.domains(tier);
            if (used <= 1) {
                continue;
            }
            if (min == null) {
                min = new MinimumDomains(c);
            }
            OptionalInt need = min.at(tier);
            if (need.isEmpty() || used <= need.getAsInt()) {
                continue;
            }
            List<String> domains = domains(c, tier);
            int more = used - need.getAsInt();
            String what = tier == 1 ? "leaves" : tier == 2 ? "spines (tier-2 switches)" : "tier-" + tier + " switches";
            out.add(Violation.of(tier == 1 ? ViolationCode.CROSS_LEAF : ViolationCode.CROSS_SPINE, Severity.WARNING,
                    domains, c.job() + " uses " + used + " " + what + " (" + Elements.and(domains) + ") where "
                            + need.getAsInt() + " could hold it with the resources free now: " + more + " more than"
                            + " needed"));
        }
        return out;
    }

    private static List<String> domains(CheckContext c, int tier) {
        List<String> out = new ArrayList<>();
        for (String h : c.knownHostNames()) {
            c.tree.domain(h, tier).filter(d -> !out.contains(d)).ifPresent(out::add);
        }
        return out;
    }
}
