package org.topoplanner.allocator.validate;

import org.topoplanner.model.job.JobRequest;

/**
 * What a request asks of the nodes, read the way Slurm reads it.
 *
 * @param minNodes    {@code -N} minimum, or the node list's size if larger; at least 1
 * @param maxNodes    the most nodes allowed: {@code -N min-max}'s maximum, or the minimum when {@code -N}
 *                    gives one number (sbatch: "if only one number is specified, this is used as both
 *                    the minimum and maximum node count"); {@code null} when {@code -N} is absent
 * @param gpusPerNode GPUs each node must give ({@code --gpus-per-node}, or {@code --gpus-per-task} times
 *                    {@code --ntasks-per-node}); 0 when the request does not fix it
 * @param gpusTotal   GPUs the whole job must get ({@code --gpus}, or {@code --gpus-per-task} times
 *                    {@code --ntasks}); 0 when the request does not fix it
 * @param cpusPerTask {@code -c}, 1 when absent
 */
record JobDemand(int minNodes, Integer maxNodes, int gpusPerNode, int gpusTotal, int cpusPerTask,
                 Integer ntasksPerNode, Integer cpusPerGpu, boolean asksForGpus) {

    static JobDemand of(JobRequest r) {
        Integer max = r.maxNodes() != null ? r.maxNodes()
                : r.minNodes() != null ? Math.max(r.minNodes(), r.nodelist().size()) : null;
        int perNode = r.gpusPerNode() != null ? r.gpusPerNode()
                : r.gpusPerTask() != null && r.ntasksPerNode() != null ? r.gpusPerTask() * r.ntasksPerNode() : 0;
        int total = r.gpus() != null ? r.gpus()
                : r.gpusPerTask() != null && r.ntasks() != null ? r.gpusPerTask() * r.ntasks() : 0;
        return new JobDemand(r.requestedNodes(), max, perNode, total, r.cpusPerTask() == null ? 1 : r.cpusPerTask(),
                r.ntasksPerNode(), r.cpusPerGpu(), r.asksForGpus());
    }

    /** The CPUs a node must give the job when it holds {@code gpusOnNode} of its GPUs. */
    int cpusNeeded(int gpusOnNode) {
        int byTasks = ntasksPerNode == null ? 0 : ntasksPerNode * cpusPerTask;
        int byGpus = cpusPerGpu == null ? 0 : cpusPerGpu * gpusOnNode;
        return Math.max(byTasks, byGpus);
    }
}
