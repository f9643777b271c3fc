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
 * {@code can_job_run_on_node} ({@code cons_tres/job_test.c}, 22.05, 24.11, 26.05) builds the job's GRES socket list
 * before {@code _allocate_sc}: {@code _build_sock_gres_by_topo} clears the cores of a socket short of
 * {@code --gpus-per-socket} under enforce-binding, so {@code _allocate_sc}'s step 2 finds fewer sockets with a free
 * core than {@code --sockets-per-node} and the node is unusable. Own probe c19e1 ({@code results/c19e1.jsonl} and
 * the newer releases' alike): a1 and a2 with socket 0's GPUs taken; p1 and p3 (enforce-binding) wait
 * {@code Resources}, p2 and p4 (without it) run on socket 1's GPUs 4 and 5.
 */
class EnforceBindingSocketsPerNodeTest {

    @Test
    void aNodeLeftWithOneGpuSocketIsUnusableUnderEnforceBindingOnly() {
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/c19e1/jobs.txt")).script();
        for (SlurmVersion v : SlurmVersion.values()) {
            List<String> lines = OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster("c19e1"),
                    new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))).run(script))).stream()
                    .map(OracleComparison::summary).toList();
            assertThat(lines).as(v.label()).contains("p1 submit PENDING(Resources) nodes= leaves=",
                    "p3 submit PENDING(Resources) nodes= leaves=",
                    "p2 submit RUNNING a1[c16,17 g4,5] a2[c16 g4,5] nodes=a1,a2 leaves=leafa",
                    "p4 submit RUNNING a1[c16 g4,5] nodes=a1 leaves=leafa");
        }
    }
}
