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
 * 22.05's {@code _cpus_to_use} ({@code select/cons_tres/job_test.c}) writes {@code avail_res->avail_cpus} whenever a
 * node's offer exceeds {@code rem_max_cpus}, also when the count it writes equals that offer (the GPU filter had cut
 * a 128-CPU node to 1 CPU for {@code -N2 -n2 -c1 --gpus=N}). A failed evaluation so leaves the node at 1 CPU: the
 * next evaluation's core filter finds no core on a two-thread node and {@code choose_nodes}' knapsack rounds drop
 * it early (its {@code avail_res_cnt} is 1 plus its GPUs). Both lines are real 22.05.8 ones, stored unchanged.
 */
class CpusToUseWriteAtOfferTest {

    /** Probe c10a1 (fuzz79 up to p23, DebugFlags=SelectType): the rounds end on f3 required and four nodes. */
    @Test
    void theRetryPickPastMaxNodesHoldsTheJob() {
        assertThat(replay("c10a1", "p23")).containsExactly(real("c10a1", "p23"));
        assertThat(real("c10a1", "p23"))
                .isEqualTo("p23 submit PENDING(ReqNodeNotAvail,_May_be_reserved_for_other_job) nodes= leaves=");
    }

    /** fuzz81 p32 ({@code --nodes=2 -n2 -c1 --gpus=10}): the two 8-GPU nodes, once f3 has left the rounds. */
    @Test
    void theRetryEndsOnTheTwoEightGpuNodes() {
        assertThat(real("fuzz81", "p32")).contains("nodes=a1,a2 ");
        assertThat(replay("fuzz81", "p32")).containsExactly(real("fuzz81", "p32"));
    }

    private static String real(String cas, String job) {
        return OracleComparison.jobLines(OracleCase.resource("results/" + cas + ".jsonl").lines().toList()).stream()
                .map(OracleComparison::summary).filter(s -> s.startsWith(job + " submit")).findFirst().orElseThrow();
    }

    private static List<String> replay(String cas, String job) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        var read = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/" + cas + "/jobs.txt")).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster(cas), policy).run(read));
        return OracleComparison.jobLines(lines).stream().map(OracleComparison::summary)
                .filter(s -> s.startsWith(job + " submit")).toList();
    }
}
