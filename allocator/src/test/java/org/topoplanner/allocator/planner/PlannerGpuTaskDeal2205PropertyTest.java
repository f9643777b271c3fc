package org.topoplanner.allocator.planner;


import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05.8's task deal for GPU jobs other than {@code --ntasks-per-gpu}: {@code -n} beside {@code --gpus-per-node},
 * {@code --gpus}, {@code --gpus-per-task} or {@code --cpus-per-gpu}. {@code _select_cores} ({@code cons_tres/job_test.c})
 * hands {@code gres_select_filter_sock_core} only a copy of {@code avail_cpus}; {@code _eval_nodes_topo}'s
 * {@code _cpus_to_use} lowers it and {@code dist_tasks_compute_c_b} ({@code cons_common/dist_tasks.c}) deals the tasks
 * over what is left. On random states of {@link BindingClusters} (one or two threads a core, GPUs on either socket),
 * the planner (22.05) places only what {@code slurm-tree} places, and on each node it chose holds no more CPUs than
 * one of {@code slurm-tree}'s picks of those nodes (its own, or the one asked for exactly those nodes with {@code -w}),
 * and slurm-tree runs it on those nodes named with {@code -w} unless they are its own pick
 * ({@link SlurmPickDomination}).
 */
class PlannerGpuTaskDeal2205PropertyTest {
    private static final SlurmPickDomination CHECK = new SlurmPickDomination();

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    /**
     * Enabled by d25q (2026-12-07): d25p's own deal (the GPU filter's task cut over the nodes' free GPUs) failed on 36
     * of seeds 0-599, for causes it could not model on the counts alone: 22.05's first pass clears the cores of sockets
     * without a free GPU and outside {@code req_sock} ({@code gres_select_filter_sock_core}), a {@code --gpus} or
     * {@code --gpus-per-task} node is bounded by the GPUs the evaluation picks there, not its free ones, and
     * {@code _cpus_to_use} lowers in the order nodes are added. The planner now reads a GPU job's per-node counts from
     * slurm-tree on exactly its nodes ({@link GpuFilterOnNodes}): 0 of seeds -2000..2999 fail.
     */
    @Property(tries = 300)
    void holdsNoMoreCpusThanSlurmOnItsOwnNodes(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        Cluster c = BindingClusters.tree(r);
        ClusterState s = BindingClusters.occupy(r, c);
        CHECK.check(s, randomJob(r), seed);
    }

    /**
     * Seed -144: {@code -N2 -n6 --gpus-per-task=1} on n03 and n04 (one-thread, 16 cores, 4 GPUs each; n03 and n04
     * free). slurm-tree holds 4 + 2 CPUs (the GPU filter holds each node to its four GPUs' tasks and cuts the count
     * {@code _cpus_to_use} lowers from to their 4 CPUs; n04 keeps the 2 left); the planner held its even 3 + 3, its
     * deal over the uncut counts (5 + 1) leaving the sixth task no room.
     */
    @Example
    void seedMinus144CutsEachNodeToItsGpusTasks() {
        holdsNoMoreCpusThanSlurmOnItsOwnNodes(-144L);
    }

    /**
     * Seed -1195: {@code -N2 -n6 --gpus-per-node=1} on n04 and n05 (two-thread nodes, GPUs on either socket). 22.05's
     * first pass leaves n04 only the cores of its free GPU's socket (one core, CPUs 8-9): slurm-tree {@code -w} holds
     * 2 + 4 CPUs; the planner dealt its 3 + 3 over n04's free cores on both sockets (d25p's cause (a)).
     */
    @Example
    void seedMinus1195KeepsOnlyTheGpuSocketsCores() {
        holdsNoMoreCpusThanSlurmOnItsOwnNodes(-1195L);
    }

    /**
     * Seed -610: {@code -N3 -n8 --gpus=5} on n03, n04, n05: slurm-tree {@code -w} holds 2 + 4 + 2 CPUs (n03 keeps the
     * one core beside its GPUs); the planner dealt 4 + 2 + 2, two cores on n03 (cause (a), with a per-job count).
     */
    @Example
    void seedMinus610KeepsOnlyTheGpuSocketsCoresOfAPerJobCount() {
        holdsNoMoreCpusThanSlurmOnItsOwnNodes(-610L);
    }

    /**
     * Seed 45: {@code -N2 -n8 --gpus-per-task=1} on n01 (five free GPUs) and n02: 22.05 picks four GPUs on each for
     * the job's eight ({@code gres_sched_add}), so slurm-tree holds 4 + 4 tasks and CPUs; the planner's cut over n01's
     * five free GPUs dealt 5 + 3 (6 CPUs on n01; d25p's cause (b)). Real 22.05.8 holds the same 4 + 4 (c26d1 j45).
     */
    @Example
    void seed45BoundsEachNodeByTheGpusPickedThere() {
        holdsNoMoreCpusThanSlurmOnItsOwnNodes(45L);
    }

