package org.topoplanner.allocator.planner;

import java.util.Arrays;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.model.job.JobRequest;

/**
 * The rounding's spare GPUs and tasks taken off a plan's even shares ({@link NodeDemand#spareGpus},
 * {@link NodeDemand#spareTasks}): that many nodes take one GPU (and, with {@code --cpus-per-gpu}, its CPUs) or one
 * task (its CPUs, and its {@code --gpus-per-task} GPUs) fewer, the last ones first; a node whose trimmed choice does
 * not fit keeps its share and the next one back trims instead. Slurm gives a {@code --gpus=N} job exactly N: a plan
 * that cannot trim enough GPUs is no plan ({@code --gpus=9 --cpus-per-gpu=2} enforce-binding as 2x5 once gave ten,
 * UnevenSplitPropertyTest seed 102334155); tasks left untrimmed only hold CPUs Slurm would not.
 *
 * <p>Under a per-CPU memory figure too: each node's placement carries the CPUs of the demand it was sized by
 * ({@link #demands}, {@code HostAllocation.countedCpus}), so its memory is charged on them ({@code FreeMemory.heldBy}),
 * never more than the memory test paid for the full share (CI's seed -1947, {@code -N2 -n5 --mem-per-cpu=2500} on
 * mem2b under 26.05: 4 + 2 CPUs read back from the cores charged four tasks on t1, where the planner gave it three).
 *
 * @param choices per node of the plan (in its order), the use of the node after the trim
 * @param demands per node, the demand it was sized by: the even share's, or the trimmed one's
 */
record SpareTrim(NodeChoice[] choices, NodeDemand[] demands) {

    /**
     * The shares of a plan on {@code hosts} whose even choices are {@code even}, with the spare GPUs and tasks taken
     * off; {@code null} when the spare GPUs cannot all come off.
     */
    static SpareTrim of(ClusterIndex index, StateUsage usage, JobRequest job, NodeDemand demand, int[] hosts,
                        NodeChoice[] even) {
        NodeChoice[] chosen = even.clone();
        NodeDemand[] sized = new NodeDemand[chosen.length];
        Arrays.fill(sized, demand);
        int spareGpus = demand.gpus() > 0 ? demand.spareGpus() : 0;
        int spareTasks = NodeDemand.spareTasks(job, demand.nodes());
        for (int i = chosen.length - 1; i >= 0 && (spareGpus > 0 || spareTasks > 0); i--) {
            int h = hosts[i];
            NodeShape shape = index.shape(h);
            long free = shape.gpuPositions() & ~usage.usedGpuPositions(h);
            boolean[][] tries = spareGpus > 0 && spareTasks > 0
                    ? new boolean[][] {{true, true}, {false, true}, {true, false}}
                    : new boolean[][] {{spareTasks > 0, spareGpus > 0}};
            for (boolean[] t : tries) {
                NodeDemand fewerDemand = demand.trimmed(job, t[0], t[1]);
                NodeChoice fewer = NodeFit.chooseBinding(shape, free, PlanSearch.freeCores(shape, usage, h),
                        fewerDemand, fewerDemand.gpus());
                if (fewer != null) {
                    chosen[i] = fewer;
                    sized[i] = fewerDemand;
                    spareTasks -= t[0] ? 1 : 0;
                    spareGpus -= t[1] ? 1 : 0;
                    break;
                }
            }
        }
        return spareGpus > 0 ? null : new SpareTrim(chosen, sized);
    }
}
