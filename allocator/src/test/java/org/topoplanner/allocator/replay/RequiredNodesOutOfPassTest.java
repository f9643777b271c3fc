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
 * A pending job whose {@code -w} nodes an earlier waiting {@code -w} job of the same pass took out of
 * {@code avail_node_bitmap} gets {@code ESLURM_NODE_NOT_AVAIL} from {@code _pick_best_nodes}, which 22.05's
 * {@code select_nodes} words with the nodes missing from that map. On own case fuzz02's cluster (as f43 and f46 there,
 * whose final lines under 22.05.8 read "ReqNodeNotAvail,_UnavailableNodes:p3"): p3 held by an {@code --exclusive}
 * job, two {@code -w p3 -n1 -c10} jobs behind it.
 */
class RequiredNodesOutOfPassTest {
    private static final String SCRIPT = """
            job x -w p3 -N1 --exclusive
            job a -w p3 -n1 -c10
            job b -w p3 -n1 -c10
            """;

    @Test
    void slurm2205NamesTheNodesAnEarlierJobTookOutOfThePass() {
        assertThat(finalLines(SlurmVersion.V22_05)).contains(
                "a final PENDING(Resources) nodes= leaves=",
                "b final PENDING(ReqNodeNotAvail,_UnavailableNodes:p3) nodes= leaves=");
    }

    @Test
    void slurm2411SaysTheNodeMayBeReservedForAnotherJob() {
        // 24.11.5's select_nodes leaves out the nodes that are up, as 26.05.5's (slurm-24f; fuzz02 f46's final line)
        assertThat(finalLines(SlurmVersion.V24_11)).contains(
                "a final PENDING(Resources) nodes= leaves=",
                "b final PENDING(ReqNodeNotAvail,_May_be_reserved_for_other_job) nodes= leaves=");
    }

    private static List<String> finalLines(SlurmVersion version) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version));
        var script = JobScriptReader.read("jobs.txt", SCRIPT).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster("fuzz02"), policy).run(script));
        return OracleComparison.jobLines(lines).stream().map(OracleComparison::summary)
                .filter(s -> s.contains(" final ")).toList();
    }
}
