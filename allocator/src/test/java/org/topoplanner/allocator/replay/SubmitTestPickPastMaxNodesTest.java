package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch's test ({@code job_allocate} with {@code allocate == 0}, so {@code select_nodes} with {@code test_only}) runs
 * {@code _pick_best_nodes} with {@code SELECT_MODE_TEST_ONLY}: every core and GPU free. When that pick has more nodes
 * than {@code max_nodes} (22.05 {@code _eval_nodes_topo}: the loop over the leaves already required adds nodes
 * without counting {@code max_nodes}), {@code runable_avail} stays false and the job gets {@code ESLURM_NODE_NOT_AVAIL}
 * ("ReqNodeNotAvail, May be reserved for other job") at submission, before the scheduler pass that may start it; the
 * harness reads that reason at once. Own probe s22dsock (22.05.8 with {@code DebugFlags=SelectType}): p31
 * ({@code -N3 -n6 -c6 --gpus-per-node=1} enforce-binding) is tested twice on all 21 nodes, the tree's pick is
 * p1, p2, s1, s7 (weight-510 nodes p1 and s7 make leaf0 and leaf5 required, the required-leaf loop adds p2 and s1),
 * the submit line reads ReqNodeNotAvail and the pass 0.86 s later starts it on p1, p2, p5.
 */
class SubmitTestPickPastMaxNodesTest {

    @Test
    void theProbeCaseSubmitLineIsTheRealOne() {
        String script = OracleCase.resource("cases/s22dsock/jobs.txt");
        List<String> real = OracleComparison.jobLines(OracleCase.resource("results/s22dsock.jsonl").lines().toList())
                .stream().map(OracleComparison::summary).filter(s -> s.startsWith("p31 ")).toList();
        // the real lines: ReqNodeNotAvail at submission, running on p1, p2, p5 at the end
        assertThat(real).hasSize(2).first().asString()
                .isEqualTo("p31 submit PENDING(ReqNodeNotAvail,_May_be_reserved_for_other_job) nodes= leaves=");
        assertThat(real.get(1)).startsWith("p31 final RUNNING");
        assertThat(replay("s22dsock", script)).containsAll(real);
    }

    private static List<String> replay(String cluster, String script) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        var read = JobScriptReader.read("jobs.txt", script).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster(cluster), policy).run(read));
        return OracleComparison.jobLines(lines).stream().map(OracleComparison::summary).toList();
    }
}
