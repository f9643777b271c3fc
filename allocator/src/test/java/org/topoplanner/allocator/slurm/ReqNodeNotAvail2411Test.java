package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 24.11's {@code select_nodes} ({@code slurmctld/node_scheduler.c}, 24.11.5) words {@code ESLURM_NODE_NOT_AVAIL} as
 * 26.05.5 does: the nodes missing from the pass's {@code avail_node_bitmap} that are up are left out
 * ({@code bit_and_not(unavail_bitmap, up_node_bitmap)}), so a {@code -w} job whose node an earlier pending {@code -w}
 * job of the same pass took out ({@code _schedule}: "Do not schedule more jobs on nodes required by this job") waits
 * with "ReqNodeNotAvail, May be reserved for other job". 22.05.8's {@code select_nodes} names the nodes instead. Own
 * cases under 24.11.5: fuzz02 f46 ({@code -w p3 -n1 -c10} behind f43 on p3) and fuzz17 b28 ({@code -w s2 -n2 -c2}
 * behind the pending b24 on s2) end waiting with it; the replay said {@code Resources}.
 */
class ReqNodeNotAvail2411Test {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            24.11 | ReqNodeNotAvail,_May_be_reserved_for_other_job
            22.05 | ReqNodeNotAvail,_UnavailableNodes:p3
            """)
    void selectNodesWordsARequiredNodeOutOfThePass(String version, String reason) {
        SlurmTreePolicy policy = new SlurmTreePolicy(
                PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()));
        assertThat(policy.requiredNodesOutOfPass(List.of("p3"))).isEqualTo(reason);
        assertThat(policy.requiredNodesOutOfPass(List.of())).isNull();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"fuzz02, f46", "fuzz17, b28"})
    void aNamedNodeJobBehindAPendingOneEndsWaitingWithIt(String caseName, String job) throws Exception {
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/" + caseName + "/jobs.txt")).script();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));
        List<ReplayEvent.Job> lines = new Replayer(OracleCase.cluster(caseName), policy).run(script).stream()
                .filter(e -> e instanceof ReplayEvent.Job j && j.name().equals(job))
                .map(e -> (ReplayEvent.Job) e).toList();
        // the real 24.11.5 final line (results/new/<case>.jsonl)
        assertThat(lines).last().satisfies(j -> {
            assertThat(j.moment()).isEqualTo(ReplayEvent.Moment.FINAL);
            assertThat(j.reason()).isEqualTo("ReqNodeNotAvail,_May_be_reserved_for_other_job");
        });
    }
}
