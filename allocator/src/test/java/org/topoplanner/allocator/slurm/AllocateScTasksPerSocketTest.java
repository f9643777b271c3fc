package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _allocate_sc} (cons_tres {@code job_test.c}, the same lines in 24.11.5 and 26.05.5) under
 * {@code --ntasks-per-socket}: {@code num_tasks} sums each socket's free CPUs capped at the tasks per socket, and a job
 * without GRES offers that many CPUs with {@code -c1} ({@code avail_cpus = num_tasks}), else
 * {@code MIN(num_tasks, avail_cpus / cpus_per_task)} whole tasks, on the lowest cores the per-socket cap
 * ({@code _check_ntasks_per_sock}) lets through; the node's count is the CPUs of those cores ({@code cpu_count}).
 * 22.05's {@code cons_common.c} has no such cut and keeps every core the cap allows. Own case fuzz50 p20
 * ({@code -n5 --ntasks-per-socket=1 -c1}): m1 (2 x 12 cores, two threads, cores 0-1 busy) gives CPUs 4-5, one core,
 * in 24.11.5 and 26.05.5, where the replay took one core on each socket.
 */
class AllocateScTasksPerSocketTest {

    private static final SlurmNode M1 = new SlurmNode("m1", 0, 0, 2, 12, 2, 1, List.of());
    private static final SlurmNode L1 = new SlurmNode("l1", 0, 0, 2, 16, 1, 1, List.of());

    private static CoreFilter.Result filtered(SlurmNode node, BitSet free, String args, SlurmVersion version)
            throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine(args, "p20"));
        return CoreFilter.select(node, new NodeUse(free, new BitSet(), false, false), job, true, false, version);
    }

    private static BitSet cores(int... ids) {
        BitSet b = new BitSet();
        for (int id : ids) {
            b.set(id);
        }
        return b;
    }

    private static BitSet range(int from, int to) {
        BitSet b = new BitSet();
        b.set(from, to);
        return b;
    }

    @Test
    void from2411ATwoThreadCoreHoldsTheTwoTasksOfOneTaskPerSocket() throws Exception {
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            CoreFilter.Result r = filtered(M1, range(2, 24), "-n5 --ntasks-per-socket=1 -c1", v);
            assertThat(r.availCpus()).as("%s", v).isEqualTo(2);
            assertThat(r.availCores()).as("%s", v).isEqualTo(cores(2));
        }
    }

    @Test
    void in2205EverySocketKeepsTheCoresItsTasksMayUse() throws Exception {
        CoreFilter.Result r = filtered(M1, range(2, 24), "-n5 --ntasks-per-socket=1 -c1", SlurmVersion.V22_05);
        assertThat(r.availCores()).isEqualTo(cores(2, 12));
    }

    @Test
    void aSocketShortOfCpusStillCountsItsTasksAndTheNodeCountsTheCoresKept() throws Exception {
        // socket 0 has two free cores: num_tasks = MIN(2,1) + MIN(16,1) = 2, avail_cpus 6; the per-socket cap of 3
        // CPUs keeps 2 + 3 cores, so cpu_count is 5 (the replay before: 5 capped CPUs, one whole task, 3 cores)
        BitSet free = range(16, 32);
        free.set(14, 16);
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            CoreFilter.Result r = filtered(L1, free, "-n4 --ntasks-per-socket=1 -c3", v);
            assertThat(r.availCores()).as("%s", v).isEqualTo(cores(14, 15, 16, 17, 18));
            assertThat(r.availCpus()).as("%s", v).isEqualTo(5);
        }
    }
}
