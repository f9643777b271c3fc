package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _can_job_run_on_node} ({@code select/cons_tres/job_test.c}, the same lines in 22.05.8, 24.11.5, 26.05.5): a
 * node offering fewer CPUs than {@code min_cpus_per_node} (cpus_per_task x --ntasks-per-node, else x the job's tasks
 * when {@code max_nodes == 1}, else x 1) gets nothing. Own probe s24g1 = fuzz56 p12 ({@code -N1 -n3
 * --ntasks-per-socket=1 -c3}): a two-socket node offers two tasks (6 CPUs; 22.05's uncut cores 8), under 9, so
 * only the four-socket nodes reach the tree and 24.11.5 runs the job on leaf1's f3 (the replay had f1).
 */
class MinCpusPerNodeTest {

    /** fuzz56's a1: 2 sockets x 32 cores x 2 threads. */
    private static final SlurmNode A1 = new SlurmNode("a1", 0, 0, 2, 32, 2, 1, List.of());
    /** fuzz56's f3: 4 sockets x 8 cores x 2 threads. */
    private static final SlurmNode F3 = new SlurmNode("f3", 0, 0, 4, 8, 2, 5, List.of());

    private static CoreFilter.Result filtered(SlurmNode node, BitSet free, BitSet gpus, String args,
                                              SlurmVersion version) throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine(args, "p12"));
        return CoreFilter.select(node, new NodeUse(free, gpus, false, false), job, true, false, version);
    }

    private static int minCpus(String args) throws Exception {
        return MinCpusPerNode.of(SlurmJobSpec.of(SbatchOptions.parseLine(args, "j")));
    }

    private static BitSet range(int from, int to) {
        BitSet b = new BitSet();
        b.set(from, to);
        return b;
    }

    @Test
    void aOneNodeJobSkipsANodeThatCannotHoldAllItsTasks() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(filtered(A1, range(0, 64), new BitSet(), "-N1 -n3 --ntasks-per-socket=1 -c3", v))
                    .as("%s", v).isNull();
            // four sockets: four tasks of 3 CPUs, at least the 9 the job needs
            assertThat(filtered(F3, range(2, 32), new BitSet(), "-N1 -n3 --ntasks-per-socket=1 -c3", v))
                    .as("%s", v).isNotNull();
        }
    }

    @Test
    void aJobThatMaySpreadNeedsOneTaskOnANode() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(filtered(A1, range(0, 64), new BitSet(), "-N1-2 -n3 --ntasks-per-socket=1 -c3", v))
                    .as("%s", v).isNotNull();
            assertThat(filtered(A1, range(0, 64), new BitSet(), "-n3 --ntasks-per-socket=1 -c3", v))
                    .as("%s", v).isNotNull();
        }
    }

    @Test
    void aGpuJobIsTestedOnTheCpusEverySocketLetsThroughBeforeTheGpuFilter() throws Exception {
        BitSet gpus = range(0, 2);
        BitSet twelve = range(12, 16);
        twelve.or(range(24, 32));
        for (SlurmVersion v : SlurmVersion.values()) {
            // -N1 -n4 --ntasks-per-socket=2 -c4 needs 16 CPUs, at most 8 a socket: 4 + 8 free CPUs are too few
            // (the per-socket task minimum alone lets the node through), 8 + 8 of 8 + 16 free CPUs are enough
            String job = "-N1 -n4 --ntasks-per-socket=2 -c4 --gpus=1";
            assertThat(filtered(gpuNode(), twelve, gpus, job, v)).as("%s", v).isNull();
            assertThat(filtered(gpuNode(), range(8, 32), gpus, job, v)).as("%s", v).isNotNull();
        }
    }

    @Test
    void theMinimumIsTasksPerNodeOrTheWholeTaskCountOfAOneNodeJob() throws Exception {
        assertThat(minCpus("-N1 -n3 -c3")).isEqualTo(9);
        assertThat(minCpus("-N2 -n3 -c3")).isEqualTo(3);
        assertThat(minCpus("-N2 --ntasks-per-node=2 -c3")).isEqualTo(6);
        assertThat(minCpus("-n3 -c2")).isEqualTo(2);
    }

    @Test
    void anOvercommittedOneNodeJobRunsOnFewerCpusThanItsTasks() throws Exception {
        // c26c1's c1: one socket of four one-thread cores. eval_nodes_select_cores (22.05 _select_cores) tests
        // alloc_tasks < min_tasks_this_node only without -O, so -N1 -n4 -O takes the one free CPU (o1, every
        // release) and 22.05 runs -N1 -n6 -c2 -O on two CPUs of the idle node (a2); without -O neither fits
        SlurmNode c1 = new SlurmNode("c1", 0, 0, 1, 4, 1, 1, List.of());
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(filtered(c1, range(3, 4), new BitSet(), "-w c1 -N1 -n4 -O", v)).as("%s", v).isNotNull();
            assertThat(filtered(c1, range(3, 4), new BitSet(), "-w c1 -N1 -n4", v)).as("%s", v).isNull();
            assertThat(filtered(c1, range(0, 4), new BitSet(), "-N1 -n6 -c2", v)).as("%s", v).isNull();
        }
        assertThat(filtered(c1, range(0, 4), new BitSet(), "-N1 -n6 -c2 -O", SlurmVersion.V22_05).availCpus())
                .isEqualTo(4);
    }

    @Test
    void anOvercommittedJobAsksOneTaskOfANodeUnlessItNamesTasksPerNode() throws Exception {
        // c26c1 a2, o2 (22.05.8 runs both on two CPUs of one node) and o1 (one free CPU for four tasks)
        assertThat(minCpus("-N1 -n6 -c2 -O")).isEqualTo(2);
        assertThat(minCpus("-N1 -n4 -O")).isEqualTo(1);
        // c26c1 o3, o4: --ntasks-per-node comes first (two and three free CPUs asked)
        assertThat(minCpus("-N2 --ntasks-per-node=2 -O")).isEqualTo(2);
        // a one-node -O job laid out with all its tasks (26.05's raised min_cpus) still asks one task's CPUs here
        SlurmJobSpec allTasks = SlurmJobSpec.of(SbatchOptions.parseLine("-N1 -n2 -c2 --gpus=1 -O", "j"))
                .withAllOvercommitTasks(4);
        assertThat(allTasks.ntasks()).isEqualTo(2);
        assertThat(MinCpusPerNode.of(allTasks)).isEqualTo(2);
    }

    /** 2 sockets x 16 cores, one thread, two GPUs bound to every core. */
    private static SlurmNode gpuNode() {
        List<SlurmGpu> gpus = List.of(new SlurmGpu(0, null, range(0, 32), new int[0]),
                new SlurmGpu(1, null, range(0, 32), new int[0]));
        return new SlurmNode("u1", 0, 0, 2, 16, 1, 5, gpus);
    }
}
