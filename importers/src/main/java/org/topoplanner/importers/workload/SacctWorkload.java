package org.topoplanner.importers.workload;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.workload.WorkloadJob;

/**
 * Accounting jobs as a what-if workload: submission times counted from the first submission, the recorded
 * run time (End - Start, at least one second) kept, and the request rebuilt as {@code -N NNodes} with the
 * GPUs spread evenly ({@code --gpus-per-node}) or, when they do not divide, {@code --gpus} in all. The GPU
 * type is dropped: a design under test need not have the site's GPU model.
 *
 * @param epoch the first submission: submit 0 of the workload
 * @param jobs  in submission order (file order among equal times)
 */
public record SacctWorkload(LocalDateTime epoch, List<WorkloadJob> jobs) {
    public SacctWorkload {
        jobs = List.copyOf(jobs);
    }

    public static SacctWorkload of(List<SacctJob> accounted) {
        List<SacctJob> sorted = new ArrayList<>(accounted);
        sorted.sort(Comparator.comparing(SacctJob::submit));
        LocalDateTime epoch = sorted.isEmpty() ? LocalDateTime.of(1970, 1, 1, 0, 0) : sorted.get(0).submit();
        List<WorkloadJob> jobs = new ArrayList<>();
        for (SacctJob j : sorted) {
            jobs.add(job(epoch, j));
        }
        return new SacctWorkload(epoch, jobs);
    }

    /** One accounted job as a workload job submitted {@code epoch} + its submit offset. */
    static WorkloadJob job(LocalDateTime epoch, SacctJob j) {
        JobRequest r = j.gpus() % j.nodes() == 0 ? JobRequest.nodesWithGpus(j.jobId(), j.nodes(), j.gpus() / j.nodes())
                : JobRequest.builder().name(j.jobId()).nodes(j.nodes()).gpus(j.gpus()).build();
        return new WorkloadJob(j.jobId(), Duration.between(epoch, j.submit()).getSeconds(),
                Math.max(1, j.runSeconds()), j.limitSeconds(), r, j.gpus(), j.partition(), j.nodeList());
    }
}
