package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Jobs past their partition on {@code topology/block} (own probes c26l3 and c26l4: blockfz01's 8 nodes and 112
 * CPUs, each job read right after sbatch under 26.05.5). {@code job_allocate} and {@code _select_nodes_parts}
 * ({@code slurmctld/job_mgr.c}) come before any topology plugin: 26.05's {@code _select_nodes_base} skips
 * {@code select_nodes} after {@code WAIT_PART_CONFIG} and {@code WAIT_PART_NODE_LIMIT}, so every such job reads
 * {@code PartitionConfig} at submission, ahead of all or behind a pending job ({@code _top_priority}'s
 * {@code WAIT_PRIORITY} is overwritten). A queue build ({@code build_job_queue}: a pass, or {@code sched/builtin}'s
 * run) leaves the job out and sets the limit's own reason, {@code PartitionNodeLimit} for the node count, whatever
 * job blocked the partition ahead of it (c26l1 b1, b2 behind the pending p1). 24.11 refuses both at submit.
 */
class BlockPartitionLimitTest {

    private static List<JsonNode> replay(String version) {
        var script = JobScriptReader.read("jobs.txt", """
                job a1 -N9 --gpus-per-node=1
                job a2 -N9
                job a3 -n200
                job h1 -N8 --exclusive
                sleep 2
                job p1 -N1
                job b1 -N9
                job b2 -n200
                sleep 3
                snapshot
                """).script();
        PlacementPolicy policy = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(version).orElseThrow()));
        return OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster("c26l3"), policy)
                .run(script)));
    }

    private static JsonNode line(List<JsonNode> lines, String when, String name) {
        return lines.stream().filter(l -> l.path("when").asText().equals(when) && l.path("name").asText().equals(name))
                .findFirst().orElseThrow(() -> new AssertionError("no " + when + " line of " + name));
    }

    @Test
    void slurm2605WordsEveryHeldJobPartitionConfigAtSubmissionBehindOthersToo() {
        List<JsonNode> lines = replay("26.05");
        for (String job : List.of("a1", "a2", "a3", "b1", "b2")) {
            assertThat(line(lines, "submit", job).path("reason").asText()).as(job).isEqualTo("PartitionConfig");
        }
        assertThat(line(lines, "submit", "p1").path("reason").asText()).isEqualTo("Resources");
    }

    @Test
    void aQueueBuildGivesTheLimitsOwnReasonWhateverBlockedThePartition() {
        List<JsonNode> lines = replay("26.05");
        for (String job : List.of("a1", "a2", "b1")) {
            assertThat(line(lines, "snapshot", job).path("reason").asText()).as(job).isEqualTo("PartitionNodeLimit");
        }
        for (String job : List.of("a3", "b2")) {
            assertThat(line(lines, "snapshot", job).path("reason").asText()).as(job).isEqualTo("PartitionConfig");
        }
    }

    @Test
    void slurm2411RefusesThemAtSubmit() {
        List<JsonNode> lines = replay("24.11");
        for (String job : List.of("a1", "a2", "a3")) {
            assertThat(line(lines, "submit", job).path("state").asText()).as(job).isEqualTo("REJECTED");
        }
    }
}
