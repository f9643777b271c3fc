package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The {@code min_cpus} 22.05 and 24.11 keep for a {@code --ntasks-per-gpu} job: sbatch's, raised to the tasks' CPUs
 * only where the GPU-derived task count exceeds it.
 *
 * <p>sbatch sends {@code min_cpus} from its own task count ({@code common/slurm_opt.c}
 * {@code slurm_opt_create_job_desc}: {@code ntasks x cpus_per_task} with {@code -c}, else {@code ntasks}, where
 * {@code ntasks} is {@code MAX(min_nodes, 1)} for a fixed {@code -N} without {@code -n}, {@code sbatch/opt.c}
 * {@code _opt_verify}; {@link PartitionCpuTotal#sbatchMinCpus}). The same function then calls
 * {@code gres_job_state_validate} in sbatch itself, which sets {@code num_tasks = gpus x ntasks_per_tres}
 * ("Set num_tasks = gpus * ntasks/gpu"), and the job arrives with that task count. slurmctld's
 * {@code validate_job_create_req} ({@code slurmctld/job_mgr.c}, 22.05.8 and 24.11.5) raises {@code min_cpus} to
 * {@code num_tasks x cpus_per_task} only when {@code num_tasks > min_cpus}: it compares the tasks, not their CPUs,
 * with sbatch's CPU figure. So {@code -N1 --gpus=3 --ntasks-per-gpu=1 -c3} keeps {@code min_cpus} 3 (3 tasks, not
 * more than 3), and {@code -N1 --gpus=3 --ntasks-per-gpu=2 -c2} gets 12 (6 tasks, more than 2).
 * {@code _cpus_to_use}'s {@code rem_max_cpus} starts at {@code min_cpus}, so a node gives the job no more CPUs than
 * it (22.05.8, own probes gp8a a5: CPUs 0-2; a12 {@code -c6}: 6 CPUs; g9b n7: 3 a node; c11b1 c16: 2 a node; and
 * every task's CPUs in gp8a a2, g9b n4 and n9, where the tasks outnumber sbatch's figure).
 *
 * <p>26.05's {@code gres_job_state_validate} ({@code interfaces/gres.c}) ends by raising {@code min_cpus} to
 * {@code cpus_per_task x num_tasks} itself (with {@code -c} given), so there the tasks' CPUs always hold (a5: 9
 * CPUs). In every release sbatch's figure stays when it is the larger: {@code -N1 -n3 --gpus=2 --ntasks-per-gpu=1
 * -c2} has 2 tasks (the GPUs set {@code num_tasks}, not {@code -n}) and {@code min_cpus} 6, more than one node's two
 * tasks take, and 22.05.8, 24.11.5 and 26.05.5 refuse it at submission (own probe c12d1 d4).
 */
public final class NtasksPerGpuMinCpus {
    private NtasksPerGpuMinCpus() {
    }

    /**
     * Whether 22.05 starts {@code r} on sbatch's {@code min_cpus} ({@link #held} keeps it) instead of every GPU task's
     * CPUs: {@code _cpus_to_use}'s {@code rem_max_cpus} then gives the job sbatch's own tasks' CPUs, one task's a node
     * without {@code -n} (own probe c12d1, 22.05.8: d1 4 CPUs, d2 2 + 2, d3 4 + 4, d8 3), so a planner that holds
     * every task's CPUs holds more than Slurm. Only 22.05: 24.11 refuses or leaves waiting such a job on the tree
     * unless it spreads it one task a node over more nodes (c12d1 d5, d8: every task's CPUs in all), and 26.05 keeps
     * sbatch's figure only where it is above the tasks' CPUs, which no node then passes (d4).
     */
    public static boolean startsOnSbatchFigure(JobRequest r, SlurmVersion version) {
        if (version != SlurmVersion.V22_05 || r.ntasksPerGpu() == null) {
            return false;
        }
        SlurmJobSpec job = SlurmJobSpec.of(r);
        return held(job, r, version) != job;
    }

    /**
     * The {@code min_cpus} slurmctld holds for {@code r} once the job is created ({@code orig_min_cpus}, which
     * {@code job_limits_check} tests against the partition's CPUs and {@code MaxCPUsPerNode}): {@code asked} (what the
     * release reads before the GPU task count: {@link PartitionCpuTotal#limitMinCpus}) raised as {@link #held} raises
     * it, to {@code num_tasks x cpus_per_task} where sbatch's task count from the GPUs ({@code gpus x ntasks_per_tres})
     * exceeds sbatch's CPU figure ({@code validate_job_create_req}, 22.05.8, 24.11.5, 26.05.5), and in 26.05 whenever
     * {@code -c} is given ({@code gres_job_state_validate}). Lead's case featfz12 (short: three nodes,
     * {@code MaxCPUsPerNode=2}): f19 {@code -p short --gpus=5 --ntasks-per-gpu=3 -c2} (15 tasks, 30 CPUs) waits
     * {@code PartitionConfig} in 22.05.8 and 26.05.5; f73 {@code -N1 --gpus=1 --ntasks-per-gpu=3 -c4} (3 tasks, not
     * more than sbatch's 4) passes the limit in 22.05.8 and is refused by the pick, and waits {@code PartitionConfig}
     * in 26.05.5 (12 CPUs).
     */
    static long limitMinCpus(JobRequest r, SlurmVersion version, long asked) {
        if (r.ntasksPerGpu() == null) {
            return asked;
        }
        SlurmJobSpec job = SlurmJobSpec.of(r);
        if (job.ntasks() == null) {
            return asked;
        }
        long sent = PartitionCpuTotal.sbatchMinCpus(r);
        long taskCpus = (long) job.ntasks() * (r.cpusPerTask() == null ? 1 : r.cpusPerTask());
        boolean raised = job.ntasks() > sent
                || version.atLeast(SlurmVersion.V26_05) && r.cpusPerTask() != null;
        return raised ? Math.max(asked, taskCpus) : asked;
    }

    /** {@code job} with the {@code min_cpus} {@code version} keeps for {@code r}, or {@code job} as it is. */
    static SlurmJobSpec held(SlurmJobSpec job, JobRequest r, SlurmVersion version) {
        if (r.ntasksPerGpu() == null || job.ntasks() == null) {
            return job;
        }
        long sent = PartitionCpuTotal.sbatchMinCpus(r);
        if (job.ntasks() > sent) {
            return job; // validate_job_create_req's "num_tasks > min_cpus": the tasks' CPUs, as SlurmAllocation counts
        }
        if (version.atLeast(SlurmVersion.V26_05) && r.cpusPerTask() != null
                && (long) job.ntasks() * r.cpusPerTask() >= sent) {
            return job; // 26.05's gres_job_state_validate: at least cpus_per_task x num_tasks
        }
        return job.withMinCpus((int) sent);
    }
}
