package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What the pass writes on a job of several partitions when both are full: {@code build_job_queue} runs
 * {@code job_limits_check} per partition in {@code PriorityTier} order and the last verdict stays (a failed limit sets
 * its reason, a passed one clears only {@code PartitionNodeLimit}), and {@code schedule()}'s blocked partition words
 * the job {@code Priority} only over no reason or {@code Resources} ({@code job_scheduler.c}, 22.05, 24.11, 26.05).
 * Cluster: own probe c26l8 ({@code cpu} c1 c2, {@code gpu} u1 f1 g1, equal tiers).
 */
class SeveralPartitionsInThePassTest {
    private static final Cluster C26L8 = OracleCase.cluster("c26l8");

    private static List<String> replay(String jobs, SlurmVersion v) {
        var script = JobScriptReader.read("jobs.txt", jobs).script();
        return ReplayLine.lines(new Replayer(C26L8, new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)))
                .run(script));
    }

    private static String line(List<String> lines, String when, String name) {
        return lines.stream().filter(l -> l.contains("\"when\":\"" + when + "\",\"name\":\"" + name + "\""))
                .findFirst().orElseThrow(() -> new AssertionError(when + " " + name + " in " + lines));
    }

    private static final String BOTH_FULL = """
            job x1 -p cpu -N2 --exclusive
            job x2 -p gpu -N3 --exclusive
            job m8 -p cpu,gpu -n1
            job m9 -p gpu,cpu -N3
            job m11 -p cpu,gpu -N3
            """;

    @Test
    void theLastPartitionsLimitStaysThroughABlockedPartition() {
        // m9: gpu passes, cpu (two nodes) fails with WAIT_PART_NODE_LIMIT, last; gpu's record then meets the partition
        // m8 blocked and keeps it (own probes c26l7 and c26l8 m9, every release)
        for (SlurmVersion v : SlurmVersion.values()) {
            List<String> lines = replay(BOTH_FULL, v);
            assertThat(line(lines, "final", "m9")).as(v.label()).contains("\"reason\":\"PartitionNodeLimit\"");
            // the same partitions the other way round: gpu's passed limit clears cpu's, and the blocked gpu says Priority
            assertThat(line(lines, "final", "m11")).as(v.label()).contains("\"reason\":\"Priority\"");
            assertThat(line(lines, "final", "m8")).as(v.label()).contains("\"reason\":\"Resources\"");
        }
    }

    @Test
    void aJobPastEveryPartitionItNamesIsRefusedBy2205Only() {
        // 22.05's _select_nodes_parts_resvs tests the nodes of a partition whose limit failed: never runnable in cpu
        // (two nodes) nor gpu (three), so -N4 is refused; 24.11 refuses it as a job of one such partition, 26.05 holds
        // it (own probe c26l8 m10)
        String jobs = "job m10 -p cpu,gpu -N4\n";
        assertThat(line(replay(jobs, SlurmVersion.V22_05), "submit", "m10")).contains("\"state\":\"REJECTED\"");
        assertThat(line(replay(jobs, SlurmVersion.V24_11), "submit", "m10")).contains("\"state\":\"REJECTED\"");
        List<String> held = replay(jobs, SlurmVersion.V26_05);
        assertThat(line(held, "submit", "m10")).contains("\"reason\":\"PartitionConfig\"");
        assertThat(line(held, "final", "m10")).contains("\"reason\":\"PartitionNodeLimit\"");
    }
}
