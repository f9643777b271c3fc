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
 * the default in every reader above.
 *
 * <p>Readers of the job's own {@code cpus_per_gres} alone do not see the default: 24.11's {@code _sum_min_gres_cpus}
 * ({@code _socks_per_node}'s one-CPU test, {@link SlurmJobSpec#ownCpusPerGpu}; own probe c26u1 b1, b2: refused with
 * the default, run with the same figure given). The other such readers are left seeing it: {@code gres_sched_add}'s
 * credit and {@code _set_job_bits1}'s cap gave the default job the same line as the same job with
 * {@code --cpus-per-gpu} in c26u1 (a1/a2, c1/c2, every release; the GPU filters before them, which read the default,
 * already cut the node's GPUs to its CPUs over it), and {@code eval_nodes.c}'s {@code _reduce_res_cores} reads it
 * only on nodes with {@code RestrictedCoresPerGPU} ({@code res_gpu_cores}), which the emulation does not model.
 */
final class DefCpuPerGpu {
    private static final String KEY = "defcpupergpu";

    private DefCpuPerGpu() {
    }

    /** {@code request} as the select plugin sees it: {@code --cpus-per-gpu} set to the default where one applies. */
    static JobRequest applied(Cluster cluster, JobRequest request) {
        Integer perGpu = applying(cluster, request);
        return perGpu == null ? request : request.toBuilder().cpusPerGpu(perGpu).build();
    }

    /**
     * Whether {@link #applied} gives {@code request} the default: the selection's job is then marked
     * ({@link SlurmJobSpec#withDefaultCpusPerGpu}) for the readers of the job's own {@code cpus_per_gres} alone.
     */
    static boolean applies(Cluster cluster, JobRequest request) {
        return applying(cluster, request) != null;
    }

    /** The default {@code request} is given, {@code null} for none (a job without GPUs, or with its own figure). */
    private static Integer applying(Cluster cluster, JobRequest request) {
        if (!request.asksForGpus() || request.cpusPerTask() != null || request.cpusPerGpu() != null
                || request.ntasksPerGpu() != null) {
            return null;
        }
        return of(cluster.slurm().keys(), request.partition());
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
