package org.topoplanner.allocator.slurm;

import org.topoplanner.model.cluster.Cluster;

/**
 * A partition's {@code State=} as other packages need it ({@link PartitionLimits.State}): the replay builds its queue
 * records only from the partitions a job was let into.
 */
public final class PartitionStates {
    private PartitionStates() {
    }

    /**
     * Whether partition {@code name} takes submissions ({@code PARTITION_SUBMIT}: UP or DOWN). {@code _get_job_parts}
     * ({@code job_mgr.c}, 22.05, 24.11 and 26.05) removes one that does not (DRAIN, INACTIVE) from a job's
     * {@code part_ptr_list} at submission ({@code _alt_part_test}), so {@code build_job_queue} never makes a record
     * for it. True for a name that is no partition.
     */
    public static boolean takesSubmissions(Cluster cluster, String name) {
        return cluster.slurm().partitions().stream().filter(p -> p.name().equals(name)).findFirst()
                .map(p -> PartitionLimits.of(cluster, p).state().takesSubmissions()).orElse(true);
    }
}
