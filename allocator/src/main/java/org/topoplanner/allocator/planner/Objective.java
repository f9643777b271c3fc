package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.FabricDomains;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * The planner's {@link Score} of any placement of a job, whoever made it (another policy, or a
 * user dragging nodes): the same vector the planner minimises, so placements of one job on one
 * state can be compared, and the planner's claim to be never worse can be checked.
 *
 * <p>A node's quality is taken from the GPUs and cores the placement gives it; cores count as
 * misaligned when fewer of them than the job needs sit on the GPUs' affine cores. A placement that
 * gives a node fewer cores than the job needs (Kubernetes pods that ask for GPUs only) is judged as if
 * the missing cores were the best free ones, as the planner would add them. Hosts the
 * cluster does not have are skipped. Hosts that no one domain joins span tier {@code maxTier + 1}.
 */
public final class Objective {
    private Objective() {
    }

    public static Score of(ClusterState before, JobRequest job, Placement placement) {
        ClusterIndex index = ClusterIndex.of(before.cluster());
        StateUsage usage = before.usage();
        FabricDomains dom = index.domains();
        Layout layout = new Layout(dom.maxTier());
        List<Integer> hosts = new ArrayList<>();
        for (HostAllocation a : placement.hosts()) {
            int h = index.number(a.host());
            if (h >= 0) {
                hosts.add(h);
            }
        }
        NodeDemand demand = NodeDemand.of(job, Math.max(1, hosts.size()));
        Candidates cand = PlanSearch.candidates(index, usage, job, demand);
        long[] v = new long[layout.length()];
        int[] hs = hosts.stream().mapToInt(Integer::intValue).toArray();
        if (hs.length > 1) {
            int lca = dom.lowestCommon(hs);
            v[0] = lca < 0 ? dom.maxTier() + 1 : dom.get(lca).tier();
        }
        Map<Integer, Integer> taken = new HashMap<>();
        for (int h : hs) {
            for (int d = dom.domainOf(h); d >= 0; d = dom.get(d).parent()) {
                taken.merge(d, 1, Integer::sum);
            }
        }
        taken.forEach((d, k) -> {
            FabricDomains.Domain x = dom.get(d);
            v[layout.count(x.tier())]++;
            if (cand.idle[d] && k < x.hosts().length) {
                v[layout.broken(x.tier())]++;
            }
            v[layout.left(x.tier())] += cand.usable[d] - k;
        });
        for (HostAllocation a : placement.hosts()) {
            int h = index.number(a.host());
            if (h < 0) {
                continue;
            }
            long[] c = nodeCost(index, usage, h, a, demand);
            for (int i = 0; i < Layout.NODE; i++) {
                v[layout.node() + i] += c[i];
            }
        }
        return new Score(layout, v);
    }

    private static long[] nodeCost(ClusterIndex index, StateUsage usage, int h, HostAllocation a, NodeDemand d) {
        NodeShape shape = index.shape(h);
        long all = shape.gpuPositions();
        long free = all & ~usage.usedGpuPositions(h);
        long s = 0;
        for (int g : a.gpus()) {
            int p = shape.position(g);
            if (p >= 0) {
                s |= 1L << p;
            }
        }
        SlurmCpuIds ids = index.cpuIds(h);
        BitSet cores = new BitSet();
        a.cpus().stream().forEach(id -> cores.set(ids.coreOfCpu(id)));
        BitSet affine = new BitSet();
        if (s == 0) {
            affine.set(0, shape.cores());
        }
        for (long b = s; b != 0; b &= b - 1) {
            affine.or(shape.affineCores(Long.numberOfTrailingZeros(b)));
        }
        BitSet on = (BitSet) cores.clone();
        on.and(affine);
        int need = d.cores(ids.threadsPerCore());
        int misaligned = Math.max(0, Math.min(cores.cardinality(), need) - on.cardinality());
        int missing = need - Math.min(cores.cardinality(), need);
        if (missing > 0) {
            // Cores the placement leaves out (a pod that asks for GPUs only) go where the planner would put
            // them, on free affine cores first; otherwise a core-less placement would look perfectly aligned.
            BitSet spare = (BitSet) affine.clone();
            spare.andNot(usage.usedCores(h));
            spare.andNot(cores);
            spare.clear(shape.cores(), Math.max(shape.cores(), spare.length()));
            misaligned += Math.max(0, missing - spare.cardinality());
        }
        long[] q = s == 0 ? new long[NodeFit.QUALITY] : NodeFit.quality(shape, s, free, misaligned);
        NodeChoice c = new NodeChoice(s, cores, new int[shape.gpus()], q);
        return Candidates.nodeCost(shape, free, usage.usedCores(h).cardinality(), usage.idle(h), c, index.weight(h));
    }
}
