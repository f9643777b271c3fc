package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Whose cores a partition's {@code MaxCPUsPerNode} counts as used ({@code _allocate_sc}'s {@code tmp_core =
 * part_core_map & ~core_map}; {@code part_core_map} from the partition's row bitmaps in {@code _job_test}), and the
 * {@code --exclusive} branch ("Total cpu count greater than max_cpus_per_node on exclusive job"). Own probe c20x1
 * (real 22.05.8, 24.11.5, 26.05.5): a1 and a2 of 8 CPUs, b1 of 4; partition {@code all} without a cap,
 * {@code cap} of 4 CPUs a node on all three, {@code cap2} of 6 on a1 and a2.
 */
class PartitionOwnCoresTest {
    private static final Cluster C20X1 = OracleCase.cluster("c20x1");

    private static SlurmTreePolicy policy(SlurmVersion v) {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
    }

    private static Placement on(String job, String host, int... cpus) {
        return new Placement(job, List.of(HostAllocation.of(host, List.of(), CpuSet.of(cpus))));
    }

    private static ClusterState started(ClusterState s, Placement p, String partition) {
        return s.with(p, ClusterState.Hold.LISTED, HeldMemory.NONE, null, partition);
    }

    private static Map<String, List<Integer>> cpus(Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        Map<String, List<Integer>> out = new java.util.TreeMap<>();
        ((Suggestion.Placed) s).placement().hosts().forEach(h -> out.put(h.host(), h.cpus().stream().boxed().toList()));
        return out;
    }

    @Test
    void beforeThePartitionsFirstJobOnly24CountsOtherPartitionsCores() throws Exception {
        // c20x1 a2: -p cap -n4 beside an all job on a1's cores 0-1, no job of cap ever ran (part_core_map NULL):
        // 24.11 counts the two busy cores (cores_per_socket - free_cores), so a1 gives 4 - 2; 22.05 (used_cpu_array)
        // and 26.05 (if (tmp_core) used_cpu_count += ...) count none, so a1 gives the whole cap
        ClusterState s = started(ClusterState.empty(C20X1), on("a1", "a1", 0, 1), "all");
        var job = SbatchOptions.parseLine("-p cap -n4", "a2");
        assertThat(cpus(policy(SlurmVersion.V22_05).suggest(s, job))).isEqualTo(Map.of("a1", List.of(2, 3, 4, 5)));
        assertThat(cpus(policy(SlurmVersion.V26_05).suggest(s, job))).isEqualTo(Map.of("a1", List.of(2, 3, 4, 5)));
        assertThat(cpus(policy(SlurmVersion.V24_11).suggest(s, job)))
                .isEqualTo(Map.of("a1", List.of(2, 3), "a2", List.of(0, 1)));
    }

    @Test
    void onceAJobOfThePartitionRanOnlyItsOwnJobsCoresCount() throws Exception {
        // a job of cap ran and ended: cap's rows stay (cleared), so 24.11 too counts only cap's jobs' cores; an all
        // job's six cores on a1 leave two free, within the cap of 4
        ClusterState ran = started(ClusterState.empty(C20X1), on("x", "a2", 0), "cap").without("x");
        ClusterState s = started(ran, on("d1", "a1", 0, 1, 2, 3, 4, 5), "all");
        assertThat(s.partitionRan("cap")).isTrue();
        var job = SbatchOptions.parseLine("-p cap -n2", "j");
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(cpus(policy(v).suggest(s, job))).as(v.label()).isEqualTo(Map.of("a1", List.of(6, 7)));
        }
        // without that history 24.11 reads the six busy cores as used (6 >= 4): a1 gives nothing
        ClusterState fresh = started(ClusterState.empty(C20X1), on("d1", "a1", 0, 1, 2, 3, 4, 5), "all");
        assertThat(cpus(policy(SlurmVersion.V24_11).suggest(fresh, job))).isEqualTo(Map.of("a2", List.of(0, 1)));
    }

    @Test
    void thePartitionsOwnJobsCoresCountAgainstItsCap() throws Exception {
        // cap's rows exist and a cap job holds four of a1's cores: 4 >= 4, a1 gives cap nothing more, in every release
        ClusterState s = started(ClusterState.empty(C20X1), on("a2", "a1", 2, 3, 4, 5), "cap");
        var job = SbatchOptions.parseLine("-p cap -n2", "a3");
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(cpus(policy(v).suggest(s, job))).as(v.label()).isEqualTo(Map.of("a2", List.of(0, 1)));
        }
    }

    @Test
    void anExclusiveJobOfACappedPartitionTakesOnlyANodeWithinTheCap() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            SlurmTreePolicy p = policy(v);
            ClusterState empty = ClusterState.empty(C20X1);
            // c20x1 c1: b1's 4 CPUs are within cap's 4, a1's and a2's 8 are not
            assertThat(cpus(p.suggest(empty, SbatchOptions.parseLine("-p cap -N1 --exclusive", "c1"))))
                    .as(v.label()).isEqualTo(Map.of("b1", List.of(0, 1, 2, 3)));
            // c2, c4, c6: sbatch refuses them, "Requested node configuration is not available"
            for (String args : List.of("-p cap -N2 --exclusive", "-p cap -w a1 --exclusive",
                    "-p cap2 -N1 --exclusive")) {
                assertThat(p.suggest(empty, SbatchOptions.parseLine(args, "c"))).as(v.label() + " " + args)
                        .isInstanceOf(Suggestion.Impossible.class);
            }
            // the same nodes in a partition without a cap
            assertThat(cpus(p.suggest(empty, SbatchOptions.parseLine("-p all -N2 --exclusive", "c5"))).keySet())
                    .as(v.label()).containsExactly("a1", "a2");
        }
    }

    @Test
    void anExclusiveJobWhoseOnlyNodeIsBusyWaitsForResources() throws Exception {
        // c20x1 c3 (-p cap -n2 --exclusive while c1 holds b1): the nodes the cap refuses whole never reach the tree,
        // so 26.05.5 writes Resources, not Insufficient_resources_in_topology_unit
        ClusterState s = ClusterState.empty(C20X1).with(on("c1", "b1", 0, 1, 2, 3), ClusterState.Hold.WHOLE_NODES,
                HeldMemory.NONE, null, "cap");
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(policy(v).suggest(s, SbatchOptions.parseLine("-p cap -n2 --exclusive", "c3"))).as(v.label())
                    .isInstanceOfSatisfying(Suggestion.Pending.class,
                            p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
        }
    }

    @Test
    void aJobOfUnknownPartitionCountsAsOneOfEveryPartition() {
        ClusterState s = ClusterState.empty(C20X1).with(on("u", "a1", 0, 1, 2));
        s = started(s, on("o", "a1", 3), "all");
        s = started(s, on("k", "a1", 4, 5), "cap");
        int a1 = org.topoplanner.allocator.ClusterIndex.of(C20X1).number("a1");
        assertThat(s.usage().partitionCores(a1, "cap").stream().toArray()).containsExactly(0, 1, 2, 4, 5);
        assertThat(s.usage().partitionCores(a1, PartitionCpuCap.NO_PARTITION).stream().toArray())
                .containsExactly(0, 1, 2);
        assertThat(s.partitionRan("cap")).isTrue();
        assertThat(s.partitionRan("cap2")).isFalse();
        assertThat(s.without("k").partitionRan("cap")).isTrue();
    }
}
