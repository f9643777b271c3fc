package org.topoplanner.allocator.planner;

import java.util.BitSet;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.RecentlyAsked;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.allocator.slurm.SlurmBinding;
import org.topoplanner.allocator.slurm.SlurmJobSpec;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The hosts Slurm's binding rules refuse a job in a state ({@link SlurmBinding#refused}), asked again only on
 * the hosts whose use changed since the last state this job shape was asked on: each node's verdict reads only
 * its own layout and use (and its free memory, which only the jobs on it change). A what-if replay asks a few
 * dozen shapes on states one job apart, and asking every
 * node of a 4,096-host cluster per suggestion was a third of the planner's time there. Callers must not change
 * the set.
 */
final class BindingRefusals {
    /** Shapes remembered per cluster: a replay's shapes (1-8 GPUs on one node, 1-32 nodes x 8) fit. */
    private static final int SHAPES_KEPT = 64;

    /**
     * What the verdicts read of a job: everything Slurm keeps of it but its name, and its memory options (a per-CPU
     * figure caps a node's CPU count in the verdict; the cluster's defaults stand for absent options, and the answers
     * are kept per cluster).
     */
    private record Shape(SlurmJobSpec spec, SlurmVersion version, Long mem, Long memPerCpu, Long memPerGpu) {
    }

    /** One shape's answer on one state's usage. */
    private record Answer(StateUsage usage, BitSet refused) {
    }

    /** The latest answer per shape on one cluster, least recently asked shape dropped first. */
    private static final class LastAnswers extends RecentlyAsked<Shape, Answer> {
        LastAnswers() {
            super(SHAPES_KEPT);
        }
    }

    private BindingRefusals() {
    }

    static BitSet of(ClusterState state, JobRequest job, SlurmVersion version) {
        Shape shape = new Shape(SlurmJobSpec.of(job.withName("")), version, job.memMiB(), job.memPerCpuMiB(),
                job.memPerGpuMiB());
        return state.derived(shape, s -> fromLast(s, shape, job, version));
    }

    private static BitSet fromLast(ClusterState state, Shape shape, JobRequest job, SlurmVersion version) {
        StateUsage usage = state.usage();
        LastAnswers last = ClusterIndex.of(state.cluster()).derived(LastAnswers.class, c -> new LastAnswers());
        Answer before;
        synchronized (last) {
            before = last.get(shape);
        }
        BitSet refused = before == null ? SlurmBinding.refused(state, job, version)
                : SlurmBinding.refusedAgain(before.refused(), state, usage.changedSince(before.usage()), job, version);
        synchronized (last) {
            last.put(shape, new Answer(usage, refused));
        }
        return refused;
    }
}
