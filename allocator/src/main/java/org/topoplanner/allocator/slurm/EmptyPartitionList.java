package org.topoplanner.allocator.slurm;

import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A {@code -p} of commas only ({@code -p ,,}), per release. sbatch sends the text as given; slurmctld's
 * {@code get_part_list} ({@code partition_mgr.c}) splits it with {@code strtok_r} and finds no name. 22.05's and
 * 24.11's {@code _get_job_parts} ({@code job_mgr.c}) then have no {@code part_ptr} and refuse the job ("invalid
 * partition specified: (null)", {@code ESLURM_INVALID_PARTITION_NAME}); 26.05's refuses only when a name was not a
 * partition ({@code err_part}) and otherwise, without a {@code part_ptr}, takes {@code default_part_loc}, as for a job
 * without {@code -p}. Own probe c16b1 b6 ({@code -p ,, -N1 -n1}): refused by 22.05.8 and 24.11.5, run in the default
 * partition by 26.05.5.
 */
final class EmptyPartitionList {
    private EmptyPartitionList() {
    }

    /** Whether {@code request}'s {@code -p} names no partition though it was given. */
    static boolean given(JobRequest request) {
        return request.partition() != null && request.partitions().isEmpty();
    }

    /** 22.05's and 24.11's refusal, or null for a release that takes the default partition. */
    static Suggestion refusal(SlurmVersion version) {
        return version.atLeast(SlurmVersion.V26_05) ? null
                : new Suggestion.Impossible(
                        "Invalid partition name specified: invalid partition specified: (null)");
    }

    /** The request as 26.05 runs it: in the default partition, as without {@code -p}. */
    static JobRequest inDefaultPartition(JobRequest request) {
        return request.toBuilder().partition(null).build();
    }
}
