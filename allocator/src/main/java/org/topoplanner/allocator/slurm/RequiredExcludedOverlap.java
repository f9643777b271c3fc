package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;

/**
 * A node both named ({@code -w}) and excluded ({@code -x}): slurmctld's {@code _job_create} ({@code
 * slurmctld/job_mgr.c}, 22.05.8, 24.11.5 and 26.05.5 alike) logs "Job's required and excluded node lists overlap" and
 * refuses the job with {@code ESLURM_INVALID_NODE_NAME} ("Invalid node name specified"), before any node is tested.
 * Own cases fuzz03 f31 ({@code -x p1 -w p1 -n2}), fuzz11 f7, yamlfz18 y6, yamlfz26 y3, yamlfz29 y40, yamlfz40 y24.
 */
final class RequiredExcludedOverlap {
    static final String REFUSAL = "Invalid node name specified: the job's required and excluded node lists overlap";

    private RequiredExcludedOverlap() {
    }

    /** The refusal, or null when no named node is excluded. */
    static String refusal(JobRequest request) {
        return request.nodelist().stream().anyMatch(request.exclude()::contains) ? REFUSAL : null;
    }
}
