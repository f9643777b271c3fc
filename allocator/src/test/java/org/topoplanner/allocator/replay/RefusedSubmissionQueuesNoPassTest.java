package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A submission sbatch refuses queues no scheduler pass (the submit RPC fails before {@code queue_job_scheduler}), so
 * the pass the accepted submission before it queued still comes after a cancel sent right after the refusal. Own case
 * blockfz43 (after its reset before k17): k21 ({@code -N1 -c4 --gpus-per-node=1}) is submitted behind the pending k19
 * and k20 of partition half, k22 is refused, k19 (pending) is cancelled; the pass then starts k20 and k21 takes f4
 * (weight 1, in half), 24.11.5 and 26.05.5. Had the pass run before the cancel, k19 would have blocked half and k21
 * gone to f2 of the other partition's nodes.
 */
class RefusedSubmissionQueuesNoPassTest {
    private static final Cluster BLOCKFZ43 = OracleCase.cluster("blockfz43");

    @Test
    void thePassQueuedBeforeARefusalComesAfterTheCancelThatFollows() {
        String jobs = """
                job k17 -N5 --gpus-per-node=2
                job k18 -N12 --gpus-per-node=2 --gres-flags=enforce-binding
                job k19 -p half -N4 --gpus-per-node=1 --exclusive=topo
                job k20 -p half -N2 --exclusive
                job k21 -N1 -c4 --gpus-per-node=1
                job k22 -p half -N15 --gpus-per-node=2 --segment=3
                cancel k19
                """;
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            var script = JobScriptReader.read("jobs.txt", jobs).script();
            List<String> lines = ReplayLine.lines(new Replayer(BLOCKFZ43,
                    new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))).run(script));
            String k22 = lines.stream().filter(l -> l.contains("\"k22\"")).findFirst().orElseThrow();
            assertThat(k22).as(v.label()).contains("REJECTED");
            String k21 = lines.stream().filter(l -> l.contains("\"when\":\"final\",\"name\":\"k21\"")).findFirst()
                    .orElseThrow();
            assertThat(k21).as(v.label()).contains("\"nodes\":[\"f4\"]");
        }
    }
}
