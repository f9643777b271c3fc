package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.planner.PlannerPolicy;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code -m/--distribution} per release (own case sb7a, PROVENANCE d12h): {@code block:block}, {@code cyclic:block} and
 * {@code plane} lay a node's CPUs out socket by socket ({@code dist_tasks}: {@code _block_sync_core_bitmap}), the
 * best-fitting socket first; {@code block}, {@code cyclic} and {@code block:cyclic} keep the default cyclic layout.
 */
class DistributionReplayTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({"results/sb7a.jsonl, 22.05", "results/new/sb7a.jsonl, 24.11", "results/v26.05/sb7a.jsonl, 26.05"})
    void laysTheCpusOutAsEachReleaseDoes(String results, String release) {
        SlurmVersion version = SlurmVersion.parse(release).orElseThrow();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version));
        var read = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/sb7a/jobs.txt")).script();
        List<String> replay = OracleComparison.jobLines(
                ReplayLine.lines(new Replayer(OracleCase.cluster("sb7a"), policy).run(read))).stream()
                .map(OracleComparison::summary).toList();
        List<String> real = OracleComparison.jobLines(OracleCase.resource(results).lines().toList()).stream()
                .map(OracleComparison::summary).filter(s -> s.matches("(b1|d[1-79]) submit .*")).toList();
        assertThat(real).hasSize(9);
        // d3 idle g1 -n4 block:block: socket 0 first (0-3, not 0,1,8,9); d6 -N2 -n6 plane=2: 0-4 and 0; d7 q1 -n6:
        // no socket holds six cores, the fullest first (0-3, then 4-5); d9 busy g1: the socket with room (22.05:
        // 13-15 then 7; 24.11/26.05, where n11 went to two nodes: 11-14)
        assertThat(replay).containsAll(real);
    }

    /**
     * {@code _compute_plane_dist} rebuilds {@code job_res->cpus} task by task, a task adding up to {@code -c} CPUs only
     * while the node is below the selection's count, in 24.11 and 26.05 as in 22.05 (lead case featfz3 f11,
     * {@code -w a4 -N3 -n12 -c4 -m plane=3} beside f10 on a1: a2's fourth task gets 3 CPUs, 0-14, in all three
     * releases; the layout once took 4 tasks x 4 there in 24.11 and 26.05).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"results/featfz3.jsonl, 22.05", "results/new/featfz3.jsonl, 24.11",
            "results/v26.05/featfz3.jsonl, 26.05"})
    void aPlaneNodeKeepsTheDealtCpusBelowWholeTasks(String results, String release) {
        SlurmVersion version = SlurmVersion.parse(release).orElseThrow();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version));
        var read = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/featfz3/jobs.txt")).script();
        List<String> replay = OracleComparison.jobLines(
                ReplayLine.lines(new Replayer(OracleCase.cluster("featfz3"), policy).run(read))).stream()
                .map(OracleComparison::summary).filter(s -> s.startsWith("f11 submit ")).toList();
        List<String> real = OracleComparison.jobLines(OracleCase.resource(results).lines().toList()).stream()
                .map(OracleComparison::summary).filter(s -> s.startsWith("f11 submit ")).toList();
        assertThat(real).singleElement().asString().contains("a2[c0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 g]");
        assertThat(replay).isEqualTo(real);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"-N2 -n4 --gpus=2 -m plane=2, GPUs", "-N1 -m plane=2, no -n", "-N1 --ntasks-per-node=2 -m plane=2, "
            + "--ntasks-per-node"})
    void refusesThePlaneShapesNotEmulated(String line, String beside) throws Exception {
        var request = SbatchOptions.parseLine(line);
        var state = org.topoplanner.allocator.ClusterState.empty(OracleCase.cluster("sb7a"));
        Suggestion tree = new SlurmTreePolicy(PolicyOptions.DEFAULT).suggest(state, request);
        assertThat(tree).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).contains("with " + beside).contains("not emulated"));
    }

    /**
     * Without {@code -n} sbatch's plane test reads its default of one task, before {@code -N} or
     * {@code --ntasks-per-node} set the count ({@code _opt_verify}: the test precedes "opt.ntasks = MAX(min_nodes, 1)",
     * 22.05.8, 24.11.5, 26.05), so these two-node planes are sbatch's refusal, not an unmodelled shape.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"-N2 -m plane=2", "-N2 --ntasks-per-node=2 -m plane=2"})
    void sbatchRefusesATwoNodePlaneWithoutMinusN(String line) throws Exception {
        var request = SbatchOptions.parseLine(line);
        var state = org.topoplanner.allocator.ClusterState.empty(OracleCase.cluster("sb7a"));
        assertThat(new SlurmTreePolicy(PolicyOptions.DEFAULT).suggest(state, request)).isInstanceOfSatisfying(
                Suggestion.Impossible.class, i -> assertThat(i.reason()).startsWith("Too few processes"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"22.05", "24.11", "26.05"})
    void thePlannerLeavesPlanesToSlurmTree(String release) throws Exception {
        var request = SbatchOptions.parseLine("-N2 -n6 -m plane=2");
        var state = org.topoplanner.allocator.ClusterState.empty(OracleCase.cluster("sb7a"));
        var options = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(release).orElseThrow());
        assertThat(new SlurmTreePolicy(options).suggest(state, request)).isInstanceOf(Suggestion.Placed.class);
        assertThat(new PlannerPolicy(options).suggest(state, request)).isInstanceOf(Suggestion.Impossible.class);
        // block:block changes only the CPU ids: the planner places it as slurm-tree does
        var block = SbatchOptions.parseLine("-N2 -n6 -m block:block");
        assertThat(new PlannerPolicy(options).suggest(state, block)).isInstanceOf(Suggestion.Placed.class);
    }
}
