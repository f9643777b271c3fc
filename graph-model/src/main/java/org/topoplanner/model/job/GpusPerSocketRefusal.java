package org.topoplanner.model.job;

/**
 * The {@code --gpus-per-socket} requests sbatch itself refuses, in every release TopoPlanner emulates (22.05.8, 24.11.5,
 * 26.05), before slurmctld sees the job. The option is otherwise not emulated (its table entry), so these are the only
 * {@code --gpus-per-socket} jobs whose answer is known without a placement: no job.
 *
 * <ul>
 *   <li>Without {@code --sockets-per-node}: {@code gres_job_state_validate} (22.05 {@code common/gres.c}, 24.11 and
 *       26.05 {@code interfaces/gres.c}; sbatch calls it from {@code common/slurm_opt.c}
 *       {@code slurm_opt_create_job_desc}) returns -1 with "--gpus-per-socket option requires --sockets-per-node
 *       specification" when {@code gres_per_socket} is set and {@code sockets_per_node} is {@code NO_VAL16}; sbatch
 *       prints that and "Invalid generic resource (gres) specification" and submits nothing (own case sb7a s4,
 *       {@code -N1 --gpus-per-socket=1}, REJECTED so by all three releases).</li>
 *   <li>With {@code --ntasks-per-gpu}: {@code common/slurm_opt.c} {@code _validate_ntasks_per_gpu} (22.05, 24.11,
 *       26.05) stops sbatch with {@code fatal("--gpus-per-socket is mutually exclusive with --ntasks-per-gpu ...")}.</li>
 * </ul>
 */
final class GpusPerSocketRefusal {
    private GpusPerSocketRefusal() {
    }

    /** sbatch's message for the request, or {@code null} when sbatch lets it through to slurmctld. */
    static String of(boolean gpusPerSocket, boolean socketsPerNode, boolean ntasksPerGpu) {
        if (!gpusPerSocket) {
            return null;
        }
        if (ntasksPerGpu) {
            return "--gpus-per-socket is mutually exclusive with --ntasks-per-gpu (sbatch submits no job)";
        }
        if (!socketsPerNode) {
            return "--gpus-per-socket option requires --sockets-per-node specification (Invalid generic resource"
                    + " (gres) specification: sbatch submits no job)";
        }
        return null;
    }
}
