package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;

/**
 * {@link GresSchedCpus}: the count 24.11's and 26.05's {@code gres_sched_add} leaves a node ({@code gres_cpus}, when it
 * lies strictly between {@code min_cpus} and the node's CPUs), up to which {@code dist_tasks_gres_min_cpus} raises it.
 * Figures of own probe c28d1 p4's h1 (26.05.5 debug log): 4 CPUs after the filter (cores 1 and 9, two threads), 2 GPUs
 * credited by the filter, one task counted.
 */
class GresSchedCpusTest {
    /** c28d1's p4, or the same without its own {@code --cpus-per-gpu} ({@code cpusPerGpu} empty). */
    private static SlurmJobSpec p4(String cpusPerGpu) throws JobRequestException {
        return SlurmJobSpec.of(SbatchOptions.parseLine("--nodes=2 --gpus=3 " + cpusPerGpu
                + " --gres-flags=enforce-binding", "p4"));
    }

    /** h1 of c28d1 p4 as the filter leaves it: {@code cpus} CPUs, {@code gpus} GPUs it may credit. */
    private static CoreFilter.Result h1(int cpus, long gpus) {
        BitSet cores = new BitSet();
        cores.set(1);
        cores.set(9);
        return new CoreFilter.Result(cores, cpus, 2, null, CoreFilter.NO_VAL, gpus, CoreFilter.NO_VAL);
    }

    @Test
    void oneTaskLeavesTheNodeTheCpusOfItsCreditedGpus() throws JobRequestException {
        // gres_cpus = MIN(4 / 1, 2) x 1 = 2, above min_cpus 1 and below 4: "job_res->cpus[8]=2" in the log
        assertThat(GresSchedCpus.ceiling(h1(4, 2), 1, p4("--cpus-per-gpu=1"))).isEqualTo(2);
    }

    @Test
    void gresCpusNotAboveTheTasksCpusLeavesTheNodeItsCpus() throws JobRequestException {
        // two tasks counted (min_cpus 2): gres_cpus 2 is not above it, the node keeps its 4 (c28d1 v3, v4: h1 4 CPUs)
        assertThat(GresSchedCpus.ceiling(h1(4, 2), 2, p4("--cpus-per-gpu=1"))).isEqualTo(4);
    }

    @Test
    void withoutItsOwnCpusPerGpuTheNodeKeepsItsCpus() throws JobRequestException {
        // _foreach_gres_add computes gres_cpus only from the job's own cpus_per_gres
        assertThat(GresSchedCpus.ceiling(h1(4, 2), 1, p4(""))).isEqualTo(4);
    }
}
