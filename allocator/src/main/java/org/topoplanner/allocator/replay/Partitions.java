package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmVersion;

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
        List<SlurmPartition> pa = named(cluster, a);
        List<SlurmPartition> pb = named(cluster, b);
        if (pa.isEmpty() || pb.isEmpty()) {
            return true;
        }
        // a job of several partitions has a queue record in each (build_job_queue): any pair that shares a node
        return pa.stream().anyMatch(x -> pb.stream().anyMatch(y -> x.name().equals(y.name())
                || cluster.hostNames().stream().anyMatch(h -> x.holds(h) && y.holds(h))));
    }

    /**
     * Whether the pending job {@code ahead} (submitted earlier, so of higher priority) keeps {@code job} from being top
     * priority at its submission ({@code _top_priority}, {@code job_mgr.c}), by their partitions.
     *
     * <p>22.05 never gets to the partitions for jobs without a reservation: its "same reservation" test,
     * {@code !xstrcmp(job_ptr2->resv_name, job_ptr->resv_name)}, holds for two NULL names, and that branch decides by
     * priority alone, so every pending job ahead holds {@code job} back, whatever partitions either names (own probe
     * c12g1 a11, {@code -p hi,cpu} behind a10 of cpu,gpu, tier 5 against tier 1: {@code Priority} at once in 22.05.8;
     * c16b1 b9's {@code RUNNING}, read 0.62 s after its sbatch, is the pass before the look). 24.11 and 26.05
     * ({@code _can_resv_overlap} instead) compare the partitions: {@code job}'s lowest {@code PriorityTier} above
     * {@code ahead}'s highest lets {@code job} go first ({@code _cmp_part_prio_tier}), and otherwise the union of each
     * job's partitions ({@code _get_all_part_nodes}) must share a node. Without partitions every pair overlaps.
     */
    static boolean holdsBack(Cluster cluster, SlurmVersion version, JobRequest ahead, JobRequest job) {
        if (version == SlurmVersion.V22_05) {
            return true;
        }
        List<SlurmPartition> mine = inTierOrder(cluster, named(cluster, job));
        List<SlurmPartition> theirs = inTierOrder(cluster, named(cluster, ahead));
        if (mine.isEmpty() || theirs.isEmpty()) {
            return true;
        }
        Map<String, String> keys = cluster.slurm().keys();
        int myLowest = SlurmPartition.priorityTier(keys, mine.get(mine.size() - 1).name());
        int theirHighest = SlurmPartition.priorityTier(keys, theirs.get(0).name());
        return myLowest <= theirHighest && overlap(cluster, ahead, job);
    }

    /** The partitions in {@code part_ptr_list}'s order: higher {@code PriorityTier} first, the order given among equals. */
    static List<SlurmPartition> inTierOrder(Cluster cluster, List<SlurmPartition> partitions) {
        Map<String, String> keys = cluster.slurm().keys();
        List<SlurmPartition> order = new ArrayList<>(partitions);
        order.sort(Comparator.comparingInt((SlurmPartition p) -> SlurmPartition.priorityTier(keys, p.name())).reversed());
        return order;
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

    /**
     * The job as it runs after its queue record {@code record} started it: for a job of several partitions, the job
     * kept to that record's partition, as {@code schedule} ({@code job_scheduler.c}, 22.05, 24.11 and 26.05) sets
     * {@code job_ptr->part_ptr = part_ptr} from the record before {@code select_nodes} (and
     * {@code _select_nodes_parts}, {@code job_mgr.c}, from the partition it is trying at submission). That partition,
     * not the first in {@code PriorityTier} order whose nodes hold the placed hosts, is the one whose rows hold the
     * job's cores (cons_tres {@code job_res_add_job}, {@code job_resources.c}:
     * {@code p_ptr->part_ptr == job_ptr->part_ptr}) and whose topology widens an {@code --exclusive=topo} job.
     * Lead's case featfz29 f30 ({@code -p all,mix --gpus=6 --ntasks-per-gpu=3 -c3}): mix (tier 2) never holds its 18
     * CPUs a node past {@code MaxCPUsPerNode=6}, so it runs in all on b1, b2 and c1, nodes of mix too, and f39
     * ({@code -p all,mix -n3 -c3 --gpus=2}) then finds mix's cap untouched there: b1 and b2 in mix, in 24.11.5 and
     * 26.05.5. Likewise featfz28 f44 ({@code -p short,mix -N1 -n4 -c3}, past mix's cap of 4) runs its 12 CPUs on c1 in
     * short, and f46 ({@code -p mix}) then takes c1 in 22.05.8 and 24.11.5 (b1 in 26.05.5); own probe c27x1 (x2 after
     * x1, every release).
     */
    static JobRequest ranIn(JobRequest job, JobRequest record) {
        return job.partitions().size() > 1 ? job.toBuilder().partition(record.partition()).build() : job;
    }

    /**
     * {@code state} with {@code job} started at {@code placement}: the topology
     * ({@code job_ptr->part_ptr->topology_idx} in 26.05's {@code node_mgr_make_node_blocked}) and the partition it
     * runs in recorded ({@code job} names that one partition, {@link #ranIn}; the pass's own copy of the state,
     * {@code withTopology} false, records the partition only).
     */
    static ClusterState started(ClusterState state, Placement placement, ClusterState.Hold hold, HeldMemory memory,
                                JobRequest job, boolean withTopology) {
        Cluster cluster = state.cluster();
        SlurmPartition p = of(cluster, job);
        return state.with(placement, hold, memory, withTopology ? topology(cluster, job) : null,
                p == null ? null : p.name());
    }

    /**
     * The partitions {@code -p} names that the cluster declares, in the order given; the default one (or none) without
     * {@code -p}.
     */
    static List<SlurmPartition> named(Cluster cluster, JobRequest job) {
        List<SlurmPartition> all = cluster.slurm().partitions();
        if (job.partitions().size() <= 1) {
            SlurmPartition p = of(cluster, job);
            return p == null ? List.of() : List.of(p);
        }
        return job.partitions().stream()
                .flatMap(n -> all.stream().filter(p -> p.name().equals(n)).findFirst().stream()).toList();
    }

    /**
     * Whether the job's partition holds every node its {@code -w} names (true without {@code -w} or without a known
     * partition): {@code select_nodes}' {@code _nodes_in_sets} test.
     */
    static boolean holdsRequiredNodes(Cluster cluster, JobRequest job) {
        SlurmPartition p = of(cluster, job);
        return p == null || p.nodes() == null || job.nodelist().stream().allMatch(p::holds);
    }

    /**
     * The job's partition: {@code -p} naming one, else the default one (also for a {@code -p} of commas only, which
     * only a release that takes the default partition lets into the queue); {@code null} when none applies.
     */
    static SlurmPartition of(Cluster cluster, JobRequest job) {
        List<SlurmPartition> all = cluster.slurm().partitions();
        if (job.partitions().size() == 1) {
            String name = job.partitions().get(0);
            return all.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
        } else if (!job.partitions().isEmpty()) {
            return null;
        }
        return all.stream().filter(SlurmPartition::isDefault).findFirst().orElse(null);
    }

    /**
     * One record of {@code build_job_queue}'s queue: the job, and the request kept to the partition the record is for
     * (the job's own request when it names one partition or none).
     */
    record QueueRecord(String job, JobRequest spec, int tier) {
    }

    /**
     * The queue as {@code schedule} ({@code job_scheduler.c}, 22.05, 24.11 and 26.05) pops it: one record per
     * partition of each job ({@code build_job_queue}: {@code _build_job_queue_for_part} over {@code part_ptr_list},
     * which {@code get_part_list} sorted by {@code PriorityTier}), sorted by {@code sort_job_queue2}: the record's
     * partition's {@code PriorityTier} first (higher first), then the job's priority, submission and id, the order
     * {@code jobs} already have ({@code List.sort} is stable, as glibc's merge-sorting {@code qsort}). A later record of
     * a job that started in an earlier one is passed over ("started in other part/qos").
     */
    static List<QueueRecord> queueRecords(Cluster cluster, Collection<String> jobs, Function<String, JobRequest> spec) {
        return queueRecords(cluster, jobs, spec, (r, p) -> r.toBuilder().partition(p).build());
    }

    /**
     * {@link #queueRecords(Cluster, Collection, Function)} with each partition's record made by {@code keptTo}
     * ({@link PlacementPolicy#keptToPartition}).
     */
    static List<QueueRecord> queueRecords(Cluster cluster, Collection<String> jobs, Function<String, JobRequest> spec,
                                          BiFunction<JobRequest, String, JobRequest> keptTo) {
        Map<String, String> keys = cluster.slurm().keys();
        List<QueueRecord> out = new ArrayList<>();
        for (String job : jobs) {
            JobRequest r = spec.apply(job);
            List<SlurmPartition> named = named(cluster, r);
            if (r.partition() != null && r.partition().indexOf(',') >= 0 && named.size() == r.partitions().size()) {
                List<QueueRecord> own = new ArrayList<>();
                for (SlurmPartition p : named) {
                    if (!SlurmPartition.takesSubmissions(keys, p.name())) {
                        continue; // dropped from part_ptr_list at submission (SlurmPartition.takesSubmissions)
                    }
                    own.add(new QueueRecord(job, keptTo.apply(r, p.name()),
                            SlurmPartition.priorityTier(keys, p.name())));
                }
                own.sort(Comparator.comparingInt(QueueRecord::tier).reversed());
                out.addAll(own);
            } else {
                out.add(new QueueRecord(job, r, named.size() == 1
                        ? SlurmPartition.priorityTier(keys, named.get(0).name()) : 1));
            }
        }
        out.sort(Comparator.comparingInt(QueueRecord::tier).reversed());
        return out;
    }
}
