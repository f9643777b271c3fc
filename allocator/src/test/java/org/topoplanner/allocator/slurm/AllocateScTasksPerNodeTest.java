package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _allocate_sc} (cons_tres {@code job_test.c}; 22.05 {@code cons_common.c}): a job that does not ask for the
 * node whole has {@code share_res} NO_VAL8, so {@code num_tasks = MIN(num_tasks, ntasks_per_node)}; 24.11 and 26.05
 * then set a job without GRES to those tasks' CPUs ({@code avail_cpus = num_tasks x cpus_per_task}) and keep the
 * lowest free cores that hold them, where 22.05 keeps every free CPU. Own case fuzz45 p21 ({@code -N3
 * --ntasks-per-node=4 -c3}): p4, cores 0-11 busy, runs on CPUs 12-23 in 24.11.5 and 26.05.5 (12-14, 16-24 in
 * 22.05.8, one task less on the 4-core remainder of socket 0); optprobe1 p8 ({@code -N1 --ntasks-per-node=4}):
 * CPUs 0-3 of an idle node.
 */
class AllocateScTasksPerNodeTest {

    private static final SlurmNode P4 = new SlurmNode("p4", 0, 0, 2, 16, 1, 1, List.of());

    private static CoreFilter.Result filtered(String args, SlurmVersion version) throws Exception {
        BitSet free = new BitSet();
        free.set(12, 32);
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine(args, "p21"));
        return CoreFilter.select(P4, new NodeUse(free, new BitSet(), false, false), job, true, false, version);
    }

    private static BitSet cores(int from, int to) {
        BitSet b = new BitSet();
        b.set(from, to);
        return b;
    }

    @Test
    void from2411OnTheNodeOffersItsTasksCpusOnTheLowestFreeCores() throws Exception {
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            CoreFilter.Result r = filtered("-N3 --ntasks-per-node=4 -c3", v);
            assertThat(r.availCpus()).as("%s", v).isEqualTo(12);
            assertThat(r.availCores()).as("%s", v).isEqualTo(cores(12, 24));
            CoreFilter.Result oneCpu = filtered("-N3 --ntasks-per-node=4", v);
            assertThat(oneCpu.availCores()).as("%s, one CPU per task", v).isEqualTo(cores(12, 16));
        }
    }

    @Test
    void in2205TheNodeKeepsEveryFreeCpu() throws Exception {
        CoreFilter.Result r = filtered("-N3 --ntasks-per-node=4 -c3", SlurmVersion.V22_05);
        assertThat(r.availCores()).isEqualTo(cores(12, 32));
    }

    @Test
    void anExclusiveJobIsNotCapped() throws Exception {
        // --exclusive sets share_res to 0: no cap (the node is the job's whole anyway)
        CoreFilter.Result r = filtered("-N3 --ntasks-per-node=4 -c3 --exclusive", SlurmVersion.V26_05);
        assertThat(r.availCpus()).isEqualTo(18);
    }
}
