package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.planner.PlannerPolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code -O/--overcommit} ({@link Overcommit}) on own probe c16d1's idle cluster (c1, c2: 2 x 4 cores; t1: 4 cores of
 * two threads; g1, g2 with GPUs): one task's CPUs per node whatever {@code -n}, as real 22.05.8, 24.11.5 and 26.05.5
 * run c26l7 o1 ({@code -n8 -O}: one CPU) and o2 ({@code -N2 -n8 -O}: one per node), while {@code -n} still bounds
 * the node count; the shapes no measured line covers are refused by name.
 */
class OvercommitTest {
    private static final Cluster C16D1 = OracleCase.cluster("c16d1");

    private static Suggestion place(String args, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(C16D1), SbatchOptions.parseLine(args, "o"));
    }

    /** {@code args} (job "o") on the idle cluster of own probe {@code oracleCase}, by slurm-tree of {@code version}. */
    private static Suggestion onTree(String oracleCase, String version, String args) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()))
                .suggest(ClusterState.empty(OracleCase.cluster(oracleCase)), SbatchOptions.parseLine(args, "o"));
    }

    /** {@link #onTree}, by slurm-block. */
    private static Suggestion onBlocks(String oracleCase, String version, String args) throws Exception {
        return new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()))
                .suggest(ClusterState.empty(OracleCase.cluster(oracleCase)), SbatchOptions.parseLine(args, "o"));
    }

    private static List<String> cpus(Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hosts().stream()
                .map(h -> h.host() + ":" + h.cpus()).toList();
    }

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-n20 -O;          22.05; c1:0",
        "-n20 -O;          24.11; c1:0",
        "-n20 -O;          26.05; c1:0",
        "-N2 -n9 -O;       24.11; c1:0|c2:0",
        "-N2 -n9 -O;       26.05; c1:0|c2:0",
        "-w t1 -n6 -O;     26.05; t1:0-1",
        // 22.05's sbatch keeps -c out of tres_per_task: one task of -c CPUs (c26l7 o3, -n4 -c3 -O: three CPUs)
        "-n3 -c2 -O;       22.05; c1:0-1",
        // GPUs without --cpus-per-gpu or --gpus-per-task: one CPU a node beside them (c16d1 g1, g2, every release)
        "-n4 --gpus=2 -O;  22.05; g1:0",
        "-n4 --gpus=2 -O;  26.05; g1:0",
        "-N2 -n8 --gpus-per-node=1 -O; 24.11; g1:0|g2:0",
        // --exclusive: the whole node, one node for -n4 (c16g1 r4, every release)
        "-n4 --exclusive -O;  22.05; c1:0-7",
        "-n4 --exclusive -O;  26.05; c1:0-7",
        // --gpus-per-node with --cpus-per-gpu: gres_min_cpus counts num_tasks' cores, no GPU total lowers it
        // (c16g1 r1, 24.11.5 and 26.05.5: CPUs 0-7 with GPUs 0 and 2)
        "-N1 -n8 --gpus-per-node=2 --cpus-per-gpu=2 -O; 24.11; g1:0-7",
        "-N1 -n8 --gpus-per-node=2 --cpus-per-gpu=2 -O; 26.05; g1:0-7",
    })
    void laysOutOneTaskPerNode(String args, String version, String expected) throws Exception {
        assertThat(cpus(place(args, SlurmVersion.parse(version).orElseThrow())))
                .containsExactly(expected.split("\\|"));
    }

    /**
     * Memory options, {@code -m} block and cyclic and a node range without {@code -c} or GPUs keep the one task a node
     * (own probe c22o1's cluster, {@code CR_Core_Memory}: c1-c4 of 16000 MB, g1, g2 of 32000 MB): the memory test
     * counts one CPU a node ({@code _can_job_run_on_node} after {@code ntasks_per_node = 1}), and a range's pick aims
     * at its maximum (lowered to {@code -n} by sbatch) with one task on every node it takes ({@code one_task_per_node},
     * {@code _dist_tasks_compute_c_b}'s first loop up to {@code num_tasks}); c22o1 m1-m5, r1-r3, d1-d3.
     */
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-N2 -n8 --mem=4000 -O;          22.05; c1:0|c2:0",
        "-N2 -n8 --mem-per-cpu=2000 -O;  24.11; c1:0|c2:0",
        "-N1 -n4 --mem=20000 -O;         26.05; g1:0",
        "-N2-4 -n3 -O;                   22.05; c1:0|c2:0|c3:0",
        "-N2-4 -n3 -O;                   24.11; c1:0|c2:0|c3:0",
        "-N2-4 -n3 -O;                   26.05; c1:0|c2:0|c3:0",
        "-N2 -n6 -m cyclic:cyclic -O;    24.11; c1:0|c2:0",
        // -m plane: dist_tasks skips _compute_plane_dist for one_task_per_node (c22o2 p1, every release)
        "-N2 -n4 -m plane=2 -O;          22.05; c1:0|c2:0",
        "-N2 -n4 -m plane=2 -O;          26.05; c1:0|c2:0",
        // a range beside -c: one task of -c CPUs on each node the pick takes (c22o2 c1, every release)
        "-N2-3 -n3 -c2 -O;               22.05; c1:0-1|c2:0-1|c3:0-1",
        "-N2-3 -n3 -c2 -O;               24.11; c1:0-1|c2:0-1|c3:0-1",
        "-N2-4 -n6 -c2 -O;               22.05; c1:0-1|c2:0-1|c3:0-1|c4:0-1",
    })
    void memoryDistributionAndRangesKeepOneTaskANode(String args, String version, String expected) throws Exception {
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(version).orElseThrow()))
                .suggest(ClusterState.empty(OracleCase.cluster("c22o1")), SbatchOptions.parseLine(args, "o"));
        assertThat(cpus(s)).containsExactly(expected.split("\\|"));
    }

    /**
     * 24.11 and 26.05 keep every task of an {@code -O -c} job ({@code tres_per_task}): a range past its maximum
     * ({@code -N2-4 -n6 -c2}: four nodes hold four tasks) waits {@code Resources} for good (c22o2 c2, 24.11.5 and
     * 26.05.5; 22.05.8 runs it on c1-c4), and a range up to it needs {@code -n} nodes: with only two nodes free of
     * the three {@code -N2-3 -n3 -c2} asks, it waits where 22.05 runs it on two.
     */
    @Test
    void aRangeBesideCNeedsItsTasksNodesFrom2411On() throws Exception {
        Cluster c = OracleCase.cluster("c22o1");
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                    .suggest(ClusterState.empty(c), SbatchOptions.parseLine("-N2-4 -n6 -c2 -O", "o"));
            assertThat(s).isInstanceOfSatisfying(Suggestion.Pending.class,
                    p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
        }
        JobRequest r = SbatchOptions.parseLine("-N2-3 -n3 -c2 -O -x c3,c4,g1,g2", "o");
        assertThat(cpus(new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05))
                .suggest(ClusterState.empty(c), r))).containsExactly("c1:0-1", "c2:0-1");
        assertThat(new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11))
                .suggest(ClusterState.empty(c), r)).isNotInstanceOf(Suggestion.Placed.class);
    }

    /**
     * A node range beside GPUs takes what the GPU pick takes, one task's CPU a node: under overcommit
     * {@code eval_nodes_gres} (24.11/26.05 {@code topology/common/eval_nodes.c}) keeps at least one task a node and
     * asks {@code cpus_per_task} CPUs of it, and 22.05's {@code _select_cores} ({@code cons_tres/job_test.c}) gives a
     * range {@code max_tasks_this_node = NO_VAL} with the CPU bound skipped; a GPU total stops at the first node that
     * holds it. A range beside {@code -c} without {@code -n}: {@code _get_task_count} counts {@code ncpus /
     * cpus_per_task}, one task a node. Own probe c22g1 g2, g4, g7, r1 (24.11.5; 22.05.8 and 26.05.5 in PROVENANCE).
     */
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-N1-2 -n2 --gpus=2 -O;            22.05; g1:0",
        "-N1-2 -n2 --gpus=2 -O;            24.11; g1:0",
        "-N1-3 -n4 --gpus-per-node=2 -O;   26.05; g1:0|g2:0",
        "-N1-2 --gpus=3 -O;                24.11; g1:0",
        "-N2-3 -c2 -O -x g1,g2;            24.11; c1:0-1|c2:0-1|c3:0-1",
        "-N2-3 -c2 -O -x g1,g2;            26.05; c1:0-1|c2:0-1|c3:0-1",
    })
    void aRangeBesideGpusOrCWithoutNTakesOneTaskANode(String args, String version, String expected) throws Exception {
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(version).orElseThrow()))
                .suggest(ClusterState.empty(OracleCase.cluster("c22g1")), SbatchOptions.parseLine(args, "o"));
        assertThat(cpus(s)).containsExactly(expected.split("\\|"));
    }

    /**
     * On {@code topology/block}: {@code eval_nodes_block} sizes a range's pick by its minimum ("Always use
     * min_nodes"), so {@code -N1-2 -n2 -O} runs on one node, and beside {@code -c} (24.11/26.05: a per-task TRES,
     * every task laid out) the tasks past that minimum find no CPU: Resources for good; {@code --segment} splits
     * the pick as without {@code -O}. Own probe c22g2 r1, r4, s1 (24.11.5; 26.05.5 in PROVENANCE).
     */
    @Test
    void aRangeOnBlocksTakesItsMinimum() throws Exception {
        Cluster c = OracleCase.cluster("c22g2");
        SlurmBlockPolicy p = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));
        assertThat(cpus(p.suggest(ClusterState.empty(c), SbatchOptions.parseLine("-N1-2 -n2 -O -x g1,g2", "o"))))
                .containsExactly("c3:0");
        assertThat(cpus(p.suggest(ClusterState.empty(c),
                SbatchOptions.parseLine("-N2 -n4 --segment=1 -O -x g1,g2", "o")))).containsExactly("c3:0", "c4:0");
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            assertThat(new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(ClusterState.empty(c),
                    SbatchOptions.parseLine("-N1-2 -n2 -c2 -O -x g1,g2", "o")))
                    .isInstanceOfSatisfying(Suggestion.Pending.class,
                            q -> assertThat(q.reason()).isEqualTo(PendingReason.RESOURCES));
        }
    }

    @Test
    void theTaskCountStillBoundsTheNodes() throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine("-n8 -O", "o"));
        assertThat(job.ntasks()).isEqualTo(1);
        assertThat(job.boundingTasks()).isEqualTo(8);
        // 26.05's JOB_IMPLICIT_MAX_NODES makes max_nodes num_tasks (8): the tree, not the one-node first fit
        assertThat(FirstFitOneNode.applies(job)).isFalse();
        assertThat(FirstFitOneNode.applies(SlurmJobSpec.of(SbatchOptions.parseLine("-n1 -O", "o")))).isTrue();
        SlurmJobSpec fixed = SlurmJobSpec.of(SbatchOptions.parseLine("-N2 -n9 -O", "o"));
        assertThat(fixed.ntasks()).isEqualTo(2);
        assertThat(fixed.boundingTasks()).isEqualTo(9);
        SlurmJobSpec plain = SlurmJobSpec.of(SbatchOptions.parseLine("-N2 -n9", "o"));
        assertThat(plain.ntasks()).isEqualTo(9);
        assertThat(plain.boundingTasks()).isEqualTo(9);
    }

    /**
     * The GPU filter's task bounds read {@code num_tasks} (the {@code -n} of an {@code -O} job) and skip the CPU
     * bound under overcommit: {@code eval_nodes_select_cores} (24.11/26.05 {@code topology/common/eval_nodes.c}),
     * and 24.11's first-pass {@code _estimate_cpus_per_gres} counts {@code num_tasks} too.
     */
    @Test
    void theGpuFilterCountsTheJobsOwnTasks() throws Exception {
        SlurmNode g1 = SlurmNode.of(C16D1).stream().filter(n -> n.name().equals("g1")).findFirst().orElseThrow();
        SlurmJobSpec oneNode = SlurmJobSpec.of(SbatchOptions.parseLine("-N1 -n8 --gpus-per-node=1 -O", "o"));
        assertThat(CoreFilter.taskLimits(g1, oneNode, SlurmVersion.V26_05)).containsExactly(8, 8);
        SlurmJobSpec free = SlurmJobSpec.of(SbatchOptions.parseLine("-n8 --gpus=2 -O", "o"));
        assertThat(CoreFilter.taskLimits(g1, free, SlurmVersion.V24_11)).containsExactly(1, CoreFilter.NO_VAL);
        assertThat(CoreFilter.estimatedCpusPerGres(SlurmJobSpec.of(SbatchOptions.parseLine("-n4 --gpus=2 -O", "o"))))
                .isEqualTo(2);
    }

    @Test
    void sbatchSendsTheNodeCountAsTheCpusOfTheJob() throws Exception {
        // slurm_opt_create_job_desc: min_cpus = MAX(min_nodes, 1); job_limits_check then passes -n40 -O on a
        // 32-CPU partition (c26l7 o4 runs in 22.05.8)
        assertThat(PartitionCpuTotal.sbatchMinCpus(SbatchOptions.parseLine("-n40 -O"))).isEqualTo(1);
        assertThat(PartitionCpuTotal.sbatchMinCpus(SbatchOptions.parseLine("-N3 -n40 -c2 -O"))).isEqualTo(3);
        assertThat(PartitionCpuTotal.sbatchMinCpus(SbatchOptions.parseLine("-n40"))).isEqualTo(40);
    }

    /**
     * 26.05's one-node pick ({@code _get_one_res} -> {@code common_test_node}) gives an {@code -O} job one task a node
     * ({@code maxtasks} = sbatch's {@code min_cpus} 1), so {@code _reduce_res_cores} leaves each node one task's GPUs
     * and {@code gres_sched_test} fails: c18a1 p2 (tree) and c23o1 p4 (blocks), 26.05.5 REJECTED "Requested node
     * configuration is not available". A one-task job, and 24.11, are not refused by it.
     */
    @Test
    void twentySixOFiveRefusesOneNodeWithMoreTasksThanTheOneItsPickCounts() throws Exception {
        assertThat(place("-N1 -n2 --gpus-per-task=1 -O", SlurmVersion.V26_05)).isInstanceOfSatisfying(
                Suggestion.Impossible.class,
                i -> assertThat(i.reason()).isEqualTo("Requested node configuration is not available"));
        assertThat(Overcommit.oneNodeShortOfTaskGpus(SbatchOptions.parseLine("-N1 -n1 --gpus-per-task=1 -O"),
                SlurmVersion.V26_05)).isFalse();
        assertThat(Overcommit.oneNodeShortOfTaskGpus(SbatchOptions.parseLine("-N1 -n2 --gpus-per-task=1 -O"),
                SlurmVersion.V24_11)).isFalse();
    }

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-N1 -n8 --gpus-per-task=1 --cpus-per-gpu=2 -O; 22.05; -O/--overcommit with --cpus-per-gpu",
        "-N1 -n8 --gpus-per-task=1 --cpus-per-gpu=2 -O; 24.11; -O/--overcommit with --cpus-per-gpu",
        "-N2 -n4 --gpus-per-node=1 --gres-flags=enforce-binding -O; 24.11; -O/--overcommit with GPUs and enforce-binding",
        "-w t1 -n4 -c1 -O;                24.11; -O/--overcommit with -c below a core's threads changes where Slurm places the job and is not emulated (sbatch 24.11 makes -c a per-task TRES",
        "-N2 -n2 -c2 -m plane=1 -O;       24.11; -O/--overcommit with -m plane beside -c",
    })
    void refusesTheShapesNoMeasuredLineCovers(String args, String version, String start) throws Exception {
        Suggestion s = place(args, SlurmVersion.parse(version).orElseThrow());
        assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).startsWith(start));
    }

    /**
     * 24.11 and 26.05 lay every task of an {@code -O -c} job out on the one task's CPUs each node was cut to
     * ({@code -c} in {@code tres_per_task}, {@code ESLURM_BAD_TASK_COUNT}): c16d1 a5 and a6 wait {@code Resources} on
     * idle nodes, a7 (no more tasks than nodes) runs; 22.05.8 runs all three.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "-n3 -c2 -O;        c1:0-1",
        "-N2 -n6 -c2 -O;    c1:0-1|c2:0-1",
    })
    void twentyFourElevenOnWaitsForGoodWithMoreTasksThanNodes(String args, String in2205) throws Exception {
        assertThat(place(args, SlurmVersion.V24_11)).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
        assertThat(place(args, SlurmVersion.V26_05)).isInstanceOf(Suggestion.Pending.class);
        assertThat(cpus(place(args, SlurmVersion.V22_05))).containsExactly(in2205.split("\\|"));
        assertThat(cpus(place("-N2 -n2 -c2 -O", SlurmVersion.V24_11))).containsExactly("c1:0-1", "c2:0-1");
    }

    /**
     * 24.11 and 26.05 raise the one task of an {@code -O --gpus=N --cpus-per-gpu=M} job to its GPUs' CPUs, not to its
     * tasks' cores ({@link GresSchedCpus}: {@code gres_sched_add} with {@code min_cpus = cpus_per_task} under
     * overcommit, then {@code dist_tasks_gres_min_cpus} only as far as that): c16d1 g4 gets CPUs 0,1,4,5 with GPUs 0
     * and 2 in 24.11.5 and 26.05.5, where the task count's 8 cores would give 0-7.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"24.11", "26.05"})
    void aGpuTotalWithCpusPerGpuTakesItsGpusCpus(String version) throws Exception {
        Suggestion s = place("-N1 -n8 --gpus=2 --cpus-per-gpu=2 -O", SlurmVersion.parse(version).orElseThrow());
        assertThat(cpus(s)).containsExactly("g1:0-1,4-5");
        assertThat(((Suggestion.Placed) s).placement().hosts().get(0).gpus()).containsExactly(0, 2);
    }

    /**
     * 22.05 lays the one task of an {@code -O} GPU job out on {@code -c} CPUs whatever {@code --cpus-per-gpu} asks
     * ({@code dist_tasks_compute_c_b} from a fresh {@code job_res->cpus}, no {@code gres_min_cpus} without
     * enforce-binding), and {@code _set_job_bits1} then credits no GPU to that one core
     * ({@code max_gres = total_cores * cpus_per_core / cpus_per_gres} = 0) and takes the first free GPU of a socket
     * without the job's cores. Own probe c16g1 under 22.05.8: h1 CPU 0 with GPU 2, h2 CPU 0 with GPUs 0 and 2, r1
     * ({@code --gpus-per-node}) CPU 0 with GPUs 0 and 1; c16d1 g4 CPU 0 with GPUs 0 and 2.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "-N1 -n8 --gpus=1 --cpus-per-gpu=3 -O;         g1:0; 2",
        "-N1 -n2 --gpus=2 --cpus-per-gpu=2 -O;         g1:0; 0|2",
        "-N1 -n8 --gpus-per-node=2 --cpus-per-gpu=2 -O; g1:0; 0|1",
    })
    void twentyTwoKeepsOneCpuBesideTheGpusItPicks(String args, String cpus, String gpus) throws Exception {
        Suggestion s = place(args, SlurmVersion.V22_05);
        assertThat(cpus(s)).containsExactly(cpus);
        Integer[] picked = java.util.Arrays.stream(gpus.split("\\|")).map(Integer::valueOf).toArray(Integer[]::new);
        assertThat(((Suggestion.Placed) s).placement().hosts().get(0).gpus()).containsExactly(picked);
    }

    /**
     * 24.11 and 26.05 lay out every task of an {@code -O --gpus-per-task} job ({@link OvercommitTaskLayout}):
     * {@code maxtasks} starts at {@code min_cpus} (the node count), each node is counted for one task and credited its
     * GPUs, so the job spreads one task a node over {@code -n} nodes (own probes c16g1 r2, c18a1 p4, p5 under 24.11.5
     * and 26.05.5); 26.05's {@code min_cpus} of {@code -c x -n} puts p5 on one node (g1 CPUs 0-3). 22.05 puts every
     * task's GPUs beside the one task's core of one node. On main every row is refused as not emulated; with the
     * refusal lifted alone (the first trial run), 24.11 left c26l7 o5 ({@code -n2 --gpus-per-task=1 -O}) waiting
     * {@code Resources}.
     */
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-n2 --gpus-per-task=1 -O;       24.11; g1:0|g2:0;       0|0",
        "-n2 --gpus-per-task=1 -O;       26.05; g1:0|g2:0;       0|0",
        "-n2 --gpus-per-task=2 -O;       24.11; g1:0|g2:0;       0,1|0,1",
        "-n2 -c2 --gpus-per-task=1 -O;   24.11; g1:0-1|g2:0-1;   0|0",
        "-n2 -c2 --gpus-per-task=1 -O;   26.05; g1:0-3;          0,1",
        // 22.05 (OvercommitSocketTasks): one node, one task's CPUs, every task's GPUs from that core's socket on
        // (c16g1 r2, c16d1 g3, c18a1 p4, p5, p6 under 22.05.8)
        "-n2 --gpus-per-task=1 -O;       22.05; g1:0;            0,1",
        "-n3 --gpus-per-task=1 -O;       22.05; g1:0;            0,1,2",
        "-n2 --gpus-per-task=2 -O;       22.05; g1:0;            0,1,2,3",
        "-n2 -c2 --gpus-per-task=1 -O;   22.05; g1:0-1;          0,1",
        "-N2 -n4 --gpus-per-task=1 -O;   22.05; g1:0|g2:0;       0,1|0,1",
    })
    void gpusPerTaskSpreadOneTaskANode(String args, String version, String expected, String gpus) throws Exception {
        Suggestion s = place(args, SlurmVersion.parse(version).orElseThrow());
        assertThat(cpus(s)).containsExactly(expected.split("\\|"));
        assertThat(((Suggestion.Placed) s).placement().hosts().stream().map(h -> h.gpus().stream()
                .map(String::valueOf).collect(Collectors.joining(","))).toList())
                .containsExactly(gpus.split("\\|"));
    }

    /**
     * More {@code -O --gpus-per-task} tasks than the GPU nodes (c16d1 g3, {@code -n3} on g1, g2) or than {@code -N}
     * (c18a1 p2 {@code -N1 -n2}, p6 {@code -N2 -n4}) hold one a node: 24.11.5 and 26.05.5 refuse them at submission.
     */
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-n3 --gpus-per-task=1 -O;      24.11",
        "-n3 --gpus-per-task=1 -O;      26.05",
        "-N1 -n2 --gpus-per-task=1 -O;  24.11",
        "-N2 -n4 --gpus-per-task=1 -O;  24.11",
        "-N2 -n4 --gpus-per-task=1 -O;  26.05",
    })
    void gpusPerTaskPastOneTaskANodeIsRefused(String args, String version) throws Exception {
        Suggestion s = place(args, SlurmVersion.parse(version).orElseThrow());
        assertThat(s).isInstanceOf(Suggestion.Impossible.class);
        assertThat(((Suggestion.Impossible) s).reason()).doesNotContain("not emulated");
    }

    /**
     * {@code --ntasks-per-node} with {@code -O}: a node must hold that many tasks' CPUs ({@code _can_job_run_on_node}
     * takes {@code ntasks_per_node} before the overcommit 1), the layout keeps one task a node ({@code dist_tasks}'
     * {@code one_task_per_node}). Own probes c16g1 r3 (idle: c1 and c2 CPU 0) and c18a1 n1 (c1 with two free CPUs is
     * passed over for c2 and t1), every release. Refused on main; without {@code TaskDistribution}'s one task a
     * node under {@code -O} the layout gives each node {@code --ntasks-per-node} tasks' CPUs.
     */
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-N2 --ntasks-per-node=4 -O;   22.05; c1:0|c2:0",
        "-N2 --ntasks-per-node=4 -O;   24.11; c1:0|c2:0",
        "-N2 --ntasks-per-node=4 -O;   26.05; c1:0|c2:0",
        "-N2 --ntasks-per-node=3 -O -w t1; 24.11; c1:0|t1:0-1",
    })
    void ntasksPerNodeAsksItsCpusButLaysOutOneTask(String args, String version, String expected) throws Exception {
        assertThat(cpus(place(args, SlurmVersion.parse(version).orElseThrow()))).containsExactly(expected.split("\\|"));
    }

    /**
     * GPUs with enforce-binding under {@code -O} follow the rules without it: 22.05 raises the node no further than
     * the one CPU {@code _cpus_to_use} gave it, 26.05 to its GPU's socket ({@code dist_tasks_gres_min_cpus}); own
     * probe c16g1 r5 (22.05.8: CPU 0 a node; 26.05.5: CPUs 0-3 a node). 24.11.5 gives CPU 0, which that rule does not:
     * still refused there.
     */
    @Test
    void enforceBindingFollowsTheRulesWithoutOvercommit() throws Exception {
        String r5 = "-N2 -n4 --gpus-per-node=1 --gres-flags=enforce-binding -O";
        assertThat(cpus(place(r5, SlurmVersion.V22_05))).containsExactly("g1:0", "g2:0");
        assertThat(cpus(place(r5, SlurmVersion.V26_05))).containsExactly("g1:0-3", "g2:0-3");
        assertThat(place(r5, SlurmVersion.V24_11)).isInstanceOf(Suggestion.Impossible.class);
    }

    /**
     * On {@code topology/block}, {@code --ntasks-per-node} and {@code --gpus-per-task} under {@code -O} go as on a
     * tree: a node needs {@code ntasks_per_node} tasks' CPUs ({@code _can_job_run_on_node}) and gets one task; an
     * {@code --gpus-per-task} job's total ({@code num_tasks x gres_per_task}) is credited by each node for the tasks
     * it was counted for ({@code eval_nodes_gres} through {@code eval_nodes_cpus_to_use}, which
     * {@code eval_nodes_block} calls as the tree does), so it spreads one task a node. Own probe c23o1 n1, n3, p2, p3,
     * p4 (24.11.5; 26.05.5 in PROVENANCE: p3 on g1 alone, 26.05 raises min_cpus to every task's CPUs).
     */
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-N2 --ntasks-per-node=2 -O -x g1,g2;          24.11; c3:0|c4:0",
        "-N2 -n4 --ntasks-per-node=2 -O -x g1,g2;      26.05; c3:0|c4:0",
        "-N2 --ntasks-per-node=2 --gpus-per-node=1 -O; 24.11; g1:0|g2:0",
        "-n2 --gpus-per-task=2 -O;                      24.11; g1:0|g2:0",
        "-n2 --gpus-per-task=2 -O;                      26.05; g1:0|g2:0",
        "-n2 -c2 --gpus-per-task=1 -O;                  24.11; g1:0-1|g2:0-1",
        "-n2 -c2 --gpus-per-task=1 -O;                  26.05; g1:0-3",
    })
    void ntasksPerNodeAndGpusPerTaskOnBlocksGoAsOnATree(String args, String version, String expected)
            throws Exception {
        Cluster c = OracleCase.cluster("c23o1");
        SlurmBlockPolicy p = new SlurmBlockPolicy(PolicyOptions.DEFAULT
                .withSlurmVersion(SlurmVersion.parse(version).orElseThrow()));
        assertThat(cpus(p.suggest(ClusterState.empty(c), SbatchOptions.parseLine(args, "o"))))
                .containsExactly(expected.split("\\|"));
    }

    /**
     * One node credits one task's GPUs under {@code -O} ({@code _reduce_res_cores}), so {@code -N1 -n2
     * --gpus-per-task=1 -O} finds one GPU of two on its block and 24.11.5 refuses it at submission (own probe
     * c23o1 p4), where crediting the node's four GPUs ran it on g1.
     */
    @Test
    void oneNodeOnABlockCreditsOneTasksGpus() throws Exception {
        Cluster c = OracleCase.cluster("c23o1");
        SlurmBlockPolicy p = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));
        assertThat(p.suggest(ClusterState.empty(c), SbatchOptions.parseLine("-N1 -n2 --gpus-per-task=1 -O", "o")))
                .isInstanceOfSatisfying(Suggestion.Impossible.class,
                        i -> assertThat(i.reason()).doesNotContain("not emulated"));
    }

    /**
     * {@code --ntasks-per-socket} under {@code -O} without GPUs, and {@code --ntasks-per-node} beside {@code -n}:
     * every release as the rules without {@code -O} and the one-task layout give it (own probe c23o2 s1-s3, n1, n2:
     * 22.05.8, 24.11.5 and 26.05.5 alike; s1 runs on c1 CPU 4, socket 1's first core).
     */
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-N1 --ntasks-per-socket=2 -O -x g1,g2;     22.05; c1:4",
        "-N2 -n4 --ntasks-per-socket=1 -O -x g1,g2; 24.11; c1:4|c2:4",
        "-n2 --ntasks-per-socket=1 -O -x g1,g2;     26.05; c1:4",
        "-N2 -n4 --ntasks-per-node=2 -O -x g1,g2;   22.05; c1:0|c2:0",
        "-N1 -n3 --ntasks-per-node=3 -O -x g1,g2;   26.05; c1:0",
    })
    void ntasksPerSocketAndNtasksPerNodeBesideNOnATree(String args, String version, String expected)
            throws Exception {
        Cluster c = OracleCase.cluster("c23o2");
        SlurmTreePolicy p = new SlurmTreePolicy(PolicyOptions.DEFAULT
                .withSlurmVersion(SlurmVersion.parse(version).orElseThrow()));
        assertThat(cpus(p.suggest(ClusterState.empty(c), SbatchOptions.parseLine(args, "o"))))
                .containsExactly(expected.split("\\|"));
    }

    /**
     * {@code --ntasks-per-node} beside a GPU total, {@code --gpus-per-task} or {@code --gpus-per-socket}, and
     * {@code --ntasks-per-socket} beside GPUs, under {@code -O} on an idle tree: as the rules without {@code -O} and
     * the one-task layout give them (own probe c24o1 t1-t3, p3, k1, s1-s3, per release as measured). Each row was
     * refused as not emulated before o24o. The task count {@code -N x --ntasks-per-node} makes
     * {@code --gpus-per-task} a job total: 22.05.8 puts p3's four GPUs on g1 beside CPU 4
     * ({@link OvercommitSocketTasks}), 24.11.5 and 26.05.5 spread it one task a node ({@link OvercommitTaskLayout}).
     */
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-N2 --ntasks-per-node=2 --gpus=2 -O;                              22.05; g1:0:0|g2:0:0",
        "-N1 --ntasks-per-node=4 --gpus=3 -O;                              26.05; g1:0:0,1,2",
        "-n4 --ntasks-per-node=2 --gpus=2 -O;                              22.05; g1:0:0,1",
        "-n4 --ntasks-per-node=2 --gpus=2 -O;                              24.11; g1:0:0|g2:0:0",
        "-N2 --ntasks-per-node=2 --gpus-per-task=1 -O;                     22.05; g1:0:0,1|g2:0:0,1",
        "-n2 --ntasks-per-node=1 --gpus-per-task=2 -O;                     22.05; g1:4:0,1,2,3",
        "-n2 --ntasks-per-node=1 --gpus-per-task=2 -O;                     24.11; g1:4:2,3|g2:4:2,3",
        "-n2 --ntasks-per-node=1 --gpus-per-task=2 -O;                     26.05; g1:0:0,1|g2:0:0,1",
        "-N1 --ntasks-per-node=2 --sockets-per-node=2 --gpus-per-socket=1 -O; 24.11; g1:0:0,2",
        "-N1 --ntasks-per-socket=1 --gpus-per-node=2 -O;                   26.05; g1:0:0,1",
        "-n2 --ntasks-per-socket=1 --gpus=2 -O;                            24.11; g1:4:2,3",
        "-n2 --ntasks-per-socket=1 --gpus-per-task=1 -O;                   26.05; g1:4:2|g2:4:2",
    })
    void ntasksPerNodeAndPerSocketBesideGpus(String args, String version, String expected) throws Exception {
        Cluster c = OracleCase.cluster("c24o1");
        SlurmTreePolicy p = new SlurmTreePolicy(PolicyOptions.DEFAULT
                .withSlurmVersion(SlurmVersion.parse(version).orElseThrow()));
        Suggestion s = p.suggest(ClusterState.empty(c), SbatchOptions.parseLine(args, "o"));
        answersAs(s, expected);
    }

    /**
     * The task count {@code -N x --ntasks-per-node} ({@code _job_create}, "Implicitly set task count") counts in
     * 26.05's one-node refusal as {@code -n} does ({@link Overcommit#oneNodeShortOfTaskGpus}): own probe c24o1 p2,
     * {@code -N1 --ntasks-per-node=2 --gpus-per-task=1 -O}, REJECTED by 26.05.5 (and by 24.11.5, whose layout has
     * two tasks on one task's CPUs); without the count the replay ran it on g1 with GPU 0.
     */
    @Test
    void twentySixOFiveCountsTheTasksOfNtasksPerNodeInItsOneNodeRefusal() throws Exception {
        assertThat(Overcommit.oneNodeShortOfTaskGpus(
                SbatchOptions.parseLine("-N1 --ntasks-per-node=2 --gpus-per-task=1 -O"), SlurmVersion.V26_05)).isTrue();
        Cluster c = OracleCase.cluster("c24o1");
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            SlurmTreePolicy p = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            assertThat(p.suggest(ClusterState.empty(c),
                    SbatchOptions.parseLine("-N1 --ntasks-per-node=2 --gpus-per-task=1 -O", "p2")))
                    .as(v.label()).isInstanceOf(Suggestion.Impossible.class);
        }
    }

    @Test
    void thePlannerPlacesNoOvercommitJob() throws Exception {
        JobRequest r = SbatchOptions.parseLine("-n20 -O", "o");
        PlannerPolicy planner = new PlannerPolicy(PolicyOptions.DEFAULT);
        assertThat(planner.suggest(ClusterState.empty(C16D1), r)).isInstanceOf(Suggestion.Impossible.class);
        assertThat(planner.plan(ClusterState.empty(C16D1), r)).isEmpty();
    }

    /**
     * {@code --gpus-per-socket} under {@code -O} without {@code --ntasks-per-node} (own probe c24o3, tree, every
     * release): sbatch's {@code _opt_verify} runs {@code -N x --sockets-per-node} tasks, and the one task a node
     * takes CPU 0 with one GPU a socket (k1, k2, k4), CPU 4 with GPUs 2, 3 on one socket (k3). Beside {@code -c}
     * 22.05.8 lays one task of two CPUs (k5), 24.11.5 waits {@code Resources} for good ({@link Overcommit#verdict}),
     * 26.05.5 runs both tasks, one a socket: its {@code gres_job_state_validate} raises {@code min_cpus} to
     * {@code -c x num_tasks} ({@link OvercommitTaskLayout#held}). Every row was refused as not emulated before o24p.
     */
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-N1 --sockets-per-node=2 --gpus-per-socket=1 -O;        22.05; g1:0:0,2",
        "-N1 --sockets-per-node=2 --gpus-per-socket=1 -O;        26.05; g1:0:0,2",
        "-N2 --sockets-per-node=2 --gpus-per-socket=1 -O;        24.11; g1:0:0,2|g2:0:0,2",
        "-N1 --sockets-per-node=1 --gpus-per-socket=2 -O;        22.05; g1:4:2,3",
        "-N1 -n4 --sockets-per-node=2 --gpus-per-socket=1 -O;    24.11; g1:0:0,2",
        "-N1 --sockets-per-node=2 --gpus-per-socket=1 -c2 -O;    22.05; g1:0-1:0,2",
        "-N1 --sockets-per-node=2 --gpus-per-socket=1 -c2 -O;    26.05; g1:0-1,4-5:0,2",
    })
    void gpusPerSocketWithoutNtasksPerNode(String args, String version, String expected) throws Exception {
        Suggestion s = onTree("c24o3", version, args);
        answersAs(s, expected);
    }

    /**
     * 26.05 lays out every task of a {@code --gpus-per-node} or {@code --gpus} job beside {@code -c} under {@code -O}
     * (own probe c25o1, idle c22o1 cluster): its {@code gres_job_state_validate} ({@code interfaces/gres.c}) raises
     * {@code min_cpus} to {@code -c x num_tasks} for any GRES job ({@link OvercommitTaskLayout#raisesMinCpus}), so
     * a1 ({@code -N1 -n2 -c2 --gpus-per-node=1}) gets four CPUs, a4 six a node, a5 ({@code -n4 -c4 --gpus=2}) two
     * whole nodes with a GPU each, a8 every CPU of g1. Each row waited {@code Resources} for good before o25a.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "-N1 -n2 -c2 --gpus-per-node=1 -O;  g1:0-3:0",
        "-N1 -n2 -c2 --gpus=1 -O;           g1:0-3:0",
        "-N2 -n4 -c3 --gpus-per-node=1 -O;  g1:0-5:0|g2:0-5:0",
        "-n4 -c4 --gpus=2 -O;               g1:0-7:0|g2:0-7:0",
        "-N1 -n4 -c2 --gpus-per-node=2 -O;  g1:0-7:0,2",
    })
    void twentySixOFiveLaysOutEveryTaskOfAGpuJobBesideC(String args, String expected) throws Exception {
        Suggestion s = onTree("c25o1", "26.05", args);
        answersAs(s, expected);
    }

    /**
     * c25o1 a3 ({@code -N2 -n6 -c3}) and a6 ({@code -N1 -n3 -c4}): 26.05's raised {@code min_cpus} (18, 12) passes
     * the CPUs of the nodes the job may take (16, 8) only because of the {@code -O} tasks: refused by 26.05.5
     * ("Requested node configuration is not available"); 24.11.5 holds both {@code Resources}.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"-N2 -n6 -c3 --gpus-per-node=1 -O", "-N1 -n3 -c4 --gpus-per-node=1 -O"})
    void twentySixOFiveRefusesTasksPastTheNodesCpus(String args) throws Exception {
        assertThat(onTree("c25o1", "26.05", args)).isInstanceOf(Suggestion.Impossible.class);
        assertThat(onTree("c25o1", "24.11", args)).isInstanceOf(Suggestion.Pending.class);
    }

    /** 24.11.5 keeps c24o3 k5 waiting: {@code -c} in {@code tres_per_task}, two tasks on one task's CPUs. */
    @Test
    void twentyFourElevenWaitsForGpusPerSocketBesideC() throws Exception {
        Suggestion s = onTree("c24o3", "24.11", "-N1 --sockets-per-node=2 --gpus-per-socket=1 -c2 -O");
        assertThat(s).isInstanceOf(Suggestion.Pending.class);
    }

    /**
     * On blocks (24.11, 26.05) the c24o1 shapes go as on a tree (own probe c24o2, every line): {@code eval_nodes_block}
     * reaches the same node test and one-task layout; {@code --gpus-per-socket} beside {@code --ntasks-per-node}
     * under {@code -O} (k1) was refused by {@link PerSocketGpuRefusal#onBlocks} before o24p.
     */
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-N1 --ntasks-per-node=2 --sockets-per-node=2 --gpus-per-socket=1 -O; 24.11; g1:0:0,2",
        "-N1 --ntasks-per-node=2 --sockets-per-node=2 --gpus-per-socket=1 -O; 26.05; g1:0:0,2",
        "-n2 --ntasks-per-node=1 --gpus-per-task=2 -O;                     24.11; g1:4:2,3|g2:4:2,3",
        "-n2 --ntasks-per-node=1 --gpus-per-task=2 -O;                     26.05; g1:0:0,1|g2:0:0,1",
        "-n2 --ntasks-per-socket=1 --gpus=2 -O;                            26.05; g1:4:2,3",
    })
    void c24o1ShapesOnBlocks(String args, String version, String expected) throws Exception {
        Suggestion s = onBlocks("c24o2", version, args);
        answersAs(s, expected);
    }

    /**
     * {@code -O} with {@code --ntasks-per-gpu} beside {@code -c} on own probe c25u1's idle cluster (n1-n3: 2 x 4
     * cores, GPUs 0-1 on socket 0, 2-3 on socket 1; partition cap {@code MaxCPUsPerNode=4}), refused as not emulated
     * before o25c. 22.05 lays one task of {@code -c} CPUs ({@code one_task_per_node}); 26.05 raises {@code min_cpus} to
     * {@code -c x num_tasks} ({@code gres_job_state_validate}) and lays out every task; 24.11 refuses a GPU total at
     * its test-only pick ({@code _reduce_res_cores}: one task a node under {@code -O}, {@code 1 / ntasks_per_gres} = no
     * GPU) and waits for good with {@code --gpus-per-node}, which that cut skips. c25u1 p3, p5 (real on n3, b1 and b2
     * holding n1 and n2 CPUs), p2 and p4 (remove_unusable: cap's 4 CPUs below 2 x 3 for one GPU, every release).
     */
    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        "-O -N1 --gpus-per-node=2 --ntasks-per-gpu=2 -c2; 22.05; n1:0-1:0,1",
        "-O -N1 --gpus-per-node=2 --ntasks-per-gpu=2 -c2; 26.05; n1:0-7:0,2",
        "-O -N1 --gpus-per-node=2 --ntasks-per-gpu=2 -c2; 24.11; Resources",
        "-O -N1 --gpus=1 --ntasks-per-gpu=2 -c2;          22.05; n1:0-1:2",
        "-O -N1 --gpus=1 --ntasks-per-gpu=2 -c2;          26.05; n1:0-3:0",
        "-O -N1 --gpus=1 --ntasks-per-gpu=2 -c2;          24.11; topology",
        "-O -w n1 --gpus=1 --ntasks-per-gpu=2 -c3;        24.11; node",
        "-O -p cap --gpus=1 --ntasks-per-gpu=2 -c3;       22.05; node",
        "-O -p cap --gpus=1 --ntasks-per-gpu=2 -c3;       24.11; node",
        "-O -p cap --gpus=1 --ntasks-per-gpu=2 -c3;       26.05; node",
    })
    void ntasksPerGpuBesideC(String args, String version, String expected) throws Exception {
        Suggestion s = onTree("c25u1", version, args);
        answersAs(s, expected);
    }

    /**
     * Own probe c26b1 (b26s; c25n1's cluster: s1-s4 one socket of 6 cores and 2 GPUs, g1 g2 2 x 4 cores and 4 GPUs,
     * blocks b1=s[1-2], b2=s[3-4], b3=g[1-2]), each job alone: {@code -O} beside {@code --ntasks-per-gpu} and
     * {@code --gpus-per-socket} on blocks, refused as not emulated (the first) or laid out one task a node (the
     * second beside {@code -c} in 26.05) before b26s. Without {@code -c} {@code min_cpus} is one task, so
     * {@code eval_nodes_gres} counts every node for one task and a {@code --ntasks-per-gpu=2} job gets no GPU
     * ({@link GresTaskCount}: o1 refused); 26.05 raises {@code min_cpus} to {@code -c x num_tasks} and lays out every
     * task ({@link OvercommitTaskLayout#heldOnBlocks}: o3, o5, k5); 24.11 waits for good beside {@code -c} with
     * {@code --gpus-per-node} or {@code --gpus-per-socket} (o3, k5) and refuses a GPU total (o5).
     *
     * <p>Own probe c26t1 (b26t; c26b1's cluster), each job alone: c25o1's {@code -O -c} shapes beside {@code --gpus} and
     * {@code --gpus-per-node} on blocks, laid out one task a node in 26.05 before b26t. 26.05's
     * {@code gres_job_state_validate} raises {@code min_cpus} to {@code -c x num_tasks} before
     * {@code eval_nodes_block} runs ({@link OvercommitTaskLayout#heldOnBlocks}): t1, t4 lay out every task, t3
     * ({@code min_cpus} 18 against b3's 16 CPUs) and t6 are refused; 24.11 waits for good past one task a node (t1)
     * and places one task a node (t9).
     */
    @ParameterizedTest(name = "{0}: {1} under {2}")
    @CsvSource(delimiter = ';', value = {
        "c26b1; -O --gpus=2 --ntasks-per-gpu=2;                          24.11; node",
        "c26b1; -O --gpus=2 --ntasks-per-gpu=2;                          26.05; node",
        "c26b1; -O -N1 --gpus-per-node=2 --ntasks-per-gpu=2 -c2;         24.11; Resources",
        "c26b1; -O -N1 --gpus-per-node=2 --ntasks-per-gpu=2 -c2;         26.05; g1:0-7:0,2",
        "c26b1; -O --gpus=3 --ntasks-per-gpu=1 -c2;                      24.11; node",
        "c26b1; -O --gpus=3 --ntasks-per-gpu=1 -c2;                      26.05; g1:0-2,4-6:0,1,2",
        "c26b1; -O -N2 --gpus-per-node=1 --ntasks-per-gpu=2;             24.11; g1:0:0|g2:0:0",
        "c26b1; -N1 --sockets-per-node=2 --gpus-per-socket=1 -c2 -O;     24.11; Resources",
        "c26b1; -N1 --sockets-per-node=2 --gpus-per-socket=1 -c2 -O;     26.05; g1:0-1,4-5:0,2",
        "c26t1; -N1 -n2 -c2 --gpus-per-node=1 -O;                        24.11; Resources",
        "c26t1; -N1 -n2 -c2 --gpus-per-node=1 -O;                        26.05; g1:0-3:0",
        "c26t1; -N1 -n2 -c2 --gpus=1 -O;                                 26.05; g1:0-3:0",
        "c26t1; -N2 -n6 -c3 --gpus-per-node=1 -O;                        24.11; Resources",
        "c26t1; -N2 -n6 -c3 --gpus-per-node=1 -O;                        26.05; node",
        "c26t1; -N2 -n4 -c3 --gpus-per-node=1 -O;                        26.05; g1:0-5:0|g2:0-5:0",
        "c26t1; -n4 -c4 --gpus=2 -O;                                     26.05; g1:0-7:0|g2:0-7:0",
        "c26t1; -N1 -n3 -c4 --gpus-per-node=1 -O;                        26.05; node",
        "c26t1; -N2 -n2 -c2 --gpus-per-node=1 -O;                        24.11; g1:0-1:0|g2:0-1:0",
    })
    void overcommitShapesOnBlocks(String oracleCase, String args, String version, String expected) throws Exception {
        Suggestion s = onBlocks(oracleCase, version, args);
        answersAs(s, expected);
    }

    /** {@code s} as a row of this class's tables says: Resources, refused "node" or "topology", or hosts. */
    private static void answersAs(Suggestion s, String expected) {
        switch (expected) {
            case "Resources" -> assertThat(s).isInstanceOfSatisfying(Suggestion.Pending.class,
                    p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
            case "node" -> assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class,
                    i -> assertThat(i.reason()).startsWith("Requested node configuration is not available"));
            case "topology" -> assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class,
                    i -> assertThat(i.reason()).startsWith("Requested topology configuration is not available"));
            default -> {
                assertThat(s).isInstanceOf(Suggestion.Placed.class);
                assertThat(((Suggestion.Placed) s).placement().hosts().stream()
                        .map(h -> h.host() + ":" + h.cpus() + ":" + h.gpus().stream().map(String::valueOf)
                                .collect(Collectors.joining(",")))
                        .toList()).containsExactly(expected.split("\\|"));
            }
        }
    }

    /**
     * c25o1 a6 and a9 under 22.05: {@code _can_job_run_on_node} asks one task's CPUs of an overcommitted job
     * ({@code ntasks_per_node = 1} under {@code details->overcommit}), so the per-CPU memory rule
     * ({@code DefMemPerCPU=1000}, {@link NodeMemory#cpusOnOneNode}) no longer asks {@code -n x -c}: a6 (12 CPUs on a
     * node of 8) was refused and a9 held before; 22.05.8 runs a6 on g1 CPUs 0-3 GPU 0.
     */
    @Test
    void twentyTwoOFiveAsksOneTaskOfAnOvercommittedJobBesideMemoryPerCpu() throws Exception {
        JobRequest r = SbatchOptions.parseLine("-N1 -n3 -c4 --gpus-per-node=1 -O", "o");
        assertThat(NodeMemory.cpusOnOneNode(r)).isEqualTo(4);
        assertThat(NodeMemory.cpusOnOneNode(SbatchOptions.parseLine("-N1 -n3 -c4 --gpus-per-node=1", "o")))
                .isEqualTo(12);
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05))
                .suggest(ClusterState.empty(OracleCase.cluster("c25o1")), r);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        assertThat(((Suggestion.Placed) s).placement().hosts().stream()
                .map(h -> h.host() + ":" + h.cpus() + ":" + h.gpus()).toList()).containsExactly("g1:0-3:[0]");
    }

    /** c25o2 p1 on a tree (every release): --gpus-per-socket beside --ntasks-per-node without -O is placed. */
    @Test
    void gpusPerSocketBesideNtasksPerNodeIsPlacedOnATree() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                    .suggest(ClusterState.empty(OracleCase.cluster("c25o2")), SbatchOptions.parseLine(
                            "-N1 --ntasks-per-node=2 --sockets-per-node=2 --gpus-per-socket=1", "o"));
            assertThat(s).isInstanceOf(Suggestion.Placed.class);
            assertThat(((Suggestion.Placed) s).placement().hosts().stream()
                    .map(h -> h.host() + ":" + h.cpus() + ":" + h.gpus()).toList()).containsExactly("g1:0,4:[0, 2]");
        }
    }

    /**
     * c25o1 a5 under 22.05 ({@code -n4 -c4 --gpus=2 -O}, no {@code -N}): the node's task count stays NO_VAL and
     * {@code gres_select_filter_sock_core} clears no core for it ("continue" before the core step); the emulation's
     * {@code maxTasks x cpt} passed an int and cleared every core, so the job was refused. 22.05.8: g1 CPUs 0-3,
     * GPUs 0, 1.
     */
    @Test
    void twentyTwoOFiveKeepsEveryCoreForAnUnboundedTaskCount() throws Exception {
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05))
                .suggest(ClusterState.empty(OracleCase.cluster("c25o1")),
                        SbatchOptions.parseLine("-n4 -c4 --gpus=2 -O", "o"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        assertThat(((Suggestion.Placed) s).placement().hosts().stream()
                .map(h -> h.host() + ":" + h.cpus() + ":" + h.gpus()).toList()).containsExactly("g1:0-3:[0, 1]");
    }
}
