package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job that cannot run on the nodes of its partition the pass has left, even idle, waits {@code
 * ESLURM_NODE_NOT_AVAIL} ({@code _pick_best_nodes}: {@code runable_avail} false, {@code nodes_busy} false) and
 * blocks nothing behind it ({@code schedule} does not set {@code fail_by_part} for it). Own case mem4a under real
 * 22.05.8: m7 ({@code -p lim}, every GPU node) waits at the head, so the pass loses g1-g3 (lim's nodes); m9 ({@code
 * -N2 --gpus-per-node=2}, partition all) ends "ReqNodeNotAvail, UnavailableNodes:g[1-3]", and m10 ({@code -N1 -n4},
 * which the t nodes could hold when idle) is looked at and waits {@code Resources}, m11 behind it {@code Priority}.
 * The replay said {@code Resources} for m9 and {@code Priority} for m10.
 */
class NodesOutOfPassTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            m9  | ReqNodeNotAvail,_UnavailableNodes:g[1-3]
            m10 | Resources
            m11 | Priority
            """)
    void aJobTheLeftNodesCannotHoldWaitsNodeNotAvailAndBlocksNothing(String job, String reason) throws Exception {
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/mem4a/jobs.txt")).script();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        List<ReplayEvent.Job> lines = new Replayer(OracleCase.cluster("mem4a"), policy).run(script).stream()
                .filter(e -> e instanceof ReplayEvent.Job j && j.name().equals(job))
                .map(e -> (ReplayEvent.Job) e).toList();
        assertThat(lines).last().satisfies(j -> {
            assertThat(j.moment()).isEqualTo(ReplayEvent.Moment.FINAL);
            assertThat(j.reason()).isEqualTo(reason);
        });
    }
}
