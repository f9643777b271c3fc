package org.topoplanner.model.job;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What a job asks for, in the terms of sbatch's options, independent of any one scheduler. Absent
 * options are {@code null} (or false, or empty lists); {@link SbatchOptions} reads and writes the
 * sbatch spelling.
 *
 * @param name            {@code -J}; the job's name in the plan
 * @param minNodes        {@code -N} minimum; {@code null} when {@code -N} was not given
 * @param maxNodes        {@code -N min-max} maximum; {@code null} when no maximum was given
 * @param ntasks          {@code -n}
 * @param ntasksPerNode   {@code --ntasks-per-node}
 * @param ntasksPerSocket {@code --ntasks-per-socket}
 * @param cpusPerTask     {@code -c}
 * @param gpus            {@code --gpus} (per job)
 * @param gpusPerNode     {@code --gpus-per-node}, or the count of {@code --gres=gpu[:type]:N}
 * @param gpusPerTask     {@code --gpus-per-task}
 * @param gpuType         the type of a typed GPU request ({@code h100}), else {@code null}
 * @param cpusPerGpu      {@code --cpus-per-gpu}
 * @param switches        {@code --switches=N}
 * @param switchesWait    the {@code @time} of {@code --switches}; {@code null} = Slurm's default
 * @param enforceBinding  {@code --gres-flags=enforce-binding}
 * @param exclusive       {@code --exclusive} (whole nodes)
 * @param exclusiveTopo   {@code --exclusive=topo} (whole base blocks, topology/block)
 * @param nodelist        {@code -w}, expanded
 * @param exclude         {@code -x}, expanded
 * @param segment         {@code --segment}
 */
public record JobRequest(String name, Integer minNodes, Integer maxNodes, Integer ntasks, Integer ntasksPerNode,
                         Integer ntasksPerSocket, Integer cpusPerTask, Integer gpus, Integer gpusPerNode,
                         Integer gpusPerTask, String gpuType, Integer cpusPerGpu, Integer switches,
                         Duration switchesWait, boolean enforceBinding, boolean exclusive, boolean exclusiveTopo,
                         List<String> nodelist, List<String> exclude, Integer segment) {
    public JobRequest {
        Objects.requireNonNull(name, "name");
        nodelist = List.copyOf(nodelist);
        exclude = List.copyOf(exclude);
        requirePositive("-N", minNodes);
        requirePositive("-N (maximum)", maxNodes);
        requirePositive("--ntasks", ntasks);
        requirePositive("--ntasks-per-node", ntasksPerNode);
        requirePositive("--ntasks-per-socket", ntasksPerSocket);
        requirePositive("--cpus-per-task", cpusPerTask);
        requirePositive("--cpus-per-gpu", cpusPerGpu);
        requirePositive("--segment", segment);
        requireNonNegative("--gpus", gpus);
        requireNonNegative("--gpus-per-node", gpusPerNode);
        requireNonNegative("--gpus-per-task", gpusPerTask);
        requireNonNegative("--switches", switches);
        if (gpuType != null && gpus == null && gpusPerNode == null && gpusPerTask == null) {
            throw new IllegalArgumentException("GPU type " + gpuType + " without a GPU count");
        }
        if (minNodes != null && maxNodes != null && maxNodes < minNodes) {
            throw new IllegalArgumentException("-N " + minNodes + "-" + maxNodes + ": the maximum is below the minimum");
        }
    }

    private static void requirePositive(String option, Integer v) {
        if (v != null && v < 1) {
            throw new IllegalArgumentException(option + " must be at least 1, not " + v);
        }
    }

    private static void requireNonNegative(String option, Integer v) {
        if (v != null && v < 0) {
            throw new IllegalArgumentException(option + " cannot be negative (" + v + ")");
        }
    }

    /** A request for {@code nodes} whole nodes' worth of {@code gpusPerNode} GPUs each. */
    public static JobRequest nodesWithGpus(String name, int nodes, int gpusPerNode) {
        return new JobRequest(name, nodes, null, null, null, null, null, null, gpusPerNode, null, null, null, null,
                null, false, false, false, List.of(), List.of(), null);
    }

    /** The node count Slurm plans for: {@code -N}, or the node list's size if larger, at least 1. */
    public int requestedNodes() {
        return Math.max(minNodes == null ? 1 : minNodes, nodelist.size());
    }

    public boolean asksForGpus() {
        return (gpus != null && gpus > 0) || (gpusPerNode != null && gpusPerNode > 0)
                || (gpusPerTask != null && gpusPerTask > 0);
    }

    public JobRequest withName(String newName) {
        return new JobRequest(newName, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask, gpus,
                gpusPerNode, gpusPerTask, gpuType, cpusPerGpu, switches, switchesWait, enforceBinding, exclusive,
                exclusiveTopo, nodelist, exclude, segment);
    }

    public JobRequest withNodelist(List<String> hosts) {
        return new JobRequest(name, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask, gpus,
                gpusPerNode, gpusPerTask, gpuType, cpusPerGpu, switches, switchesWait, enforceBinding, exclusive,
                exclusiveTopo, hosts, exclude, segment);
    }

    public JobRequest withSwitches(Integer count, Duration wait) {
        return new JobRequest(name, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask, gpus,
                gpusPerNode, gpusPerTask, gpuType, cpusPerGpu, count, wait, enforceBinding, exclusive,
                exclusiveTopo, nodelist, exclude, segment);
    }
}
