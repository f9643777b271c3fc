package org.topoplanner.model.job;

import java.util.ArrayList;
import java.util.List;

/**
 * The one translation of an sbatch-shaped request into Kubernetes pods, used by every Kubernetes policy and by
 * the export, so the job placed is the job written. The table (also in {@code docs/pod-shapes.md}):
 *
 * <pre>
 * sbatch                                        pods                      containers of each pod
 * -N n ...                                      n, one per node           one, with the node's share below
 * -N n --ntasks-per-node=t --gpus-per-task=g    n, one per node           t, each g GPUs and c CPUs
 *      [-c c | --cpus-per-gpu=k (c = k x g)]
 * -n t (no -N)                                  t, any node               one: --gpus-per-task GPUs, -c CPUs
 * --exclusive                                   n, one per node           one asking for the node's allocatable
 * --mem=M                                       -                         M per pod, split evenly over containers
 *                                                                         (--mem=0: the node's whole memory)
 * --mem-per-gpu=G / --mem-per-cpu=C             -                         G x its GPUs / C x its CPUs (at least
 *                                                                         one CPU, as Slurm allocates one)
 * </pre>
 *
 * A pod's single container gets the node's share: GPUs from {@code --gpus-per-node}, else
 * {@code --gpus-per-task} x {@code --ntasks-per-node} (one task when not given), else {@code --gpus} spread
 * evenly (rounded up); CPUs from {@code --ntasks-per-node} x {@code -c} (1 when not given), else
 * {@code --cpus-per-gpu} x GPUs, else {@code -c}, else none. Every shape is a gang of all its pods (a
 * Slurm job starts whole). A job given as a pod shape directly keeps that shape.
 */
public final class SbatchToPods {
    private SbatchToPods() {
    }

    /** The pods of {@code job}; {@code node} sizes whole-node pods and {@code --mem=0}. */
    public static PodShape of(JobRequest job, NodeSize node) {
        if (job.podShape() != null) {
            return job.podShape().resolvedOn(node);
        }
        if (job.exclusive() || job.exclusiveTopo()) {
            return new PodShape(job.requestedNodes(), List.of(ContainerSpec.of(0, 0)), PodShape.PodsPerNode.ONE,
                    null, null, null, true).resolvedOn(node);
        }
        long mem = job.memMiB() == null ? 0 : job.memMiB() == 0 ? node.memMiB() : job.memMiB();
        if (job.minNodes() == null && job.nodelist().isEmpty() && job.ntasks() != null && job.ntasksPerNode() == null) {
            int gpus = job.gpusPerTask() == null ? 0 : job.gpusPerTask();
            ContainerSpec task = ContainerSpec.of(gpus, taskCpus(job, gpus)).withMemMiB(mem + gpuMem(job, gpus)
                    + cpuMem(job, taskCpus(job, gpus)));
            return new PodShape(job.ntasks(), List.of(task), PodShape.PodsPerNode.ANY, null, null, null, false);
        }
        int nodes = job.requestedNodes();
        List<ContainerSpec> containers = new ArrayList<>();
        if (job.gpusPerTask() != null && job.gpusPerNode() == null && job.ntasksPerNode() != null) {
            for (int t = 0; t < job.ntasksPerNode(); t++) {
                containers.add(ContainerSpec.of(job.gpusPerTask(), taskCpus(job, job.gpusPerTask())));
            }
        } else {
            containers.add(ContainerSpec.of(gpusPerNode(job, nodes), cpusPerNode(job, gpusPerNode(job, nodes))));
        }
        List<ContainerSpec> withMem = new ArrayList<>();
        long share = (mem + containers.size() - 1) / containers.size();
        containers.forEach(c -> withMem.add(c.withMemMiB(share + gpuMem(job, c.gpus()) + cpuMem(job, c.cpus()))));
        return new PodShape(nodes, withMem, PodShape.PodsPerNode.ONE, null, null, null, false);
    }

    /** {@code --mem-per-gpu}: the memory a container's GPUs ask for (none without the option). */
    private static long gpuMem(JobRequest job, int gpus) {
        return job.memPerGpuMiB() == null ? 0 : job.memPerGpuMiB() * gpus;
    }

    /**
     * {@code --mem-per-cpu}: the memory a container's CPUs ask for; a container that names no CPUs still gets one
     * in Slurm (a job's {@code pn_min_cpus} is at least 1), so it asks for one CPU's memory.
     */
    private static long cpuMem(JobRequest job, int cpus) {
        return job.memPerCpuMiB() == null ? 0 : job.memPerCpuMiB() * Math.max(1, cpus);
    }

    private static int gpusPerNode(JobRequest job, int nodes) {
        if (job.gpusPerNode() != null) {
            return job.gpusPerNode();
        }
        if (job.gpusPerTask() != null) {
            return job.gpusPerTask() * (job.ntasksPerNode() == null ? 1 : job.ntasksPerNode());
        }
        return job.gpus() == null ? 0 : (job.gpus() + nodes - 1) / nodes;
    }

    private static int cpusPerNode(JobRequest job, int gpus) {
        if (job.ntasksPerNode() != null) {
            return job.ntasksPerNode() * (job.cpusPerTask() == null ? 1 : job.cpusPerTask());
        }
        if (job.cpusPerGpu() != null) {
            return job.cpusPerGpu() * gpus;
        }
        return job.cpusPerTask() == null ? 0 : job.cpusPerTask();
    }

    private static int taskCpus(JobRequest job, int gpus) {
        if (job.cpusPerTask() != null) {
            return job.cpusPerTask();
        }
        return job.cpusPerGpu() != null ? job.cpusPerGpu() * gpus : 1;
    }

    /**
     * The sbatch fields that say the same as {@code shape}, on top of {@code base} (its name, node list,
     * partition), so that checks written in sbatch's terms judge a job given as pods: one pod per node is
     * {@code -N pods} with the pod's GPUs, CPUs and memory per node; pods that may share nodes are
     * {@code -n pods} tasks with the pod's GPUs and CPUs per task.
     */
    public static JobRequest withShape(JobRequest base, PodShape shape) {
        JobRequest.Builder b = base.toBuilder().podShape(shape).exclusive(shape.wholeNode()).exclusiveTopo(false);
        int gpus = shape.gpusPerPod();
        int cpus = shape.cpusPerPod();
        Integer cpusOrNull = cpus > 0 ? cpus : null;
        if (shape.onePerNode()) {
            b.nodes(shape.pods(), null).ntasks(null).ntasksPerNode(cpus > 0 ? 1 : null).cpusPerTask(cpusOrNull)
                    .gpus(null).gpusPerNode(gpus > 0 ? gpus : null).gpusPerTask(null).cpusPerGpu(null);
        } else {
            b.nodes(null, null).ntasks(shape.pods()).ntasksPerNode(null).cpusPerTask(cpusOrNull).gpus(null)
                    .gpusPerNode(null).gpusPerTask(gpus > 0 ? gpus : null).cpusPerGpu(null);
        }
        long mem = shape.memMiBPerPod();
        return b.memMiB(mem > 0 ? mem : null).memPerGpuMiB(null).memPerCpuMiB(null).threadsPerCore(null).gpuType(gpus > 0 ? base.gpuType() : null).build();
    }
}
