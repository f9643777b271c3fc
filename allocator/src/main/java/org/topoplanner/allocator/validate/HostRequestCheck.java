package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.HostAllocation;

/**
 * The hosts themselves against the cluster and the request: hosts the cluster lacks, hosts listed twice,
 * {@code --nodelist} hosts left out and {@code --exclude} hosts used. All are errors: Slurm rejects an
 * unknown name ("Invalid node name specified") and never places a job against its node lists.
 */
final class HostRequestCheck implements PlacementCheck {

    @Override
    public List<Violation> check(CheckContext c) {
        List<Violation> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Set<String> reportedTwice = new LinkedHashSet<>();
        for (HostAllocation a : c.placement.hosts()) {
            String h = a.host();
            if (!seen.add(h)) {
                if (reportedTwice.add(h)) {
                    out.add(Violation.of(ViolationCode.DUPLICATE_HOST, Severity.ERROR, List.of(h),
                            h + " is listed more than once in the placement of " + c.job()
                                    + "; a job holds a host once"));
                }
                continue;
            }
            if (!c.isKnown(h)) {
                out.add(Violation.of(ViolationCode.UNKNOWN_HOST, Severity.ERROR, List.of(h),
                        "The cluster has no host " + h + "; Slurm rejects the name (Invalid node name specified)"));
            }
        }
        for (String h : c.request.nodelist()) {
            if (!seen.contains(h)) {
                out.add(Violation.of(ViolationCode.NODELIST_VIOLATED, Severity.ERROR, List.of(h),
                        h + " is in the request's --nodelist but not in the placement; Slurm gives a job every"
                                + " host of its node list"));
            }
        }
        Set<String> excluded = new HashSet<>(c.request.exclude());
        for (String h : seen) {
            if (excluded.contains(h)) {
                out.add(Violation.of(ViolationCode.EXCLUDED_NODE, Severity.ERROR, List.of(h),
                        h + " is in the request's --exclude but the placement uses it"));
            }
        }
        return out;
    }
}
