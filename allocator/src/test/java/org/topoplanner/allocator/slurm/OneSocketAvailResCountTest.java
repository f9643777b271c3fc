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
 * 24.11's retry ({@link KnapsackRetry}) drops the nodes of the lowest {@code avail_res_cnt} first, and for a job given
 * one socket per node ({@link CoreFilter#oneGpuSocket}) that count is the free CPUs the sockets-per-node limit left
 * (a socket without GPUs keeps its cores) plus the kept socket's GPUs ({@link CoreFilter#oneSocketCpus}). Own case
 * blockfz20 and probe blk8k21 (24.11.5, {@code DebugFlags=SelectType}): k21 ({@code --gpus=5} enforce-binding) waits;
 * the pass's block b8 (q13 of weight 1 with one free GPU, l9 with 2 + 2 GPUs) gives 3 GPUs, and the retry drops l1 ...
 * l9 (16 CPUs, 2 GPUs: 18) and q13 (17 free CPUs, 1 GPU: 18) but never an idle q node (24 CPUs, 4 GPUs on socket 0:
 * 28), so no evaluation reaches 5 GPUs. Counting a q node's CPUs as its GPU socket's (12 + 4) dropped q13 first and
 * ran k21 on q2 and l2.
 */
class OneSocketAvailResCountTest {
    @Test
    void k21WaitsAsIn2411() {
        String jobs = OracleCase.resource("cases/blockfz20/jobs.txt").lines().limit(36)
                .reduce("", (a, b) -> a + b + "\n") + "sleep 2\nsnapshot k21\n";
        var script = JobScriptReader.read("jobs.txt", jobs).script();
        var policy = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster("blockfz20"), policy).run(script));
        assertThat(lines).filteredOn(l -> l.contains("\"name\":\"k21\"") && l.contains("\"when\":\"snapshot\""))
                .singleElement().asString().contains("\"state\":\"PENDING\"", "\"reason\":\"Resources\"");
    }

    @Test
    void aSocketWithoutGpusKeepsItsCores() throws Exception {
        var cluster = OracleCase.cluster("blockfz20");
        var table = BlockTable.of(cluster, false);
        SlurmJobSpec job = SlurmJobSpec.of(org.topoplanner.model.job.SbatchOptions.parse(
                List.of("--gpus=5", "--gres-flags=enforce-binding"), "k21"));
        assertThat(CoreFilter.oneGpuSocket(job, SlurmVersion.V24_11)).isTrue();
        for (SlurmNode n : table.nodes()) {
            java.util.BitSet cores = new java.util.BitSet();
            cores.set(0, n.cores());
            java.util.BitSet gpus = new java.util.BitSet();
            gpus.set(0, n.gpus().size());
            NodeUse idle = new NodeUse(cores, gpus, true, false);
            // q nodes: four GPUs on socket 0 (Cores=0-11), socket 1 without GPUs; l nodes: two GPUs a socket
            int expected = n.name().startsWith("q") ? 24 : 16;
            assertThat(CoreFilter.oneSocketCpus(n, idle, job)).as(n.name()).isEqualTo(expected);
        }
    }
}
