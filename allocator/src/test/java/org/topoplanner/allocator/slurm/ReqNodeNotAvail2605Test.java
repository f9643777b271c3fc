package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 26.05's {@code _pick_best_nodes} ({@code node_scheduler.c}) returns {@code ESLURM_NODE_NOT_AVAIL} for a job whose
 * named nodes an earlier pending {@code -w} job of the pass took out of {@code avail_node_bitmap}, and
 * {@code select_nodes} words it "ReqNodeNotAvail, May be reserved for other job" (the missing nodes are up). Own case
 * fuzz02 f46 ({@code -w p3 -n1 -c10} behind the pending f43 on p3): its final line in 26.05.5 has that reason, where
 * the replay asked the policy and said {@code Resources}.
 */
class ReqNodeNotAvail2605Test {

    @Test
    void aNamedNodeTakenOutOfThePassIsReservedForAnotherJob() throws Exception {
        SlurmTreePolicy v26 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        assertThat(v26.requiredNodesOutOfPass(List.of("p3"))).isEqualTo("ReqNodeNotAvail,_May_be_reserved_for_other_job");
        // 24.11 words it the same (ReqNodeNotAvail2411Test)
    }

    @Test
    void fuzz02F46EndsWaitingWithIt() throws Exception {
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/fuzz02/jobs.txt")).script();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        List<String> reasons = new Replayer(OracleCase.cluster("fuzz02"), policy).run(script).stream()
                .filter(e -> e instanceof ReplayEvent.Job j && j.name().equals("f46"))
                .map(e -> ((ReplayEvent.Job) e).reason()).toList();
        // submitted behind pending jobs (Priority), still waiting at the end, with the reason of the real final line
        assertThat(reasons).last().isEqualTo("ReqNodeNotAvail,_May_be_reserved_for_other_job");
    }
}
