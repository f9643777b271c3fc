package org.topoplanner.model.workload;

import java.util.Objects;
import org.topoplanner.model.job.JobRequest;

/**
 * One job of a workload: when it was submitted, how long it ran, and what it asked for. The run time is
 * what accounting recorded (or the generator drew); a what-if replay keeps it whatever the placement,
 * and only estimates the slowdown a worse placement would cause.
 *
 * @param id           the job's id in its source ({@code 4211}, {@code 4213_7}, the generator numbers from 1)
 * @param submit       seconds since the workload's epoch (the first submission, for sacct); never negative
 * @param runSeconds   recorded run time, End - Start; at least 1 so that every job occupies the cluster
 * @param limitSeconds the time limit, 0 when unknown or unlimited
 * @param request      what is asked of the scheduler: nodes and GPUs per node, as sbatch options
 * @param gpus         GPUs asked for in all, for grouping by job size
 * @param partition    the partition, empty when the source names none
 * @param recordedNodes the node list accounting recorded (empty when none): kept for reference only
 */
public record WorkloadJob(String id, long submit, long runSeconds, long limitSeconds, JobRequest request, int gpus,
                          String partition, String recordedNodes) {
    public WorkloadJob {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(recordedNodes, "recordedNodes");
        if (submit < 0 || runSeconds < 1 || limitSeconds < 0 || gpus < 0) {
            throw new IllegalArgumentException("job " + id + ": submit " + submit + ", run " + runSeconds
                    + " s, limit " + limitSeconds + " s, " + gpus + " GPUs");
        }
    }

    /** A job of {@code nodes} nodes with {@code gpusPerNode} GPUs each, named {@code id}. */
    public static WorkloadJob of(String id, long submit, long runSeconds, int nodes, int gpusPerNode) {
        return new WorkloadJob(id, submit, runSeconds, 0, JobRequest.nodesWithGpus(id, nodes, gpusPerNode),
                nodes * gpusPerNode, "", "");
    }

    /** Nodes asked for (the minimum when a range was given; 1 when the request names none). */
    public int nodes() {
        return request.requestedNodes();
    }
}
