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
 * sbatch's test of a job of several partitions stops at the first partition, in {@code PriorityTier} order, that can
 * run it now or whose nodes are busy ({@code _select_nodes_parts} test-only, {@code job_mgr.c}, all three releases):
 * a busy first partition leaves {@code Resources} at submission though a later one is free (c26l8 m1, {@code -p
 * cpu,gpu -n4} with cpu full, 22.05.8 and 26.05.5), while the pass then looks at every partition. And the pass pops
 * the records of a higher tier first ({@code sort_job_queue2}): own probe c12g1's a11 and a13 ({@code hi}, tier 5)
 * start before the earlier a10 ({@code -p cpu,gpu}, tier 1), 24.11.5 and 26.05.5. Cluster: own probe c12g1.
 */
class SeveralPartitionsSubmitTestTest {
    private static final Cluster C12G1 = OracleCase.cluster("c12g1");

    private static List<String> replay(String jobs, SlurmVersion v) {
        var script = JobScriptReader.read("jobs.txt", jobs).script();
        return ReplayLine.lines(new Replayer(C12G1, new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)))
                .run(script));
    }

    private static String line(List<String> lines, String when, String name) {
        return lines.stream().filter(l -> l.contains("\"when\":\"" + when + "\",\"name\":\"" + name + "\""))
                .findFirst().orElseThrow(() -> new AssertionError(when + " " + name + " in " + lines));
    }

    @Test
    void aBusyFirstPartitionStopsTheSubmissionTest() {
        String jobs = """
                job b1 -p cpu -N2 --exclusive
                job m1 -p cpu,gpu -n2
                """;
        for (SlurmVersion v : SlurmVersion.values()) {
            List<String> lines = replay(jobs, v);
            assertThat(line(lines, "submit", "m1")).as(v.label()).contains("\"reason\":\"Resources\"");
            // the pass tries gpu too and starts it there
            assertThat(line(lines, "final", "m1")).as(v.label()).contains("\"state\":\"RUNNING\"")
                    .contains("\"nodes\":[\"g");
        }
    }

    @Test
    void aPartitionThatNeverHoldsTheJobLeavesResourcesThoughALaterOnePasses() {
        // cpu's nodes have no GPU: its select_nodes fails (never runnable) and writes WAIT_RESOURCES on the job; gpu
        // then passes the test-only pick, which leaves the reason as it is (own probes c12g1 a4 and c16b1 b1)
        for (SlurmVersion v : SlurmVersion.values()) {
            List<String> lines = replay("job b1 -p cpu,gpu -N1 --gpus=1", v);
            assertThat(line(lines, "submit", "b1")).as(v.label()).contains("\"state\":\"PENDING\"")
                    .contains("\"reason\":\"Resources\"");
            // the pass the submission queued starts it in gpu
            assertThat(line(lines, "final", "b1")).as(v.label()).contains("\"state\":\"RUNNING\"")
                    .contains("\"nodes\":[\"g");
            // gpu first, or hi (tier 5) before cpu: nothing failed before the test passed, so the pass starts it
            // before the harness looks (c16b1 b2, b7)
            assertThat(line(replay("job b2 -p gpu,cpu -N1 --gpus=1", v), "submit", "b2")).as(v.label())
                    .contains("\"state\":\"RUNNING\"");
            assertThat(line(replay("job b7 -p cpu,hi -N1 --gpus=1", v), "submit", "b7")).as(v.label())
                    .contains("\"state\":\"RUNNING\"");
        }
    }

    @Test
    void aRecordInAPartitionThatNeverHoldsTheJobBlocksNoPartition() {
        // schedule() only logs "non-runnable in partition" for b8's cpu record (no fail_by_part), so b9's cpu record
        // still runs on c1 while gpu waits behind y1 (own probe c16b1 b9: c1 in every release)
        String jobs = """
                job x1 -p gpu -N4 --exclusive
                job y1 -p gpu -N1 --gpus=1
                job b8 -p cpu,gpu -N1 --gpus=1
                job b9 -p cpu,gpu -N1 -n1
                cancel x1
                """;
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(line(replay(jobs, v), "final", "b9")).as(v.label()).contains("\"nodes\":[\"c1\"]");
        }
    }

    @Test
    void theHigherTierRecordsArePoppedFirst() {
        String jobs = """
                job b1 -p gpu -N4 -n32
                job a10 -p cpu,gpu -N1 -n1
                job a11 -p hi,cpu -N1 -n1
                """;
        // cpu is free: both run at once, whatever the order
        List<String> lines = replay(jobs, SlurmVersion.V26_05);
        assertThat(line(lines, "final", "a10")).contains("\"nodes\":[\"c");
        // hi's c1 is the only node a11 can take in hi; when a10 and a11 wait together, the tier-5 record of a11 is
        // popped before a10's tier-1 records and takes c1 whole (in submission order a10 would, and a11 c2)
        String queued = """
                job b1 -p gpu -N4 -n32
                job cc -p cpu -N2 -n16
                job a10 -p cpu,gpu -N1 -n8
                job a11 -p hi,cpu -N1 -n8
                cancel cc
                """;
        List<String> after = replay(queued, SlurmVersion.V26_05);
        assertThat(line(after, "final", "a11")).contains("\"nodes\":[\"c1\"]");
        assertThat(line(after, "final", "a10")).contains("\"nodes\":[\"c2\"]");
    }
}
