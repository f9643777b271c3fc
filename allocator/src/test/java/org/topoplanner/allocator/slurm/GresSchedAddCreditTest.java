package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code gres_sched_add} ({@code topology/common/gres_sched.c}, 24.11 and 26.05): the GPUs a node added toward a
 * per-job count is credited with ({@code sock_gres->total_cnt}, {@code _set_job_bits1}'s ceiling later) are its offer,
 * lowered to what the job still lacks only while it lacks any, and at least one.
 */
class GresSchedAddCreditTest {

    @Test
    void aNodeAddedAfterTheCountIsMetKeepsItsWholeOffer() {
        // cpg22 c9's order: h6 (index 1) and h8 (index 2) meet --gpus=4, h3 (index 0) comes last offering 2
        int[] credit = PerJobGpuCredit.credit(new int[] {1, 2, 0}, i -> 2, i -> true, 0, 4, 3);
        assertThat(credit).containsExactly(2, 2, 2);
    }

    @Test
    void whileTheJobIsShortTheCreditIsWhatItLacks() {
        int[] credit = PerJobGpuCredit.credit(new int[] {0, 1}, i -> i == 0 ? 3 : 4, i -> true, 0, 5, 2);
        assertThat(credit).containsExactly(3, 2);
    }

    @Test
    void everyNodeWithGpusIsCreditedAtLeastOneAndOneWithoutNone() {
        int[] credit = PerJobGpuCredit.credit(new int[] {0, 1, 2}, i -> 0, i -> i != 2, 0, 4, 3);
        assertThat(credit).containsExactly(1, 1, 0);
    }

    /**
     * Own probe cpg22 c9 ({@code -N3 --gpus=4 --cpus-per-gpu=8}), real 24.11.5 and 26.05.5 (results/new,
     * results/v26.05): h3, first in node order and added last, picks 2 GPUs (2, 3 on its socket 1), h6 and h8 one.
     */
    @ParameterizedTest
    @ValueSource(strings = {"24.11", "26.05"})
    void cpg22c9GivesTheFirstNodeItsOffer(String version) {
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/cpg22/jobs.txt")).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster("cpg22"),
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))).run(script));
        String c9 = lines.stream().filter(l -> l.replace(" ", "").contains("\"name\":\"c9\"")
                && l.replace(" ", "").contains("\"when\":\"submit\"")).findFirst().orElseThrow().replace(" ", "");
        assertThat(c9).contains("\"node\":\"h3\"").contains("\"gpus\":[2,3]}")
                .contains("{\"node\":\"h6\",\"cpus\":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15],\"gpus\":[0]}");
    }
}
