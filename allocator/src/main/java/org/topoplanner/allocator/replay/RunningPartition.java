package org.topoplanner.allocator.replay;

import java.util.Collection;
import java.util.List;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * The partition a planned job certainly runs in, for a planner state that counts its cores against that partition's
 * {@code MaxCPUsPerNode} only ({@code _allocate_sc}'s {@code part_core_map}, h21d). A plan does not say which of a job's
 * partitions Slurm chose, so only an answer Slurm cannot contradict is given: the job's one partition (the default one
 * without {@code -p}), or of several the only one whose nodes hold every placed host. Otherwise null: the job then
 * counts against any asking job's partition ({@code StateUsage.partitionCores}), which can only leave a later job fewer
 * CPUs than Slurm would, never more, so the planner still starts nothing Slurm refuses.
 */
public final class RunningPartition {
    private RunningPartition() {
    }

    /** The name of the partition {@code job}, placed on {@code hosts}, runs in when that is certain; else null. */
    public static String certain(Cluster cluster, JobRequest job, Collection<String> hosts) {
        if (job.partitions().size() <= 1) {
            SlurmPartition p = Partitions.of(cluster, job);
            return p == null ? null : p.name();
        }
        List<SlurmPartition> holding = Partitions.named(cluster, job).stream()
                .filter(p -> hosts.stream().allMatch(p::holds)).toList();
        return holding.size() == 1 ? holding.get(0).name() : null;
    }
}
