package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Own probe c28c2 (PROVENANCE {@code ## w28c}), replayed with its runs' times: n1 and n2 keep two free cores of socket
 * 1 (4 CPUs, one GPU at {@code DefCpuPerGPU=3}), n3 and n4 are idle. 26.05.5's one-node pick ({@code _get_one_res})
 * chooses n2, where the GPUs n1 and n2 credited complete {@code --gpus=2}, on {@code details->min_cpus} alone; a job
 * without {@code -n} then lays out {@code job_res->ncpus} (6) tasks on 4 CPUs and waits Resources (p1), one with
 * {@code -n1}, {@code -n2} or {@code -n4} runs there on CPUs 12-15 with both GPUs (p3, p5, p8). 22.05.8 and 24.11.5 run
 * them all on n3. Twelve job lines (b1 and b2 also at the end), too few for {@code KnownMismatchReplayTest}. {@code differing}: the jobs whose lines still
 * differ.
 */
class OneNodeTaskLayoutProbeTest {
    @ParameterizedTest(name = "c28c2 under {1}")
    @CsvSource(delimiter = ';', value = {
        "results/c28c2.jsonl;        22.05; ''",
        "results/new/c28c2.jsonl;    24.11; ''",
        "results/v26.05/c28c2.jsonl; 26.05; ''",
    })
    void oneNodePickOnMinCpusThenTheLayout(String results, String version, String differing) {
        assertThat(differingJobs("c28c2", results, version)).containsExactlyElementsOf(differing.isBlank()
                ? List.of() : List.of(differing.trim().split("\\s+")));
    }

    /** The jobs whose lines differ when the case's run is replayed with its times on a tree. */
    private static List<String> differingJobs(String caseName, String results, String version) {
        SlurmVersion release = SlurmVersion.parse(version).orElseThrow();
        var actual = TimedReplay.wholeCaseJobLines(caseName, results, release,
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(release)));
        var expected = OracleComparison.jobLines(OracleCase.resource(results).lines().toList());
        assertThat(expected).hasSize(12);
        return OracleComparison.mismatches(expected, actual).stream()
                .map(m -> m.substring(m.indexOf("real:") + 5).trim().split("\\s+")[0]).toList();
    }
}
