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
 * sbatch's test of a job of several partitions stops at the first partition whose test-only pick passes
 * ({@code _select_nodes_parts}, {@code job_mgr.c}). 26.05 passes that pick for a one-node {@code --gpus=N} job on
 * nodes of fewer GPUs when their GPUs add up ({@code _get_one_res}), though no pick there ever starts it: the test
 * stops in that partition with success and no reason, and the pass the submission queued starts the job in the next
 * partition. Own case featfz5 f36 ({@code -p all,mix -N1 -n3 -c5 --gpus=8}, mix of tier 2 with 4-GPU nodes first):
 * RUNNING on a2 of all at submission, 26.05.5. Cluster: featfz5.
 */
class SubmitTestPassesWhereNoPickRunsTest {
    private static final Cluster FEATFZ5 = OracleCase.cluster("featfz5");

    private static List<String> replay(String jobs, SlurmVersion v) {
        var script = JobScriptReader.read("jobs.txt", jobs).script();
        return ReplayLine.lines(new Replayer(FEATFZ5, new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)))
                .run(script));
    }

    private static String line(List<String> lines, String when, String name) {
        return lines.stream().filter(l -> l.contains("\"when\":\"" + when + "\",\"name\":\"" + name + "\""))
                .findFirst().orElseThrow(() -> new AssertionError(when + " " + name + " in " + lines));
    }

    @Test
    void theOneNodeGpuSumPassesTheTestAndTheNextPartitionStartsTheJob() {
        // a busy node in leafa keeps the cluster from being empty, as in featfz5 (f34 held a1-a3's first cores)
        String jobs = """
                job f34 -p fat -N3 -n10 -c1 -m plane=2
                job f36 -p all,mix -N1 -n3 -c5 --gpus=8
                """;
        String submit = line(replay(jobs, SlurmVersion.V26_05), "submit", "f36");
        assertThat(submit).contains("\"state\":\"RUNNING\"").contains("\"nodes\":[\"a");
    }
}
