package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Slurm's CPU counts of a job, each as its variable holds it ({@link JobCpuCounts}): a partition's
 * {@code DefCpuPerGPU} (here 3, as {@code DefCpuPerGpu.applied} hands it on) enters {@code min_job_gres_cpu},
 * {@code rem_max_cpus} and {@code job_res->ncpus}, never {@code details->min_cpus}; the job's own
 * {@code --cpus-per-gpu} enters {@code details->min_cpus} in 24.11 and 26.05 ({@code gres_job_state_validate}'s
 * {@code tmp_min_cpus}), in 22.05 not at all.
 * Figures worked out by hand from the formulas of {@code gres_select_util.c} and {@code eval_nodes_get_rem_max_cpus}.
 */
class JobCpuCountsTest {
    private static SlurmJobSpec job(String line, boolean byDefault) throws Exception {
        return SlurmJobSpec.of(SbatchOptions.parseLine(line, "j")).withDefaultCpusPerGpu(byDefault);
    }

    @Test
    void theDefaultEntersNoMinCpus() throws Exception {
        SlurmJobSpec d = job("--gpus=3 -n2 --cpus-per-gpu=3", true);
        assertThat(JobCpuCounts.minCpus(d, SlurmVersion.V24_11)).isEqualTo(2);
        // min_job_gres_cpu = 3 GPUs x 3, and rem_max_cpus over one node takes it
        assertThat(JobCpuCounts.minJobGresCpu(d)).isEqualTo(9);
        assertThat(CpusToUse.initialBudget(d, JobCpuCounts.minCpus(d, SlurmVersion.V24_11), 1)).isEqualTo(9);
        assertThat(JobCpuCounts.ncpusFloor(d, 2, SlurmVersion.V24_11)).isEqualTo(9);
    }

    @Test
    void theOwnFigureEntersMinCpus() throws Exception {
        SlurmJobSpec own = job("--gpus=3 -n2 --cpus-per-gpu=3", false);
        assertThat(JobCpuCounts.minCpus(own, SlurmVersion.V24_11)).isEqualTo(9);
        assertThat(JobCpuCounts.minCpus(own, SlurmVersion.V26_05)).isEqualTo(9);
    }

    @Test
    void noGpuFigureEntersMinCpusIn2205() throws Exception {
        // 22.05's gres_job_state_validate has no min_cpus: the two tasks' CPUs, while job_res->ncpus still takes
        // gres_select_util_job_min_cpus (3 GPUs x 3)
        SlurmJobSpec own = job("--gpus=3 -n2 --cpus-per-gpu=3", false);
        assertThat(JobCpuCounts.minCpus(own, SlurmVersion.V22_05)).isEqualTo(2);
        assertThat(JobCpuCounts.ncpusFloor(own, 1, SlurmVersion.V22_05)).isEqualTo(9);
    }

    @Test
    void perTaskGpusCountTasksPerNodeTimesMinNodesInMinJobGresCpu() throws Exception {
        // gres_select_util_job_min_cpus(min_nodes, sockets, MAX(ntasks_per_node, 1) x min_nodes): 1 x 2 x 3, not
        // the four tasks' 12
        assertThat(JobCpuCounts.minJobGresCpu(job("-N2 -n4 --gpus-per-task=1 --cpus-per-gpu=3", true))).isEqualTo(6);
    }

    @Test
    void ncpusCountsPerNodeGpusOnTheChosenHosts() throws Exception {
        // job_res->ncpus: gres_select_util_job_min_cpus(nhosts, ...): -N1-2 on two hosts asks 2 x 2 x 3
        SlurmJobSpec r = job("-N1-2 -n10 --gpus-per-node=2 --cpus-per-gpu=3", true);
        assertThat(JobCpuCounts.ncpusFloor(r, 1, SlurmVersion.V24_11)).isEqualTo(10);
        assertThat(JobCpuCounts.ncpusFloor(r, 2, SlurmVersion.V24_11)).isEqualTo(12);
    }
}
