package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * {@code RESOURCE_OVERCOMMIT}: a GPU or core that a running job holds, a node a running job holds whole
 * ({@code --exclusive}) or a base block it holds whole ({@code --exclusive=topo}), or a node this job wants
 * whole while others run there. Cores are compared, not CPU ids: Slurm gives a core to one job only.
 * Always an error.
 */
final class OvercommitCheck implements PlacementCheck {

    @Override
    public List<Violation> check(CheckContext c) {
        List<Violation> out = new ArrayList<>();
        // Only the jobs on a host can clash there unless blocks are held whole (by a running job, or by this one
        // with --exclusive=topo), and an idle host has none: skip the visit of every running job for each idle
        // host a suggestion gives the job.
        boolean blocksMatter = !c.cluster.fabric().blocks().isEmpty()
                && (c.request.exclusiveTopo() || c.state.running().keySet().stream()
                        .anyMatch(j -> c.state.hold(j) == ClusterState.Hold.WHOLE_BLOCKS));
        for (HostAllocation mine : c.knownAllocations()) {
            String h = mine.host();
            if (!blocksMatter && c.state.isIdle(h)) {
                continue;
            }
            SlurmCpuIds ids = ClusterIndex.of(c.cluster).cpuIdsOf(h);
            CpuSet myCores = ids.coresOfCpus(mine.cpus());
            for (Map.Entry<String, Placement> run : c.state.running().entrySet()) {
                String other = run.getKey();
                HostAllocation theirs = run.getValue().on(h).orElse(null);
                if (theirs != null && c.state.hold(other) == ClusterState.Hold.WHOLE_NODES) {
                    out.add(Violation.of(ViolationCode.RESOURCE_OVERCOMMIT, Severity.ERROR,
                            List.of(h, Elements.job(other)),
                            h + " is held whole by job " + other + " (--exclusive)"));
                    continue;
                }
                List<Violation> block = blockHold(c, h, other, run.getValue());
                if (!block.isEmpty() || theirs == null) {
                    out.addAll(block);
                    continue;
                }
                if (c.request.exclusive()) {
                    out.add(Violation.of(ViolationCode.RESOURCE_OVERCOMMIT, Severity.ERROR,
                            List.of(h, Elements.job(other)),
                            c.job() + " asks for whole nodes (--exclusive) but job " + other + " runs on " + h));
                    continue;
                }
                List<Integer> gpus = mine.gpus().stream().filter(theirs.gpus()::contains).toList();
                if (!gpus.isEmpty()) {
                    List<String> el = Elements.gpuElements(h, gpus);
                    el.add(Elements.job(other));
                    out.add(Violation.of(ViolationCode.RESOURCE_OVERCOMMIT, Severity.ERROR, el,
                            h + " " + Elements.gpus(gpus) + (gpus.size() == 1 ? " is" : " are")
                                    + " already held by job " + other));
                }
                CpuSet shared = myCores.intersection(ids.coresOfCpus(theirs.cpus()));
                if (!shared.isEmpty()) {
                    out.add(Violation.of(ViolationCode.RESOURCE_OVERCOMMIT, Severity.ERROR,
                            List.of(h, Elements.job(other)),
                            h + " " + Elements.cores(shared) + (shared.size() == 1 ? " is" : " are")
                                    + " already held by job " + other));
                }
            }
        }
        return out;
    }

    /** A host in a base block that {@code other} holds whole, or that this job wants whole while {@code other} runs in it. */
    private static List<Violation> blockHold(CheckContext c, String host, String other, Placement theirs) {
        boolean theyHoldBlocks = c.state.hold(other) == ClusterState.Hold.WHOLE_BLOCKS;
        if (!theyHoldBlocks && !c.request.exclusiveTopo()) {
            return List.of();
        }
        for (Block b : c.cluster.fabric().blocks()) {
            if (b.nodes().contains(host) && b.nodes().stream().anyMatch(n -> theirs.on(n).isPresent())) {
                String sentence = theyHoldBlocks
                        ? host + " is in block " + b.name() + ", which job " + other + " holds whole (--exclusive=topo)"
                        : c.job() + " asks for whole blocks (--exclusive=topo) but job " + other + " runs in block "
                                + b.name() + " of " + host;
                return List.of(Violation.of(ViolationCode.RESOURCE_OVERCOMMIT, Severity.ERROR,
                        List.of(host, b.name(), Elements.job(other)), sentence));
            }
        }
        return List.of();
    }
}
