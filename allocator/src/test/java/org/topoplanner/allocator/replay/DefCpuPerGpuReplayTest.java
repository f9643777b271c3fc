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
 * Own probe c25u1 (PROVENANCE {@code ## r25u}, {@code ## o25c}), replayed with its runs' times: every line matches
 * real Slurm in every release. The {@code -O --ntasks-per-gpu} jobs p2, p3, p5 differed while the replay refused them
 * as not emulated (r25u); since o25c they follow {@link org.topoplanner.allocator.slurm.SlurmTreePolicy}'s rules
 * (22.05 one task's CPUs, 26.05 every task's, 24.11 refused at the test-only pick or waiting for good). The {@code DefCpuPerGPU=3} jobs d1, d2 and d4 match only with the partition's default
 * read as {@code --cpus-per-gpu} in the select stage (slurm.DefCpuPerGpu): d1 on n1 and n3 with 3 CPUs and one GPU
 * each, d2 skipping n1 (5 free CPUs hold one GPU's 3), d4 Resources on two free CPUs. Too few job lines for
 * {@code KnownMismatchReplayTest}, and not whole for {@code ShortProbeReplayTest}.
 * <p>
 * Own probe c26e1 (PROVENANCE {@code ## u26e}), the same way: 26.05's one-node submission test ({@code _get_one_res})
 * adds each tested node's GPUs to one count, and a partition's {@code DefCpuPerGPU} cuts a node's share to its CPUs
 * over the default, those CPUs lowered first by a per-CPU memory figure (slurm.OneNodeSumGpus). {@code -p d3 -N1
 * --gpus=3} waits for good in 26.05.5 (2 + 2 GPUs), {@code -p d6} on two nodes is refused (1 + 1), on three waits;
 * with {@code --mem-per-cpu=3000} (5 CPUs a node, one GPU) two nodes are refused for 3 GPUs and three wait; the
 * job's own {@code --cpus-per-gpu} is refused (its {@code min_cpus}). 22.05.8 and 24.11.5 refuse every job no single
 * node holds.
 * <p>
 * Own probe c28c2 (PROVENANCE {@code ## w28c}), the same way: n1 and n2 keep two free cores of socket 1 (4 CPUs, one
 * GPU at {@code DefCpuPerGPU=3}), n3 and n4 are idle. 26.05.5's one-node pick ({@code _get_one_res}) chooses n2, where
 * the GPUs n1 and n2 credited complete {@code --gpus=2}, on {@code details->min_cpus} alone; a job without {@code -n}
 * then lays out {@code job_res->ncpus} (6) tasks on 4 CPUs and waits Resources (p1, slurm.NcpusTaskCount), one with
 * {@code -n1}, {@code -n2} or {@code -n4} runs there on CPUs 12-15 with both GPUs (p3, p5, p8; the earlier stand-in
 * skipped n2 for n3). 22.05.8 and 24.11.5 run them on n3. Twelve job lines (b1 and b2 again at the end).
 */
class DefCpuPerGpuReplayTest {
    @ParameterizedTest(name = "{0} under {2}")
    @CsvSource(delimiter = ';', value = {
        "c25u1; results/c25u1.jsonl;        22.05; 16",
        "c25u1; results/new/c25u1.jsonl;    24.11; 16",
        "c25u1; results/v26.05/c25u1.jsonl; 26.05; 16",
        "c26e1; results/c26e1.jsonl;        22.05; 13",
        "c26e1; results/new/c26e1.jsonl;    24.11; 13",
        "c26e1; results/v26.05/c26e1.jsonl; 26.05; 13",
        "c28c2; results/c28c2.jsonl;        22.05; 12",
        "c28c2; results/new/c28c2.jsonl;    24.11; 12",
        "c28c2; results/v26.05/c28c2.jsonl; 26.05; 12",
    })
    void everyLineMatches(String caseName, String results, String version, int lines) {
        assertThat(differingJobs(caseName, results, version, lines)).isEmpty();
    }

    /**
     * Own probe c26u1 (PROVENANCE {@code ## u26d}): each job of a {@code DefCpuPerGPU} partition beside the same job
     * with {@code --cpus-per-gpu} given, on an idle cluster of four 8-core 2-GPU nodes (one GPU a socket). Only
     * 24.11's {@code _sum_min_gres_cpus} reads the job's own figure and not the default: b1 ({@code -N1 --gpus=2}
     * enforce-binding) is refused where b2 runs on both sockets. 26.05.5 holds m1 ({@code -N1 --gpus=2
     * --mem-per-cpu=3000} with the default of 3 on 16000 MB nodes) {@code Resources} where 22.05.8 and 24.11.5 refuse
     * it, as all three refuse m2 with the figure given: the one-node sum of 26.05's submission test (c26e1 above).
     * {@code differing}: the jobs whose lines still differ (none).
     */
    @ParameterizedTest(name = "c26u1 under {1}")
    @CsvSource(delimiter = ';', value = {
        "results/c26u1.jsonl;        22.05; ''",
        "results/new/c26u1.jsonl;    24.11; ''",
        "results/v26.05/c26u1.jsonl; 26.05; ''",
    })
    void defaultBesideOwnFigure(String results, String version, String differing) {
        assertThat(differingJobs("c26u1", results, version, 10)).containsExactlyElementsOf(differing.isBlank()
                ? List.of() : List.of(differing.trim().split("\\s+")));
    }

    /**
     * Own probe c27c1 (PROVENANCE {@code ## r27c}): c26u1's nodes on two leaves, each {@code DefCpuPerGPU} job beside
     * the same job with its own {@code --cpus-per-gpu}, shapes whose {@code rem_max_cpus} and {@code job_res->ncpus}
     * hold the default while {@code details->min_cpus} does not ({@code -n4 --gpus-per-task=1}: 4 CPUs against the
     * tasks' 12; {@code -N1-2 -n10 --gpus-per-node=2}; {@code --ntasks-per-node=2}; {@code -n1 --gpus=3} at 6 CPUs a
     * GPU). Every pair got the same line in every release, so the CPU counts of the tree read as Slurm names them
     * (slurm.JobCpuCounts) and as the earlier with-default figure give the same lines here; 26.05.5 holds the default
     * {@code -n1} job {@code Resources} (the one-node sum) and refuses the own figure (its {@code min_cpus} 18).
     */
    @ParameterizedTest(name = "c27c1 under {1}")
    @CsvSource(delimiter = ';', value = {
        "results/c27c1.jsonl;        22.05",
        "results/new/c27c1.jsonl;    24.11",
        "results/v26.05/c27c1.jsonl; 26.05",
    })
    void defaultAndOwnFigureAlikeOnTwoLeaves(String results, String version) {
        assertThat(differingJobs("c27c1", results, version, 14)).isEmpty();
    }

    /** The jobs whose lines differ when the case's run is replayed with its times on a tree (of {@code lines}). */
    private static List<String> differingJobs(String caseName, String results, String version, int lines) {
        SlurmVersion release = SlurmVersion.parse(version).orElseThrow();
        var actual = TimedReplay.wholeCaseJobLines(caseName, results, release,
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(release)));
        var expected = OracleComparison.jobLines(OracleCase.resource(results).lines().toList());
        assertThat(expected).hasSize(lines);
        return OracleComparison.mismatches(expected, actual).stream()
                .map(m -> m.substring(m.indexOf("real:") + 5).trim().split("\\s+")[0]).toList();
    }
}
