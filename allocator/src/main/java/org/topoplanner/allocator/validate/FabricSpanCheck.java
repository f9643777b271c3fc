package org.topoplanner.allocator.validate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.MaxSwitchWait;
import org.topoplanner.allocator.metrics.FabricSpan;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.SlurmTime;

/**
 * The placement's reach in the fabric against hard limits: hosts no switch reaches or that share no
 * switch ({@code UNREACHABLE_NODE}, error: Slurm's tree plugin cannot place a job across them),
 * {@code --switches} ({@code SWITCH_LIMIT}, warning: Slurm holds the job with {@code Reason=Resources} up to
 * the wait time and then runs it on the same nodes), and the allowed tier ({@code TIER_LIMIT}: an error
 * when the limit is hard, a warning when it is a preference).
 */
final class FabricSpanCheck implements PlacementCheck {

    @Override
    public List<Violation> check(CheckContext c) {
        List<Violation> out = new ArrayList<>();
        FabricSpan span = c.span();
        boolean hasSwitches = !c.cluster.fabric().switches().isEmpty();
        if (hasSwitches) {
            for (String h : span.unreachable()) {
                out.add(Violation.of(ViolationCode.UNREACHABLE_NODE, Severity.ERROR, List.of(h),
                        h + " is cabled to no switch; Slurm's topology plugin places no job on a node outside"
                                + " every switch"));
            }
            if (!span.connected()) {
                List<String> roots = new ArrayList<>();
                for (String h : c.knownHostNames()) {
                    List<String> chain = c.tree.chain(h);
                    if (!chain.isEmpty() && !roots.contains(chain.get(chain.size() - 1))) {
                        roots.add(chain.get(chain.size() - 1));
                    }
                }
                out.add(Violation.of(ViolationCode.UNREACHABLE_NODE, Severity.ERROR, roots,
                        "The hosts of " + c.job() + " hang off separate fabrics (tops " + Elements.and(roots)
                                + ") that no switch joins"));
            }
        }
        Integer limit = c.request.switches();
        if (limit != null && limit > 0 && span.leaves().size() > limit) {
            Duration wait = MaxSwitchWait.of(c.cluster).grant(c.request.switchesWait());
            out.add(Violation.of(ViolationCode.SWITCH_LIMIT, Severity.WARNING, span.leaves(),
                    c.job() + " spans " + span.leaves().size() + " leaves (" + Elements.and(span.leaves())
                            + "), more than --switches=" + limit + "; Slurm holds it (Reason=Resources) for up to "
                            + SlurmTime.format(wait) + " and then runs it here anyway"));
        }
        c.options.tier().ifPresent(t -> {
            if (span.highestTier() > t.highestTier()) {
                List<String> reachable = c.knownHostNames().stream().filter(h -> c.tree.leaf(h).isPresent()).toList();
                String top = FabricSpan.commonSwitch(c.tree, reachable).orElse("?");
                out.add(Violation.of(ViolationCode.TIER_LIMIT, t.hard() ? Severity.ERROR : Severity.WARNING,
                        List.of(top), c.job() + " spans up to tier " + span.highestTier() + " (its hosts meet only at "
                                + top + "), above " + t.origin() + (t.hard() ? "; the scheduler will not place it so"
                                : "; allowed as a preference, but slower")));
            }
        });
        return out;
    }
}
