package org.topoplanner.allocator.replay;

import java.util.List;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * The partitions two jobs run in, as {@code slurmctld}'s {@code _top_priority} compares them: a pending job
 * holds a later one back only when their partitions share a node ({@code bit_overlap_any} of the partitions'
 * node bitmaps). A cluster without partitions is one partition.
 */
final class Partitions {
    private Partitions() {
    }

    /** Whether the partitions of {@code a} and {@code b} share a node (true without partitions). */
    static boolean overlap(Cluster cluster, JobRequest a, JobRequest b) {
        SlurmPartition pa = of(cluster, a);
        SlurmPartition pb = of(cluster, b);
        if (pa == null || pb == null || pa.name().equals(pb.name())) {
            return true;
        }
        return cluster.hostNames().stream().anyMatch(h -> pa.holds(h) && pb.holds(h));
    }

    /**
     * The {@code topology.yaml} topology the job's partition is bound to ({@code Topology=}, else the
     * {@code cluster_default} one; slurmctld's {@code part_ptr->topology_idx}); {@code null} without topologies.
     */
    static String topology(Cluster cluster, JobRequest job) {
        if (cluster.slurm().topologies().isEmpty()) {
            return null;
        }
        SlurmPartition p = of(cluster, job);
        String name = p == null ? null : p.topology();
        return name != null ? name : cluster.slurm().defaultTopology().map(t -> t.name()).orElse(null);
    }

    /** The job's partition: {@code -p}, else the default one; {@code null} when none applies. */
    static SlurmPartition of(Cluster cluster, JobRequest job) {
        List<SlurmPartition> all = cluster.slurm().partitions();
        if (job.partition() != null) {
            return all.stream().filter(p -> p.name().equals(job.partition())).findFirst().orElse(null);
        }
        return all.stream().filter(SlurmPartition::isDefault).findFirst().orElse(null);
    }
}
