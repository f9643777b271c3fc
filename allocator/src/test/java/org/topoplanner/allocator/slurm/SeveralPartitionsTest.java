package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job of several partitions ({@code -p a,b}): {@code get_part_list} sorts them by {@code PriorityTier} (the order
 * given among equals) and {@code _select_nodes_parts} ({@code job_mgr.c}, 22.05, 24.11 and 26.05) starts the job in
 * the first that can, keeps the first busy one's answer, and passes over one that can never hold it. Cluster: own
 * probe c12g1 ({@code gpu} g1-g4 tier 1, {@code hi} g3 g4 c1 tier 5, {@code cpu} c1 c2 tier 1; g nodes have 4 GPUs).
 */
class SeveralPartitionsTest {
    private static final Cluster C12G1 = OracleCase.cluster("c12g1");

    private static Suggestion on(ClusterState state, String args, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(state, SbatchOptions.parseLine(args, "q" + state.running().size()));
    }

    private static Suggestion onIdle(String args) throws Exception {
        return on(ClusterState.empty(C12G1), args, SlurmVersion.V26_05);
    }

    private static java.util.List<String> hosts(Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hostNames();
    }

    @Test
    void triesTheHigherPriorityTierFirstWhateverTheOrderGiven() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(hosts(on(ClusterState.empty(C12G1), "-N1 -p gpu,hi --gpus=4", v))).as(v.label())
                    .isSubsetOf("g3", "g4");
            assertThat(hosts(on(ClusterState.empty(C12G1), "-N1 -p cpu,hi -n2", v))).as(v.label())
                    .containsExactly("c1");
        }
    }

    @Test
    void keepsTheOrderGivenAmongEqualTiers() throws Exception {
        assertThat(hosts(onIdle("-N1 -p cpu,gpu -n2"))).allMatch(h -> h.startsWith("c"));
        assertThat(hosts(onIdle("-N1 -p gpu,cpu -n2"))).allMatch(h -> h.startsWith("g"));
    }

    @Test
    void passesOverAPartitionThatCanNeverHoldTheJob() throws Exception {
        assertThat(hosts(onIdle("-N1 -p cpu,gpu --gpus=2"))).allMatch(h -> h.startsWith("g"));
    }

    @Test
    void startsTheJobInALaterPartitionWhenTheFirstIsBusyAndWaitsWhenAllAre() throws Exception {
        ClusterState state = ClusterState.empty(C12G1);
        for (String g : new String[] {"g3", "g4"}) {
            state = state.with(((Suggestion.Placed) on(state, "-N1 -w " + g + " --gpus=4", SlurmVersion.V26_05))
                    .placement());
        }
        // hi (tier 5) is busy for a 4-GPU job: gpu takes it
        assertThat(hosts(on(state, "-N1 -p hi,gpu --gpus=4", SlurmVersion.V26_05))).isSubsetOf("g1", "g2");
        for (String g : new String[] {"g1", "g2"}) {
            state = state.with(((Suggestion.Placed) on(state, "-N1 -w " + g + " --gpus=4", SlurmVersion.V26_05))
                    .placement());
        }
        // every GPU busy, cpu never fits: the busy partitions' Resources, not cpu's refusal
        assertThat(on(state, "-N1 -p hi,cpu,gpu --gpus=1", SlurmVersion.V26_05))
                .isInstanceOfSatisfying(Suggestion.Pending.class,
                        p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
    }

    @Test
    void refusesTheJobWhenANameIsNoPartitionAndReadsARepeatAsOne() throws Exception {
        assertThat(onIdle("-N1 -p gpu,nosuch")).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason())
                        .isEqualTo("Invalid partition name specified: invalid partition specified: nosuch"));
        assertThat(hosts(onIdle("-N1 -p cpu,cpu -n1"))).allMatch(h -> h.startsWith("c"));
        // a job no partition can ever hold: the last partition's refusal
        assertThat(onIdle("-N1 -p cpu,hi -n10")).isInstanceOf(Suggestion.Impossible.class);
    }

    @Test
    void readsPriorityTierFromTheLineThenDefaultThenPriority() {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("PartitionName.DEFAULT", "PriorityTier=3");
        keys.put("PartitionName.a", "Nodes=ALL");
        keys.put("PartitionName.b", "Nodes=ALL PriorityTier=7");
        keys.put("PartitionName.c", "Nodes=ALL PriorityTier=7 Priority=2");
        assertThat(org.topoplanner.model.slurm.SlurmPartition.priorityTier(keys, "a")).isEqualTo(3);
        assertThat(org.topoplanner.model.slurm.SlurmPartition.priorityTier(keys, "b")).isEqualTo(7);
        // read_config.c: Priority= sets priority_tier after PriorityTier=
        assertThat(org.topoplanner.model.slurm.SlurmPartition.priorityTier(keys, "c")).isEqualTo(2);
        assertThat(org.topoplanner.model.slurm.SlurmPartition.priorityTier(Map.of("PartitionName.x", "Nodes=ALL"), "x")).isEqualTo(1);
    }
}
