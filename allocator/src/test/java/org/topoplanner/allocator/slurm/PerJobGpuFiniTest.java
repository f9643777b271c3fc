package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A {@code --gpus=N} job whose chosen nodes have no GPU topology ({@code gres.conf} with {@code File=} only) is never
 * failed by its count ({@code gres_select_filter_select_and_set}: such a node leaves {@code job_fini} at -1), so a
 * node 26.05's one-node test chose short of N runs the job on what it has. Own probe c26k1 (26.05.5, mem3b's nodes:
 * partition gp's {@code DefMemPerGPU=10000} caps g1-g3 at one GPU each, so the one-node test counts 1 + 1 + 1 and
 * chooses g3, then g4 for four): x1 runs on g3's two free GPUs, y2 on g4's one; y1 ({@code -w g2}: one counted)
 * waits. Without the rule the replay failed x1 and y2 for the pass (Resources).
 */
class PerJobGpuFiniTest {
    private static final String JOBS = """
            job b0 -p gp -N1 --gpus-per-node=2
            job b1 -p gp -N2 --gpus-per-node=2
            job b2 -N2 --gpus-per-node=1 --mem=16000
            job b3 -N1 -n2 --mem-per-cpu=3000
            job x1 -p gp -N1 --gpus=3 --mem=1000
            cancel x1
            job y1 -p gp -N1 --gpus=3 --mem=1000 -w g2
            cancel y1
            job y2 -p gp -N1 --gpus=4 --mem=1000
            """;

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = ';', value = {
        "x1; \"state\":\"RUNNING\",\"reason\":null,\"nodes\":[\"g3\"]; \"gpus\":[2,3]",
        "y1; \"state\":\"PENDING\",\"reason\":\"Resources\"; \"alloc\":[]",
        "y2; \"state\":\"RUNNING\",\"reason\":null,\"nodes\":[\"g4\"]; \"gpus\":[3]",
    })
    void aNodeWithoutGpuTopologyStartsTheJobOnWhatItCounted(String job, String state, String gpus) {
        var script = JobScriptReader.read("jobs.txt", JOBS).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster("c26k1"),
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05))).run(script));
        String line = lines.stream().map(l -> l.replace(" ", ""))
                .filter(l -> l.contains("\"name\":\"" + job + "\"") && l.contains("\"when\":\"submit\"")).findFirst()
                .orElseThrow();
        assertThat(line).contains(state).contains(gpus);
    }

    /**
     * The count is the node's free GPUs, past what its memory allows the job ({@code _get_job_cnt}): own probe c26k2
     * z1 ({@code -w g1,g2 -N2 --gpus=3 --mem-per-gpu=8000}, g1 8,000 MB free) takes two GPUs of g1 and one of g2 in
     * real 24.11.5 and 26.05.5 (g1's AllocMem 40000 of 32000).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"24.11", "26.05"})
    void theCountIgnoresTheMemoryCap(String version) {
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/c26k2/jobs.txt")).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster("c26k2"),
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow())))
                .run(script));
        String line = lines.stream().map(l -> l.replace(" ", ""))
                .filter(l -> l.contains("\"name\":\"z1\"") && l.contains("\"when\":\"submit\"")).findFirst()
                .orElseThrow();
        assertThat(line).contains("{\"node\":\"g1\",\"cpus\":[1],\"gpus\":[0,1]}")
                .contains("{\"node\":\"g2\",\"cpus\":[0],\"gpus\":[0]}");
    }

    @Test
    void nodesWithTopologyShortOfTheCountFailTheJob() {
        PerJobGpuFini fini = new PerJobGpuFini(SlurmVersion.V26_05, 4);
        fini.afterFirstPick(2);
        assertThat(fini.needsMore()).isTrue();
        assertThat(fini.afterMorePick(2)).isFalse();
        assertThat(fini.unmet()).isTrue();
    }

    @Test
    void withoutAnyTopologyTheWalkNeverStarts() {
        PerJobGpuFini fini = new PerJobGpuFini(SlurmVersion.V26_05, 3);
        assertThat(fini.needsMore()).isFalse();
        assertThat(fini.unmet()).isFalse();
    }

    @ParameterizedTest(name = "{0}: unmet {1}")
    @CsvSource({
        // 24.11 and 26.05 read _set_job_bits2's SLURM_ERROR on a count-only node as done and stop there
        "24.11, false",
        "26.05, false",
        // 22.05 stores it and walks on: the topology node after it, still short, answers last
        "22.05, true",
    })
    void aCountOnlyNodeEndsTheSecondWalkFrom2411(String version, boolean unmet) {
        PerJobGpuFini fini = new PerJobGpuFini(SlurmVersion.parse(version).orElseThrow(), 6);
        fini.afterFirstPick(2);
        assertThat(fini.needsMore()).isTrue();
        if (!fini.atNodeWithoutTopology(4)) {
            fini.afterMorePick(5);
        }
        assertThat(fini.unmet()).isEqualTo(unmet);
    }

    @ParameterizedTest(name = "{0}: needs more {1}")
    @CsvSource({
        // a topology node short when it was picked keeps job_fini at 0 in 24.11 and 26.05 (if (*job_fini != 0))
        "26.05, true",
        // 22.05 keeps the last node's answer
        "22.05, false",
    })
    void aShortFirstNodeIsRememberedFrom2411(String version, boolean needsMore) {
        PerJobGpuFini fini = new PerJobGpuFini(SlurmVersion.parse(version).orElseThrow(), 4);
        fini.afterFirstPick(1);
        fini.afterFirstPick(4);
        assertThat(fini.needsMore()).isEqualTo(needsMore);
    }
}
