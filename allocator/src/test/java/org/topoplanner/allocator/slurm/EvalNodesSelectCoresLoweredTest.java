package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 24.11's {@code eval_nodes_select_cores} ({@code topology/common/eval_nodes.c}) starts from the node's
 * {@code avail_res->avail_cpus}, which an earlier evaluation of the same selection may have lowered
 * ({@code eval_nodes_cpus_to_use}; {@code common_topo_choose_nodes} restores the node map and the cores between
 * evaluations, not that count): the lowered count bounds the node's tasks, so the GPU filter keeps one task's cores
 * and, with neither GPU socket enough, trims socket 0 first ("spread them out"), leaving a core of socket 1. The same
 * rule as 22.05's {@code _select_cores} ({@link SelectCoresFromLoweredAvailCpusTest}, slurm-22c), now in
 * {@code KnapsackRetry.AvailRes} for both. Own case fuzz19 p8 ({@code -N3 --gpus=10} on an idle cluster): 24.11.5 gives
 * p1 its one task on CPU 16 with GPUs 0 and 2 (h1 and h2 CPUs 0-1 with all four GPUs), where filtering every free
 * core left socket 0's CPU 0.
 */
class EvalNodesSelectCoresLoweredTest {

    @Test
    void fuzz19p8TakesTheLoweredTaskOnSocket1() {
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/fuzz19/jobs.txt")).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster("fuzz19"),
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11))).run(script));
        String p8 = lines.stream().map(l -> l.replace(" ", ""))
                .filter(l -> l.contains("\"name\":\"p8\"") && l.contains("\"when\":\"submit\"")).findFirst()
                .orElseThrow();
        assertThat(p8).contains("{\"node\":\"p1\",\"cpus\":[16],\"gpus\":[0,2]}")
                .contains("{\"node\":\"h1\",\"cpus\":[0,1],\"gpus\":[0,1,2,3]}");
    }
}
