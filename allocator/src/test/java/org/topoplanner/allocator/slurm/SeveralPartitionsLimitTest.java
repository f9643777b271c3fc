package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

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
 * A job of several partitions whose last partition fails {@code job_limits_check}, per release: 22.05 still runs the
 * test-only pick there ({@code _select_nodes_parts_resvs}), which never fits more CPUs than {@code MaxCPUsPerNode}
 * times the partition's nodes; 24.11 does the same ({@code _select_nodes_base}); 26.05 skips the pick after
 * {@code WAIT_PART_CONFIG} and {@code WAIT_PART_NODE_LIMIT} and keeps the rc of the last partition it tested. The
 * lead's cases featfz12 (fat a1-a4 cap 24, mix b1-b4 c1 c2 cap 10, short b1 b2 c1 cap 2) and featfz11 (fat MaxNodes=1).
 */
class SeveralPartitionsLimitTest {
    private static Suggestion suggest(String kase, SlurmVersion v, String args) throws Exception {
        Cluster cluster = OracleCase.cluster(kase);
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(cluster), SbatchOptions.parseLine(args, "f"));
    }

    @Test
    void pastTheCapAfterAPartitionThatNeverHoldsTheJobIsRefusedInEveryRelease() throws Exception {
        String[] refused = {
            "-p short,mix -n6 -c2 --gpus=1 --exclusive --time=20", // f5: mix never holds an exclusive job past its cap
            "-p short,mix -n4 -c5 --gpus-per-task=2 --exclusive", // f30
            "-w b1 -p fat,short -N1 -n4 -c4 --gpus-per-node=2", // f37: b1 is not in fat
        };
        for (String args : refused) {
            for (SlurmVersion v : SlurmVersion.values()) {
                assertThat(suggest("featfz12", v, args)).as(v.label() + " " + args)
                        .isInstanceOf(Suggestion.Impossible.class);
            }
        }
    }

    @Test
    void after26051sSkippedPartitionsTheInitialRcHoldsTheJob() throws Exception {
        // featfz11 f78: fat past MaxNodes=1 (PartitionNodeLimit), short past its cap: 22.05.8 refuses it (the pick in
        // short never fits), 26.05.5 holds it PartitionConfig (neither partition tested its nodes)
        String f78 = "-p short,fat -N3 -n12 -c2";
        assertThat(suggest("featfz11", SlurmVersion.V22_05, f78)).isInstanceOf(Suggestion.Impossible.class);
        assertThat(suggest("featfz11", SlurmVersion.V26_05, f78)).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).as(p.toString()).isEqualTo(PendingReason.PARTITION_CONFIG));
    }

    /**
     * A capped partition tried first sets no {@code rc_best} in 26.05 ({@code _select_nodes_base} skips its
     * {@code select_nodes}), so a later partition that never holds the job refuses it. Lead's case featfz17 f69 (short
     * {@code MaxCPUsPerNode=8}, tried first; c1 has four GPUs): refused at submission by 22.05.8, 24.11.5 and
     * 26.05.5, where the replay held it {@code PartitionConfig} as if short were busy.
     */
    @Test
    void aCappedPartitionTriedFirstIsNoBusyOneBeforeAPartitionThatNeverHoldsTheJob() throws Exception {
        String f69 = "-w c1 -p short,all -N1 --gpus=5 --ntasks-per-gpu=2 -c4 --gres-flags=enforce-binding"
                + " -m cyclic:cyclic";
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(suggest("featfz17", v, f69)).as(v.label()).isInstanceOf(Suggestion.Impossible.class);
        }
    }

    @Test
    void aJobOfTheCappedPartitionAloneStaysHeldIn2205And2605() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V26_05}) {
            assertThat(suggest("featfz12", v, "-p short -n4 -c5 --gpus-per-task=2 --exclusive")).as(v.label())
                    .isInstanceOfSatisfying(Suggestion.Pending.class,
                            p -> assertThat(p.reason()).isEqualTo(PendingReason.PARTITION_CONFIG));
        }
    }

    /**
     * sbatch sends {@code -w}'s node count as the job's minimum ({@code _opt_verify}), which {@code _valid_job_part}
     * raises to the list's lowest {@code MinNodes} only when below it: featfz26's mix ({@code MinNodes=2}) holds the
     * record of a one-node {@code -w} job (lead's featfz26 f48, {@code -w a3 -p all,mix}, started in all by every
     * release) and not that of a two-node one (own probe c26f1 p5, {@code -w a3,a4 -p all,mix}).
     */
    @Test
    void aNodeListCountsAsTheMinimumThatMinNodesTests() throws Exception {
        Cluster cluster = OracleCase.cluster("featfz26");
        var one = SeveralPartitions.keptTo(cluster, SbatchOptions.parseLine("-w a3 -p all,mix -n6 -c3", "f48"), "mix");
        assertThat(one.minNodes()).isEqualTo(1);
        assertThat(JobLimitsCheck.of(cluster, one, SlurmVersion.V22_05)).isEqualTo(PendingReason.PARTITION_NODE_LIMIT);
        var two = SeveralPartitions.keptTo(cluster, SbatchOptions.parseLine("-w a3,a4 -p all,mix -n2", "p5"), "mix");
        assertThat(two.minNodes()).isNull();
        assertThat(SeveralPartitions.keptTo(cluster, SbatchOptions.parseLine("-w a3 -p all,mix -n6", "f48"), "all")
                .minNodes()).isNull();
    }
}
