package org.topoplanner.allocator.planner;

import org.topoplanner.model.job.JobRequest;

/**
 * What a job needs on each of its nodes, worked out from the request the way sbatch counts:
 * GPUs from {@code --gpus-per-node}, or {@code --gpus-per-task} times the tasks on the node, or an
 * even share of {@code --gpus}; cores from the tasks times {@code -c}, or {@code --cpus-per-gpu}
 * times the GPUs when that is more (one core per CPU: the planner hands out whole cores, as Slurm
 * does with {@code CR_Core}).
 *
 * @param nodes          how many nodes the job takes
 * @param gpus           GPUs on every node (an even share of {@code --gpus}, rounded up)
 * @param spareGpus      GPUs the rounding-up asks for beyond {@code --gpus}: the last nodes take one fewer each
 * @param cpus           CPUs on every node
 * @param enforceBinding cores only among the chosen GPUs' affine cores
 * @param exclusive      whole idle nodes
 * @param gpuType        only GPUs of this type, or {@code null}
 */
public record NodeDemand(int nodes, int gpus, int spareGpus, int cpus, boolean enforceBinding, boolean exclusive,
                         String gpuType) {

    /**
     * The demand of {@code job} on {@code nodes} nodes; {@code nodes} is the request's node count except
     * for {@code --gpus} jobs, which may need more nodes than they name.
     */
    public static NodeDemand of(JobRequest job, int nodes) {
        int perTaskCpus = job.cpusPerTask() == null ? 1 : job.cpusPerTask();
        int tasks;
        if (job.ntasksPerNode() != null) {
            tasks = job.ntasksPerNode();
        } else if (job.ntasks() != null) {
            tasks = (job.ntasks() + nodes - 1) / nodes;
        } else {
            tasks = 1;
        }
        int gpus;
        int spare = 0;
        if (job.gpusPerNode() != null) {
            gpus = job.gpusPerNode();
        } else if (job.gpusPerTask() != null) {
            gpus = job.gpusPerTask() * tasks;
        } else if (job.gpus() != null) {
            gpus = (job.gpus() + nodes - 1) / nodes;
            spare = gpus * nodes - job.gpus();
        } else {
            gpus = 0;
        }
        int cpus = tasks * perTaskCpus;
        if (job.cpusPerGpu() != null) {
            cpus = Math.max(cpus, gpus * job.cpusPerGpu());
        }
        return new NodeDemand(nodes, gpus, spare, Math.max(1, cpus), job.enforceBinding(), job.exclusive(),
                job.gpuType());
    }

    /** The fewest nodes a {@code --gpus=N} job can use when a node holds at most {@code maxGpus}. */
    static int minNodes(JobRequest job, int maxGpus) {
        int n = job.requestedNodes();
        if (job.gpus() != null && job.gpusPerNode() == null && job.gpusPerTask() == null && maxGpus > 0) {
            n = Math.max(n, (job.gpus() + maxGpus - 1) / maxGpus);
        }
        return n;
    }
}
