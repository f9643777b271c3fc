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
 * {@code _pick_best_nodes}' {@code nodes_busy} counts only the nodes of the job's node sets, which never hold its
 * {@code -x} nodes ({@code _build_node_list}): a node the job excludes, held whole by an {@code --exclusive} job,
 * does not keep a pick past {@code max_nodes} from giving "ReqNodeNotAvail, May be reserved for other job"
 * (24.11.5, lead batch fuzz79 p23). A node the job may use, held whole, does: the job waits with Resources.
 */
class ExcludedNodeNotBusyTest {

    private static final String JOB = "-N2 -n2 -c1 --gpus=11 --gres-flags=enforce-binding";

    @Test
    void anExcludedNodeHeldWholeIsNotBusy() {
        assertThat(replay("job w -w a2 -N1 --exclusive\njob p -x a2 " + JOB + "\n"))
                .contains("p submit PENDING(ReqNodeNotAvail,_May_be_reserved_for_other_job) nodes= leaves=");
    }

    @Test
    void aUsableNodeHeldWholeIsBusy() {
        assertThat(replay("job w -w a3 -N1 --exclusive\njob p -x a2 " + JOB + "\n"))
                .contains("p submit PENDING(Resources) nodes= leaves=");
    }

    @Test
    void theBatchLineIsTheRealOne() {
        String script = OracleCase.resource("cases/fuzz79/jobs.txt");
        String real = OracleComparison.jobLines(OracleCase.resource("results/new/fuzz79.jsonl").lines().toList())
                .stream().map(OracleComparison::summary).filter(s -> s.startsWith("p23 submit")).findFirst()
                .orElseThrow();
        assertThat(real).isEqualTo("p23 submit PENDING(ReqNodeNotAvail,_May_be_reserved_for_other_job) nodes= "
                + "leaves=");
        assertThat(replay(script)).contains(real);
    }

    private static List<String> replay(String script) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));
        var read = JobScriptReader.read("jobs.txt", script).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster("fuzz79"), policy).run(read));
        return OracleComparison.jobLines(lines).stream().map(OracleComparison::summary).toList();
    }
}
