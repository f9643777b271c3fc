package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A {@code -w} node outside the job's partition, past a limit ({@link NodesOutsidePartition}), on own probe c27a1's
 * cluster (featfz26's: short is b1, b2, c1 with {@code MaxTime=30} and {@code MaxCPUsPerNode=16}; mix b1-b4, c1, c2
 * with {@code MinNodes=2}; one b3, b4, c2 with {@code MaxNodes=1}; dn b3, b4 {@code State=DOWN}). Real outputs of
 * 22.05.8, 24.11.5 and 26.05.5: {@code results/c27a1.jsonl}, {@code results/new/c27a1.jsonl},
 * {@code results/v26.05/c27a1.jsonl}.
 */
class NodesOutsidePartitionTest {
    private static final String REFUSAL = "Requested node configuration is not available";
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("c27a1"));

    private Suggestion lone(String line, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(idle,
                SbatchOptions.parseLine(line, "q"));
    }

    private Suggestion record(String line, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggestRecord(idle,
                SbatchOptions.parseLine(line, "q"));
    }

    private static void held(Suggestion s, PendingReason reason) {
        assertThat(s).isInstanceOfSatisfying(Suggestion.Pending.class, p -> assertThat(p.reason()).isEqualTo(reason));
    }

    private static void refused(Suggestion s) {
        assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class, i -> assertThat(i.reason()).isEqualTo(REFUSAL));
    }

    /** c27a1 q1 (and lead's featfz26 f3): {@code PartitionConfig} in 22.05.8, refused by 24.11.5 and 26.05.5. */
    @Test
    void pastMaxTimeIsHeldBy2205Only() throws Exception {
        held(lone("-w c2 -p short -n1 -c1 --time=60", SlurmVersion.V22_05), PendingReason.PARTITION_TIME_LIMIT);
        refused(lone("-w c2 -p short -n1 -c1 --time=60", SlurmVersion.V24_11));
        refused(lone("-w c2 -p short -n1 -c1 --time=60", SlurmVersion.V26_05));
    }

    /** c27a1 q2, q3, q4: held by 22.05.8 and 26.05.5 (no node test after those limits), refused by 24.11.5. */
    @Test
    void pastNodeAndCpuLimitsIsHeldBy2205And2605() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V26_05}) {
            held(lone("-w a1 -p mix -N1 -n1 -c1", v), PendingReason.PARTITION_NODE_LIMIT);
            held(lone("-w a1 -p one -N2 -n2 -c1", v), PendingReason.PARTITION_NODE_LIMIT);
            held(lone("-w a1 -p short -n60 -c1", v), PendingReason.PARTITION_CONFIG);
        }
        refused(lone("-w a1 -p mix -N1 -n1 -c1", SlurmVersion.V24_11));
        refused(lone("-w a1 -p one -N2 -n2 -c1", SlurmVersion.V24_11));
        refused(lone("-w a1 -p short -n60 -c1", SlurmVersion.V24_11));
    }

    /** c27a1 q10 (MinNodes raised, the limits pass; 26.05.5 refuses -n1 below it first), q11 (none failed). */
    @Test
    void aTestedJobIsRefusedByEveryRelease() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            refused(lone("-w c2 -p short -n1 -c1", v));
        }
        refused(lone("-w a1 -p mix -n1 -c1", SlurmVersion.V22_05));
        refused(lone("-w a1 -p mix -n1 -c1", SlurmVersion.V24_11));
    }

    /**
     * c27a1 q5 ({@code -w a1 -p dn}, dn {@code DOWN}): 22.05.8 tests a job of one DOWN partition and refuses it;
     * 24.11.5 and 26.05.5 word the last partition's {@code WAIT_PART_DOWN} over the test: {@code PartitionDown}.
     */
    @Test
    void aDownPartitionIsHeldByLaterReleases() throws Exception {
        refused(lone("-w a1 -p dn -n1 -c1", SlurmVersion.V22_05));
        held(lone("-w a1 -p dn -n1 -c1", SlurmVersion.V24_11), PendingReason.PARTITION_DOWN);
        held(lone("-w a1 -p dn -n1 -c1", SlurmVersion.V26_05), PendingReason.PARTITION_DOWN);
        held(record("-w a1 -p dn -n1 -c1", SlurmVersion.V22_05), PendingReason.PARTITION_DOWN);
    }

    /**
     * A list's record is tested by 22.05 after a failed limit ({@code _select_nodes_parts_resvs}): lead's case
     * featfz16 f60 ({@code -w a2 -p mix,all -N1}: mix's record passed over, {@code Priority} in 22.05.8), c27a1 q12;
     * 26.05 skips it as it skips a lone job's.
     */
    @Test
    void aListRecordIsTestedBy2205() throws Exception {
        refused(record("-w a2 -p mix -N1 -n1 -c1", SlurmVersion.V22_05));
        held(lone("-w a2 -p mix -N1 -n1 -c1", SlurmVersion.V22_05), PendingReason.PARTITION_NODE_LIMIT);
        held(record("-w a2 -p mix -N1 -n1 -c1", SlurmVersion.V26_05), PendingReason.PARTITION_NODE_LIMIT);
    }

    /** c27a1 q6, q7, q8: a list naming one partition twice is a job of that partition alone (get_part_list). */
    @Test
    void aRepeatedNameIsOnePartition() throws Exception {
        held(lone("-w c2 -p short,short -n1 -c1 --time=60", SlurmVersion.V22_05), PendingReason.PARTITION_TIME_LIMIT);
        held(lone("-w a1 -p mix,mix -N1 -n1 -c1", SlurmVersion.V22_05), PendingReason.PARTITION_NODE_LIMIT);
        held(lone("-w a1 -p short,short -n60 -c1", SlurmVersion.V22_05), PendingReason.PARTITION_CONFIG);
        refused(lone("-w c2 -p short,short -n1 -c1 --time=60", SlurmVersion.V24_11));
    }

    /** c27a1 q12 to q15: the lists as a whole. */
    @Test
    void listsAsAWhole() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            assertThat(lone("-w a2 -p mix,all -N1 -n1 -c1", v)).isInstanceOf(Suggestion.Placed.class);
            refused(lone("-w c2 -p short,fat -n1 -c1 --time=60", v));
            refused(lone("-w a1 -p mix,short -N1 -n1 -c1 --time=60", v));
        }
        refused(lone("-w a1 -p mix,short -N1 -n50 -c1", SlurmVersion.V22_05));
        refused(lone("-w a1 -p mix,short -N1 -n50 -c1", SlurmVersion.V24_11));
        held(lone("-w a1 -p mix,short -N1 -n50 -c1", SlurmVersion.V26_05), PendingReason.PARTITION_CONFIG);
    }
}
