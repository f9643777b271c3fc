package org.topoplanner.allocator.planner;

import org.topoplanner.model.job.JobRequest;

/**
 * What a job needs on each of its nodes, worked out from the request the way sbatch counts:
 * GPUs from {@code --gpus-per-node}, or {@code --gpus-per-task} times the tasks on the node, or an
 * even share of {@code --gpus}; cores from the tasks times {@code -c}, or {@code --cpus-per-gpu}
 * times the GPUs when that is more. The cores a node gives are whole cores for those CPUs
 * ({@link #cores}), as Slurm gives them with {@code CR_Core}.
 *
 * @param nodes          how many nodes the job takes
 * @param gpus           GPUs on every node (an even share of {@code --gpus}, rounded up)
 * @param spareGpus      GPUs the rounding-up asks for beyond {@code --gpus}: the last nodes take one fewer each
 * @param cpus           CPUs on every node
 * @param enforceBinding cores only among the chosen GPUs' affine cores
 * @param exclusive      whole idle nodes
 * @param gpuType        only GPUs of this type, or {@code null}
 * @param cpusPerGpu     {@code --cpus-per-gpu}, 0 when not given: with {@code enforce-binding} each socket
 *                       holds that many CPUs for each of the job's GPUs on it (Slurm's per-socket rule)
 * @param looseBinding   {@code enforce-binding} as Slurm applies it on a node whose GPUs' sockets lack the
 *                       cores but whose core filter accepts the job all the same ({@link #loosened}): cores
 *                       may sit off the GPUs' sockets; the per-socket CPUs-per-GPU rule still holds
 */