    /**
     * Seed 382: {@code -N2 -n5 --gpus-per-node=1 --cpus-per-gpu=3} on n05 and n06 (two-thread cores): slurm-tree
     * {@code -w} holds 4 + 2 CPUs, n06 fewer than its GPU's three; the planner raised n06 to the GPU's 3 CPUs (two
     * cores, 4). Slurm's count is taken as it is, not raised to {@code --cpus-per-gpu}: real 22.05.8 holds the same
     * 4 + 2 on this state (probe c26d1, job j382w; {@code gres_min_cpus} raises a node only with enforce-binding).
     */
    @Example
    void seed382TakesSlurmsCountBelowTheGpusCpus() {
        holdsNoMoreCpusThanSlurmOnItsOwnNodes(382L);
    }

    /**
     * Seed 2995: {@code -N2 -n6 --gpus=2 --cpus-per-gpu=1}. The planner's own nodes were n04 and n05 (one-thread
     * cores, n05 one free GPU), which 22.05's required-node loop counts short of the 6 CPUs: {@code gres_sched_add}
     * counts a node's CPUs only up to its usable GPUs x 1, so slurm-tree {@code -w} waits. The planner now places it
     * as slurm-tree does (n02 and n04), which runs named as well; it kept n04 and n05 with its even 3 + 3 before.
     */
    @Example
    void seed2995TakesSlurmsNodesWhereItsRequiredNodeLoopRefusesThePlanners() {
        Random r = new Random(2995L);
        Cluster c = BindingClusters.tree(r);
        ClusterState s = BindingClusters.occupy(r, c);
        String options = randomJob(r);
        PolicyOptions v2205 = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05);
        assertThat(options).isEqualTo("-N2 -n6 --gpus=2 --cpus-per-gpu=1");
        assertThat(new SlurmTreePolicy(v2205).suggest(s, PlannerPolicyTest.job("-w n04,n05 " + options)))
                .isInstanceOf(Suggestion.Pending.class);
        Suggestion.Placed mine = (Suggestion.Placed) new PlannerPolicy(v2205)
                .suggest(s, PlannerPolicyTest.job(options));
        assertThat(mine.placement().hostNames()).containsExactly("n02", "n04");
        assertThat(mine.notes().get(0)).contains("required-node loop refuses the planner's own nodes n04,n05");
        assertThat(new SlurmTreePolicy(v2205).suggest(s, PlannerPolicyTest.job("-w n02,n04 " + options)))
                .isInstanceOf(Suggestion.Placed.class);
    }

    /**
     * p26n's twelve seeds of seeds -2000..2999 where the planner's nodes were ones slurm-tree 22.05 refuses named with
     * {@code -w} (all {@code --cpus-per-gpu}; ten {@code --gpus=N}, two {@code --gpus-per-task=1}): each now places on
     * nodes slurm-tree runs named, or on slurm-tree's own pick (-1100 and -508: its own weight-group loop filters every
     * node at the whole GPU count, the required-node loop at what the earlier nodes left, {@link OwnNodesNamed}).
     * -23 ({@code -N1 -n4 --gpus=2 --cpus-per-gpu=3}): n05's first pass credits 1 GPU (socket 0 has no free core), and
     * the second pass no more ({@code FirstPassGpuTotal}), so it counts 3 of the 6 CPUs.
     */
    @Example
    void p26nsTwelveSeedsPlaceOnlyWhereSlurmRunsThem() {
        for (long seed : new long[] {-1741, -1100, -903, -508, -420, -244, -23, 846, 2077, 2250, 2263, 2995}) {
            holdsNoMoreCpusThanSlurmOnItsOwnNodes(seed);
        }
    }

    @AfterContainer
    static void enoughWereCompared() {
        CHECK.assertEnoughCompared();
    }

    /**
     * {@code -N1..3 -n} of one to four tasks a node and some over, maybe {@code -c1..3}, and one GPU option:
     * {@code --gpus-per-node=1..2}, {@code --gpus=1..4}, {@code --gpus-per-task=1} or {@code --cpus-per-gpu=1..3}
     * beside one of those (never beside {@code -c}).
     */
    static String randomJob(Random r) {
        int nodes = 1 + r.nextInt(3);
        StringBuilder sb = new StringBuilder("-N").append(nodes).append(" -n")
                .append(nodes * (1 + r.nextInt(4)) + r.nextInt(nodes));
        boolean perTaskCpus = r.nextBoolean();
        if (perTaskCpus) {
            sb.append(" -c").append(1 + r.nextInt(3));
        }
        switch (r.nextInt(3)) {
            case 0 -> sb.append(" --gpus-per-node=").append(1 + r.nextInt(2));
            case 1 -> sb.append(" --gpus=").append(nodes + r.nextInt(3));
            default -> sb.append(" --gpus-per-task=1");
        }
        if (!perTaskCpus && r.nextInt(3) == 0) {
            // sbatch refuses --cpus-per-gpu beside -c
            sb.append(" --cpus-per-gpu=").append(1 + r.nextInt(3));
        }
        return sb.toString();
    }
}
