package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job of several partitions whose sbatch test passes and whose harness look ended before the pass it queued shows
 * the reason sched/builtin's queue build left ({@link BuiltinAgentLook}): the last partition's
 * {@code job_limits_check}. Lead's case featfz12 (fat a1-a4 tier 3 cap 24, short b1 b2 c1 cap 2): f83
 * ({@code -p short,fat -N1 -n9 -c1 -m plane=1}) is {@code PartitionConfig} at the look under 24.11.5 and 26.05.5, and
 * the pass after it starts it on a1.
 */
class BuiltinAgentLookTest {
    private static final String F83 = "-p short,fat -N1 -n9 -c1 -m plane=1";

    private static List<String> replay(SlurmVersion v, MeasuredRun measured) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
        var parsed = JobScriptReader.read("jobs.txt", "job f83 " + F83 + "\n").script();
        return OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster("featfz12"), policy,
                PassTiming.of(v), measured).run(parsed))).stream().map(OracleComparison::summary).toList();
    }

    /** f83's RPC at 100.20, its look 100.70-100.75, the pass queued at the next whole second (logged 101.004). */
    private static MeasuredRun lookFirst() {
        return new MeasuredRun(Map.of(1, new MeasuredRun.Submission("f83", 100.20, 100.70, 100.75,
                Double.POSITIVE_INFINITY)), List.of(101.004));
    }

    @ParameterizedTest(name = "Slurm {0}: the look before the pass reads the queue build's PartitionConfig")
    @CsvSource({"24.11", "26.05"})
    void aLookBeforeThePassReadsTheLastPartitionsLimit(String release) {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        assertThat(replay(v, MeasuredRun.NONE)).anyMatch(l -> l.startsWith("f83 submit RUNNING a1["));
        List<String> with = replay(v, lookFirst());
        assertThat(with).contains("f83 submit PENDING(PartitionConfig) nodes= leaves=");
        assertThat(with).anyMatch(l -> l.startsWith("f83 final RUNNING a1["));
    }

    /**
     * With the run's sched/builtin builds known ({@link BuiltinBuilds}), only a build between the RPC (100.20) and the
     * look's answer (100.733) wrote a reason the look could read; on a grid with none there (98.9, 100.9, ...) the
     * harness kept polling until the pass, which starts f83 (f24r, note23).
     */
    @Test
    void withBuildsKnownOnlyABuildBeforeTheLookWordsIt() {
        MeasuredRun buildBetween = lookFirst().withBuilds(new BuiltinBuilds(List.of(98.5, 100.5), 2.0), Map.of());
        assertThat(replay(SlurmVersion.V24_11, buildBetween))
                .contains("f83 submit PENDING(PartitionConfig) nodes= leaves=");
        MeasuredRun noBuildBetween = lookFirst().withBuilds(new BuiltinBuilds(List.of(98.9, 100.9), 2.0), Map.of());
        assertThat(replay(SlurmVersion.V24_11, noBuildBetween)).anyMatch(l -> l.startsWith("f83 submit RUNNING a1["));
    }

    @Test
    void aPassBeforeTheLookStartsTheJobAsBefore() {
        // 22.05.8 ran f83 at once: its logged round came before the look
        MeasuredRun passFirst = new MeasuredRun(Map.of(1, new MeasuredRun.Submission("f83", 100.20, 100.70, 100.75,
                Double.POSITIVE_INFINITY)), List.of(100.40));
        assertThat(replay(SlurmVersion.V22_05, passFirst)).anyMatch(l -> l.startsWith("f83 submit RUNNING a1["));
    }

    @Test
    void theLastPartitionInTierOrderDecides() throws Exception {
        Cluster cluster = OracleCase.cluster("featfz12");
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        // short (tier 1) is tried after fat (tier 3) whatever the order given: its cap holds the job
        assertThat(BuiltinAgentLook.afterQueueBuild(policy, cluster, SbatchOptions.parseLine(
                "-p fat,short -N1 -n9 -c1", "f"), null)).isEqualTo("PartitionConfig");
        // every partition passes: no reason, and a partition reason left by an earlier build is cleared
        assertThat(BuiltinAgentLook.afterQueueBuild(policy, cluster, SbatchOptions.parseLine(
                "-p fat,all -N1 -n9 -c1", "f"), null)).isNull();
        assertThat(BuiltinAgentLook.afterQueueBuild(policy, cluster, SbatchOptions.parseLine(
                "-p fat,all -N1 -n9 -c1", "f"), "PartitionNodeLimit")).isNull();
    }
}
