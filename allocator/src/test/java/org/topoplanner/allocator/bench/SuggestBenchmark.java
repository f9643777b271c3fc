package org.topoplanner.allocator.bench;

import java.util.List;
import org.openjdk.jmh.annotations.Param;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * One suggestion, as a drag-over event asks it, for every policy: on the 16,384-host 3-level fat tree
 * (one Slurm base block of 1,024 hosts per pod, so that {@code slurm-block} has blocks) with 60% of the hosts busy
 * whole, a 256-node x 8-GPU job, a 64-node x 8-GPU job and a 64-node CPU-only job ({@code -N 64}), and two
 * jobs that do not place (issue 15): {@code -N64 --gpus=1000} (more GPUs than 64 nodes of 8 hold: refused by
 * every policy) and {@code -N1 --gpus=16} (one node of 8 GPUs: Slurm 26.05 keeps it pending, since its one-node
 * test adds up the usable nodes' GPUs; the others refuse it).
 * Slurm 26.05 by default; {@code -p release=22.05,24.11} asks the same of the older releases (their tree retry and
 * one-node rules differ, and the planner holds its answers against {@code slurm-tree} of the release).
 * The cluster index is built in the set-up (once per cluster in the product too), and so is every
 * policy's first answer, so the per-cluster tables exist. {@link #suggestAfterChange} and
 * {@link #suggestAfterJobMoved} ask on a new state each time (no host changed, or one host's job came or went),
 * so every per-state answer is made again: the first suggestion after a change (issue 15). The three measures and the
 * state are {@link AbstractSuggestBenchmark}'s. {@link CompareBenchmark} asks all six.
 */
public class SuggestBenchmark extends AbstractSuggestBenchmark {
    @Param({"slurm-tree", "slurm-block", "k8s-default", "kueue-tas", "volcano", "planner"})
    public String policy;

    @Param({"gpu256", "gpu64", "cpu64", "gpuTooMany", "oneNodeGpuSum"})
    public String job;

    /** The Slurm release the policies follow ({@code -p release=22.05,24.11} for the older ones). */
    @Param({"26.05"})
    public String release;

    /**
     * The jobs by name: {@code -N 256 --gpus-per-node=8}, {@code -N 64 --gpus-per-node=8}, {@code -N 64}, and
     * {@code partitionBig}: {@code -p big -N 64 --gpus-per-node=8 --time=1-12:00:00} (a partition of its own, with a
     * time limit to test against {@code MaxTime}; on the {@code plain} cluster, without partitions, {@code -p} is not
     * read and the job is {@code gpu64}).
     */
    static JobRequest job(String name) {
        return switch (name) {
            case "gpu256" -> JobRequest.nodesWithGpus("j", 256, 8);
            case "gpu64" -> JobRequest.nodesWithGpus("j", 64, 8);
            case "cpu64" -> JobRequest.builder().name("j").nodes(64).build();
            case "gpuTooMany" -> JobRequest.builder().name("j").nodes(64, 64).gpus(1000).build();
            case "oneNodeGpuSum" -> JobRequest.builder().name("j").nodes(1, 1).gpus(16).build();
            case "partitionBig" -> JobRequest.nodesWithGpus("j", 64, 8).toBuilder().partition("big")
                    .notes(List.of("--time=1-12:00:00")).build();
            default -> throw new IllegalArgumentException("no benchmark job " + name);
        };
    }

    /**
     * The answer policy {@code id} must give the job under {@code release}: a placement, except for the jobs that do
     * not place, and for {@code slurm-block} under 22.05, which has no {@code topology/block}.
     */
    static Class<? extends Suggestion> expected(String job, PolicyId id, SlurmVersion release) {
        if (id == PolicyId.SLURM_BLOCK && release == SlurmVersion.V22_05) {
            return Suggestion.Impossible.class;
        }
        return switch (job) {
            case "gpuTooMany" -> Suggestion.Impossible.class;
            // only 26.05's one-node test adds up the usable nodes' GPUs and waits; 22.05 and 24.11 refuse it
            case "oneNodeGpuSum" -> (id == PolicyId.SLURM_TREE || id == PolicyId.SLURM_BLOCK)
                    && release == SlurmVersion.V26_05 ? Suggestion.Pending.class : Suggestion.Impossible.class;
            default -> Suggestion.Placed.class;
        };
    }

    @Override
    protected JobRequest measuredJob() {
        return job(job);
    }

    /** Every policy answers once, as {@link #expected} says it must (so every policy's per-cluster tables exist). */
    @Override
    protected PlacementPolicy measuredPolicy(ClusterState state, JobRequest request) {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        PlacementPolicy chosen = null;
        for (PolicyId id : PolicyId.values()) {
            PlacementPolicy p = policyUnder(id, release);
            Suggestion s = p.suggest(state, request);
            if (!expected(job, id, v).isInstance(s)) {
                throw new IllegalStateException(id.id() + " must answer the benchmark job " + job + " under "
                        + release + " with " + expected(job, id, v).getSimpleName() + ": " + s);
            }
            if (id.id().equals(policy)) {
                chosen = p;
            }
        }
        if (chosen == null) {
            throw new IllegalArgumentException("no policy " + policy);
        }
        return chosen;
    }
}
