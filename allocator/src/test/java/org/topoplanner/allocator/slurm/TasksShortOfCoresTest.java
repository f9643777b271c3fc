package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _build_tasks_per_node_sock} ({@code cons_tres/gres_select_filter.c}) counts a node's tasks on the cores the
 * layout chose, and a count below the node's tasks ends the job's pick ("rem_tasks not zero",
 * {@code ESLURM_INVALID_GRES}). 24.11.5 reads a core's CPUs as {@code MIN(tpc, threads_per_core)}: with
 * {@code --hint=nomultithread} (or {@code --threads-per-core=1}) on two-thread nodes a task of {@code -c2} has
 * 8 / 2 = 4 of the node's CPUs, one CPU a core, so each counted task skips three cores and two tasks on four cores
 * of one socket count as one. Own probe c24h1 (pl6b's node type; real 24.11.5, slurmctld's log says
 * {@code rem_tasks not zero} for each): q0, q1, q2 and q5 wait with {@code Resources} on the idle node, q4 (one
 * task) and q3 (without the hint) run. 22.05.8 and 26.05.5 ran the same request on the same idle node type (own
 * case pl6b p0: CPUs 0-7, GPUs 0-1): 22.05 counts one CPU a task, 26.05 skips by the node's threads.
 */
class TasksShortOfCoresTest {
    private static final Cluster C24H1 = OracleCase.cluster("c24h1");

    private static Suggestion suggest(String version, String args) throws Exception {
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(C24H1), SbatchOptions.parseLine(args, "q"));
    }

    @ParameterizedTest(name = "{0}: {1} waits")
    @CsvSource(delimiter = ';', value = {
        "24.11; -w h1 -n2 -c2 --hint=nomultithread --gpus-per-task=1",
        "24.11; -w h1 -n2 -c1 --hint=nomultithread --gpus-per-task=1",
        "24.11; -w h1 -n2 -c2 --threads-per-core=1 --gpus-per-task=1",
        "24.11; -w h1 -n4 -c1 --hint=nomultithread --gpus-per-task=1",
        "24.11; -n2 -c2 --hint=nomultithread --gpus-per-task=1",
    })
    void twentyFourCountsTooFewTasksOnTheCoresOfOneSocket(String version, String args) throws Exception {
        Suggestion s = suggest(version, args);
        assertThat(s).isInstanceOf(Suggestion.Pending.class);
        assertThat(((Suggestion.Pending) s).reason()).isEqualTo(PendingReason.RESOURCES);
    }

    @ParameterizedTest(name = "{0}: {1} runs")
    @CsvSource(delimiter = ';', value = {
        "24.11; -w h1 -n1 -c2 --hint=nomultithread --gpus-per-task=1; 0-3; 0",
        "24.11; -w h1 -n2 -c2 --gpus-per-task=1;                      0-3; 0,1",
        "22.05; -w h1 -n2 -c2 --hint=nomultithread --gpus-per-task=1; 0-7; 0,1",
        "26.05; -w h1 -n2 -c2 --hint=nomultithread --gpus-per-task=1; 0-7; 0,1",
    })
    void aCountThatReachesTheTasksRuns(String version, String args, String cpus, String gpus) throws Exception {
        Suggestion s = suggest(version, args);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        HostAllocation h = ((Suggestion.Placed) s).placement().hosts().get(0);
        assertThat(h.host()).isEqualTo("h1");
        assertThat(h.cpus()).isEqualTo(CpuSet.parse(cpus));
        assertThat(h.gpus()).containsExactlyElementsOf(
                java.util.Arrays.stream(gpus.split(",")).map(Integer::valueOf).toList());
    }
}
