package org.topoplanner.allocator.slurm;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * {@code DefCpuPerGPU}: the CPUs per GPU the select plugin gives a GPU job that named no {@code -c}. cons_tres's
 * {@code _set_gpu_defaults} ({@code job_test.c}; 22.05 {@code cons_common/job_test.c}, 24.11 and 26.05
 * {@code cons_tres/job_test.c}) takes the partition's {@code job_defaults_list} value, else the cluster's, only
 * while {@code orig_cpus_per_task} is unset, and {@code gres_select_util_job_set_defs} stores it as the GPU's
 * {@code def_cpus_per_gres}, which the node filter ({@code gres_select_filter_remove_unusable}: a node whose free CPUs
 * over it give no GPU, or fewer than {@code --gpus-per-node}, is out), the core filter ({@code gres_filter_sock_core},
 * {@code has_cpus_per_gres}) and the CPU minimum ({@code gres_select_util_job_min_cpus}) read in place of
 * {@code --cpus-per-gpu}. slurmctld itself never reads it (no {@code JOB_DEF_CPU_PER_GPU} in {@code src/slurmctld}
 * of any release), so the submission's own checks see the job as sent.
 *
 * <p>The select stage is therefore emulated as the job with {@code --cpus-per-gpu} set to the default. Own probe
 * c25u1 ({@code DefCpuPerGPU=3} on partition dcg; 22.05.8, 24.11.5 and 26.05.5 alike): {@code -w n1 --gpus=2} with
 * five free CPUs on n1 runs on n1 and n3 with 3 CPUs and one GPU each, {@code -N1 --gpus-per-node=2} skips n1 for n3
 * (6 CPUs, GPUs 0 and 2), {@code -w n2 --gpus=1} waits Resources on two free CPUs, and {@code --gpus=1 -c1} gets
 * one CPU. Left as it was: a {@code --ntasks-per-gpu} job, whose {@code ntasks_per_gres x cpus_per_task} comes before
 * the default in every reader above; and the three readers of the explicit field alone (cons_tres
 * {@code _sum_min_gres_cpus}, {@code eval_nodes}' per-GPU CPU cap, {@code _set_job_bits1}'s cap), which this
 * emulation lets see the default too: no measured line tells them apart yet.
 */
final class DefCpuPerGpu {
    private static final String KEY = "defcpupergpu";

    private DefCpuPerGpu() {
    }

    /** {@code request} as the select plugin sees it: {@code --cpus-per-gpu} set to the default where one applies. */
    static JobRequest applied(Cluster cluster, JobRequest request) {
        if (!request.asksForGpus() || request.cpusPerTask() != null || request.cpusPerGpu() != null
                || request.ntasksPerGpu() != null) {
            return request;
        }
        Integer perGpu = of(cluster.slurm().keys(), request.partition());
        return perGpu == null ? request : request.toBuilder().cpusPerGpu(perGpu).build();
    }

    /**
     * The default of {@code partition} (null: the {@code Default=YES} one, else the first): its line's (after
     * {@code PartitionName=DEFAULT}'s), else the cluster's; null for none or 0.
     */
    static Integer of(Map<String, String> keys, String partition) {
        String name = partition;
        if (name == null) {
            List<SlurmPartition> parts = SlurmPartition.of(keys);
            name = parts.stream().filter(SlurmPartition::isDefault).map(SlurmPartition::name).findFirst()
                    .orElse(parts.isEmpty() ? null : parts.get(0).name());
        }
        String line = name == null ? null : SlurmPartition.lineWithDefaults(keys, name);
        Integer own = line == null ? null : count(SlurmPartition.value(line, KEY));
        if (own != null) {
            return own;
        }
        for (Map.Entry<String, String> e : keys.entrySet()) {
            if (e.getKey().toLowerCase(Locale.ROOT).equals(KEY)) {
                return count(e.getValue());
            }
        }
        return null;
    }

    private static Integer count(String value) {
        if (value == null) {
            return null;
        }
        try {
            int n = Integer.parseInt(value.trim());
            return n > 0 ? n : null;
        } catch (NumberFormatException ignored) {
            // not a count: slurmctld refuses such a line, the importer reports it
            return null;
        }
    }
}
