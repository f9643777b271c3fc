package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;

/**
 * The job's {@code --time} in minutes, as slurmctld keeps it ({@code time_limit}: {@code time_str2mins}, seconds
 * rounded up). The parser keeps {@code --time} among the request's notes (it moves no node choice); the one rule that
 * reads it is {@code job_limits_check}'s test against the partition's {@code MaxTime} ({@link JobLimitsCheck}).
 */
final class JobTimeLimit {
    private JobTimeLimit() {
    }

    /** The minutes of the last {@code --time=} note; null when there is none or it is INFINITE. */
    static Long minutes(JobRequest request) {
        Long found = null;
        for (String note : request.notes()) {
            if (note.startsWith("--time=")) {
                found = PartitionLimits.minutes(note.substring("--time=".length()));
            }
        }
        return found;
    }

    /** {@code request} without its {@code --time} notes: the job a time limit does not hold. */
    static JobRequest without(JobRequest request) {
        return request.toBuilder().notes(request.notes().stream().filter(n -> !n.startsWith("--time=")).toList())
                .build();
    }
}