public record NodeDemand(int nodes, int gpus, int spareGpus, int cpus, boolean enforceBinding, boolean exclusive,
                         String gpuType, int cpusPerGpu, boolean looseBinding) {

    /** A demand without {@code --cpus-per-gpu}. */
    public NodeDemand(int nodes, int gpus, int spareGpus, int cpus, boolean enforceBinding, boolean exclusive,
                      String gpuType) {
        this(nodes, gpus, spareGpus, cpus, enforceBinding, exclusive, gpuType, 0, false);
    }

    /**
     * The demand on a node where Slurm's core filter accepts an {@code enforce-binding} job that the GPUs'
     * own cores cannot hold: 22.05 counts every socket it visits as required until the GPUs suffice, so
     * a socket without free GPUs lends its cores (its {@code gres_select_filter_sock_core}; own property
     * {@code PlannerBindingPropertyTest}: {@code -N2 -n2 -c5 --gpus-per-node=2} gets cores of socket 0
     * for GPUs of socket 1). The planner takes such a node as Slurm does rather than refuse it.
     */
    public NodeDemand loosened() {
        return new NodeDemand(nodes, gpus, spareGpus, cpus, enforceBinding, exclusive, gpuType, cpusPerGpu, true);
    }

    /** Cores only among the chosen GPUs' affine cores. */
    public boolean strictBinding() {
        return enforceBinding && !looseBinding;
    }

    /**
     * Whole cores for {@link #cpus} on a node with {@code threadsPerCore} threads per core: Slurm
     * ({@code CR_Core}) gives a job whole cores, so 6 CPUs take 3 cores of a 2-thread node
     * ({@code _select_cores}: required cores are the tasks' CPUs over the threads per core, rounded up).
     */
    public int cores(int threadsPerCore) {
        int t = Math.max(1, threadsPerCore);
        return (cpus + t - 1) / t;
    }

    /**
     * The demand of {@code job} on {@code nodes} nodes; {@code nodes} is the request's node count except
     * for {@code --gpus} jobs, which may need more nodes than they name.
     */
    public static NodeDemand of(JobRequest job, int nodes) {
        int perTaskCpus = job.cpusPerTask() == null ? 1 : job.cpusPerTask();
        int tasks = tasksPerNode(job, nodes);
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
                job.gpuType(), job.cpusPerGpu() == null ? 0 : job.cpusPerGpu(), false);
    }

    /**
     * The demand of a node that takes one GPU fewer than this even share (the rounding's spare, {@link #spareGpus}):
     * its CPUs are the tasks' CPUs or {@code --cpus-per-gpu} times its own GPUs, whichever is more, as sbatch counts
     * them per node, not the full share's.
     */
    NodeDemand oneGpuFewer(JobRequest job) {
        return trimmed(job, false, true);
    }

    /**
     * The tasks the even share's rounding-up adds beyond {@code -n} on {@code nodes} nodes: that many nodes take one
     * task fewer. Slurm lays out exactly {@code -n} tasks ({@code _dist_tasks_compute_c_b}: {@code -N3 -n4 -c3} holds
     * 6 + 3 + 3 CPUs, {@code -N2 -n3 --gpus-per-task=1} 2 + 1 GPUs), where the share of every node held 6 + 6 + 6 and
     * 2 + 2 (seed -987 of d17c's notes: {@code --gpus=3 --ntasks-per-gpu=1} on two nodes, 2 + 2 CPUs for 2 + 1).
     */
    static int spareTasks(JobRequest job, int nodes) {
        if (job.ntasksPerNode() != null || job.ntasks() == null || nodes < 1) {
            return 0;
        }
        int share = tasksPerNode(job, nodes);
        return share > 1 ? share * nodes - job.ntasks() : 0;
    }

    /**
     * The demand of a node the rounding trims: one task fewer ({@code fewerTask}, {@link #spareTasks}; its
     * {@code --gpus-per-task} GPUs go with it) and one GPU fewer of a {@code --gpus} total ({@code fewerGpu},
     * {@link #spareGpus}). Its CPUs are its tasks' CPUs or {@code --cpus-per-gpu} times its own GPUs, whichever is
     * more.
     */
    NodeDemand trimmed(JobRequest job, boolean fewerTask, boolean fewerGpu) {
        int perTaskCpus = job.cpusPerTask() == null ? 1 : job.cpusPerTask();
        int tasks = tasksPerNode(job, nodes) - (fewerTask ? 1 : 0);
        int fewer = gpus;
        if (fewerTask && job.gpusPerTask() != null && job.gpusPerNode() == null) {
            fewer = job.gpusPerTask() * tasks;
        }
        if (fewerGpu) {
            fewer--;
        }
        int cpuCount = fewerTask || cpusPerGpu > 0 ? Math.max(tasks * perTaskCpus, fewer * cpusPerGpu) : cpus;
        return new NodeDemand(nodes, fewer, 0, Math.max(1, cpuCount), enforceBinding, exclusive, gpuType, cpusPerGpu,
                looseBinding);
    }

    private static int tasksPerNode(JobRequest job, int nodes) {
        if (job.ntasksPerNode() != null) {
            return job.ntasksPerNode();
        }
        return job.ntasks() != null ? (job.ntasks() + nodes - 1) / nodes : 1;
    }

    /** The fewest nodes a {@code --gpus=N} job can use when a node holds at most {@code maxGpus}. */
    static int minNodes(JobRequest job, int maxGpus) {
        int n = job.requestedNodes();
        if (job.ntasks() != null && job.ntasks() < n) {
            // sbatch: "can't run 1 processes on 2 nodes, setting nnodes to 1" (SlurmJobSpec.of; fuzz36 p31, -N2 -n1
            // -c6, ran on one node in all three releases)
            n = Math.max(job.ntasks(), job.nodelist().size());
        }
        if (job.gpus() != null && job.gpusPerNode() == null && job.gpusPerTask() == null && maxGpus > 0) {
            n = Math.max(n, (job.gpus() + maxGpus - 1) / maxGpus);
        }
        if (spreadsTasks(job) && maxGpus > 0) {
            int tasksPerNode = Math.max(1, maxGpus / job.gpusPerTask());
            n = Math.max(n, (job.ntasks() + tasksPerNode - 1) / tasksPerNode);
        }
        return n;
    }

    /**
     * {@code -n} x {@code --gpus-per-task} without {@code -N}: Slurm spreads the tasks over as many nodes as their
     * GPUs need ({@code -n6 --gpus-per-task=1} on 3-GPU nodes runs on two, {@code -w} naming one of them), where a
     * one-node reading never fits.
     */
    static boolean spreadsTasks(JobRequest job) {
        return job.gpusPerTask() != null && job.minNodes() == null && job.ntasks() != null && job.ntasks() > 1;
    }

    /**
     * {@code -n} x {@code -c} without GPUs, {@code -N} or {@code --ntasks-per-node}: Slurm spreads the tasks over as
     * many nodes as their CPUs need ({@code -n5 -c10} on 32-CPU nodes runs on two), as it does GPU tasks.
     */
    static boolean spreadsCpuTasks(JobRequest job) {
        boolean gpus = positive(job.gpus()) || positive(job.gpusPerNode()) || positive(job.gpusPerTask());
        return !gpus && job.minNodes() == null && job.ntasksPerNode() == null && job.ntasks() != null
                && job.ntasks() > 1;
    }

    private static boolean positive(Integer n) {
        return n != null && n > 0;
    }
}
