package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job whose test-only pick ({@code SELECT_MODE_TEST_ONLY}) passes on the nodes a pass has left, though no placement
 * fits there, waits {@code Resources} and blocks its partition ({@code _pick_best_nodes}: {@code runable_avail} true,
 * so {@code ESLURM_NODES_BUSY}, not {@code ESLURM_NODE_NOT_AVAIL}; {@code schedule} sets {@code fail_by_part}). Lead's
 * case featfz22 under 26.05.5 (timed run): f73 ({@code -p fat,short -N1 -n6 -c2 --gpus=7}) fails in fat (a1 has 3
 * free GPUs, a2-a4 run the exclusive f71), which takes a1-a4 out of the pass; short's record is tested on b3, b4
 * and c2 (4 GPUs each), where 26.05's one-node shortcut counts 4 + 3 GPUs from node to node and passes: real
 * {@code Resources} at the look (the replay said "ReqNodeNotAvail, May be reserved for other job"), and f78 ({@code
 * -w b3}, partition all) behind the blocked short waits "ReqNodeNotAvail, May be reserved for other job" (the replay
 * ran it on b3 and b4).
 */
class TestOnlyPickOnNodesLeftTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "job f74 | f73 submit PENDING(Resources) nodes= leaves=",
            "job f79 | f78 submit PENDING(ReqNodeNotAvail,_May_be_reserved_for_other_job) nodes= leaves="})
    void aTestOnlyPickThatPassesOnTheNodesLeftKeepsResourcesAndBlocksThePartition(String upTo, String expected) {
        assertThat(TimedReplay.summaries("featfz22", upTo, "", "results/v26.05/featfz22.jsonl", SlurmVersion.V26_05))
                .contains(expected);
    }
}
