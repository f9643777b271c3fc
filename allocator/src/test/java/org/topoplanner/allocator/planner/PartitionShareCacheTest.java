package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.bench.BenchClusters;
import org.topoplanner.allocator.slurm.PartitionCpuCap;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@link PartitionShare} reads the hosts outside the job's partition from the partition table (once per cluster and
 * partition) and the per-host CPUs under {@code MaxCPUsPerNode} from a table kept with the state (updated for the
 * hosts a job came to or left), where it rebuilt both per suggestion. The cached share must be the one the per-call
 * reading gives, on every state, and an edited cluster (a new {@link Cluster} instance, so a new
 * {@link ClusterIndex}) must get its own. Cluster: a 256-host tree with {@link BenchClusters#withPartitions}'s lines
 * ({@code batch} the first 192 hosts, the default; {@code big} the last 192, {@code MaxCPUsPerNode=96}), half its
 * hosts busy whole and one host with a few busy cores.
 */
class PartitionShareCacheTest {
    private static final Cluster CLUSTER = BenchClusters.withPartitions(BenchClusters.fatTree(2, 4, 32, 2, 4));
    private static final SlurmVersion V = SlurmVersion.V26_05;

    private static ClusterState busy(Cluster c) {
        ClusterState s = BenchClusters.occupied(c, 0.5, 7);
        ClusterIndex index = ClusterIndex.of(c);
        return s.with(new Placement("few", List.of(HostAllocation.of(index.host(idleHost(s, 200)), List.of(),
                CpuSet.range(0, 9)))));
    }

    /** The first idle host from {@code from} on. */
    private static int idleHost(ClusterState s, int from) {
        int h = from;
        while (!s.usage().idle(h)) {
            h++;
        }
        return h;
    }

    /** The share as the planner read it per call before: a hash look-up per host, a core set per host. */
    private static PartitionShare perCall(ClusterIndex index, ClusterState state, JobRequest job, SlurmVersion v) {
        PartitionCpuCap.ForPlanner p = PartitionCpuCap.forPlanner(state, job, v);
        BitSet outside = new BitSet();
        int[] cpus = new int[index.size()];
        for (int h = 0; h < index.size(); h++) {
            outside.set(h, !p.holds().test(index.host(h)));
            if (p.maxCpusPerNode() == null) {
                cpus[h] = PartitionCpuCap.NONE;
                continue;
            }
            NodeShape shape = index.shape(h);
            int free = PlanSearch.freeCores(shape, state.usage(), h).cardinality();
            cpus[h] = p.cpusLeft(h, shape.cores(), shape.cpuIds().threadsPerCore(), free);
        }
        return new PartitionShare(p.partition(), p.maxCpusPerNode(), outside, cpus, new java.util.HashMap<>());
    }

    /** The per-call ruled-out set: outside, or fewer CPUs left than the demand's whole cores. */
    private static BitSet ruledOutPerCall(ClusterIndex index, PartitionShare share, NodeDemand demand) {
        BitSet out = (BitSet) share.outside().clone();
        for (int h = 0; h < index.size() && share.cap() != null; h++) {
            int tpc = index.shape(h).cpuIds().threadsPerCore();
            if (share.cpus()[h] < demand.cores(tpc) * tpc) {
                out.set(h);
            }
        }
        return out;
    }

    private static void assertSameShare(ClusterIndex index, ClusterState state, JobRequest job) {
        for (SlurmVersion v : SlurmVersion.values()) {
            assertSameShare(index, state, job, v);
        }
    }

    private static void assertSameShare(ClusterIndex index, ClusterState state, JobRequest job, SlurmVersion v) {
        PartitionShare cached = PartitionShare.of(index, state, job, v);
        PartitionShare fresh = perCall(index, state, job, v);
        assertThat(cached.partition()).isEqualTo(fresh.partition());
        assertThat(cached.cap()).isEqualTo(fresh.cap());
        assertThat(cached.outside()).isEqualTo(fresh.outside());
        assertThat(cached.cpus()).containsExactly(fresh.cpus());
        for (int cpus : new int[] {1, 16, 96, 97, 200}) {
            NodeDemand demand = new NodeDemand(1, 0, 0, cpus, false, false, null);
            // twice: the second answer comes from the state's kept sets
            assertThat(cached.ruledOut(index, demand)).as("%d CPUs", cpus)
                    .isEqualTo(ruledOutPerCall(index, fresh, demand))
                    .isEqualTo(cached.ruledOut(index, demand));
        }
    }

    @Test
    void theCachedShareIsThePerCallOneOnEveryState() throws Exception {
        ClusterIndex index = ClusterIndex.of(CLUSTER);
        ClusterState state = busy(CLUSTER);
        JobRequest big = SbatchOptions.parseLine("-p big -N2 -n4 -c3", "j");
        JobRequest batch = SbatchOptions.parseLine("-N2 --gpus-per-node=8", "j");
        assertSameShare(index, state, big);
        assertSameShare(index, state, batch);
        assertThat(PartitionShare.of(index, state, big, V).cpus()).as("kept with the state")
                .isSameAs(PartitionShare.of(index, state, big, V).cpus());
        // a job comes to a host of big and goes again: the kept table is updated for that host, not rebuilt stale
        int h = idleHost(state, 150);
        Placement mover = new Placement("mover", List.of(HostAllocation.of(index.host(h), List.of(),
                CpuSet.range(0, 99))));
        ClusterState moved = state.with(mover);
        assertSameShare(index, moved, big);
        assertThat(PartitionShare.of(index, moved, big, V).cpus()[h]).isNotEqualTo(
                PartitionShare.of(index, state, big, V).cpus()[h]);
        assertSameShare(index, moved.without("mover"), big);
        // a job whose cap reading differs (--exclusive) gets its own table
        JobRequest exclusive = SbatchOptions.parseLine("-p big -N1 --exclusive", "j");
        assertSameShare(index, moved, exclusive);
    }

    /**
     * Whose cores count as used changes with the state, not only on the hosts a job came to: once a job of
     * {@code big} runs, 24.11 counts only big's own jobs' cores (and jobs of no known partition) where it counted every
     * busy core before ({@link PartitionCpuCap}). A table kept under the earlier reading and updated for the newcomer's
     * host only would keep counting a {@code batch} job's cores on a host both partitions hold.
     */
    @Test
    void theFirstJobOfThePartitionChangesTheReadingEverywhere() throws Exception {
        ClusterIndex index = ClusterIndex.of(CLUSTER);
        ClusterState empty = ClusterState.empty(CLUSTER);
        int shared = 100; // in batch (hosts 0-191) and big (64-255)
        ClusterState state = empty.with(new Placement("b", List.of(HostAllocation.of(index.host(shared), List.of(),
                CpuSet.range(0, 89)))), ClusterState.Hold.LISTED, org.topoplanner.allocator.HeldMemory.NONE, null,
                "batch");
        JobRequest big = SbatchOptions.parseLine("-p big -N2 -n4 -c3", "j");
        for (SlurmVersion v : SlurmVersion.values()) {
            PartitionShare.of(index, state, big, v); // kept with the state before big ran
        }
        Placement first = new Placement("first", List.of(HostAllocation.of(index.host(230), List.of(),
                CpuSet.range(0, 3))));
        ClusterState ran = state.with(first, ClusterState.Hold.LISTED, org.topoplanner.allocator.HeldMemory.NONE, null,
                "big");
        assertThat(ran.partitionRan("big")).isTrue();
        assertSameShare(index, ran, big);
        assertThat(PartitionShare.of(index, ran, big, SlurmVersion.V24_11).cpus()[shared])
                .as("24.11 stops counting batch's cores once big ran")
                .isNotEqualTo(PartitionShare.of(index, state, big, SlurmVersion.V24_11).cpus()[shared]);
    }

    @Test
    void anEditedClusterDoesNotReuseTheOldShare() throws Exception {
        JobRequest big = SbatchOptions.parseLine("-p big -N2 -n4 -c3", "j");
        ClusterState before = busy(CLUSTER);
        PartitionShare old = PartitionShare.of(ClusterIndex.of(CLUSTER), before, big, V);
        // big now the first 128 hosts, capped at 48 CPUs
        List<String> hosts = CLUSTER.hostNames();
        Map<String, String> keys = new LinkedHashMap<>(CLUSTER.slurm().keys());
        keys.put(SlurmPartition.KEY_PREFIX + "big", "Nodes="
                + org.topoplanner.model.hostlist.Hostlist.compress(hosts.subList(0, 128)) + " MaxCPUsPerNode=48");
        SlurmSettings s = CLUSTER.slurm();
        Cluster after = new Cluster(CLUSTER.name(), CLUSTER.fabric(), CLUSTER.nodes(), CLUSTER.hosts(),
                new SlurmSettings(s.nodeLines(), s.gres(), keys, s.topologies()), CLUSTER.kubernetes(), CLUSTER.nvlink());
        ClusterIndex index = ClusterIndex.of(after);
        assertThat(index).isNotSameAs(ClusterIndex.of(CLUSTER));
        ClusterState state = busy(after);
        assertSameShare(index, state, big);
        PartitionShare edited = PartitionShare.of(index, state, big, V);
        assertThat(edited.outside()).isNotEqualTo(old.outside());
        assertThat(edited.outside().nextClearBit(0)).isZero();
        assertThat(edited.outside().nextSetBit(0)).isEqualTo(128);
        assertThat(edited.cap()).isEqualTo(48);
        // the old cluster's share is as it was
        assertSameShare(ClusterIndex.of(CLUSTER), before, big);
    }
}
