package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.RealSubmits;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner counts the tasks {@code --ntasks-per-gpu} gives (the job's GPUs times it, each of {@code -c} CPUs;
 * {@code JobRequest.withTasksOfNtasksPerGpu}), not one task, except where 22.05 starts the job on sbatch's
 * {@code min_cpus} ({@link PlannerPolicy#heldTasks}): on own case sb7a's 4-socket node q1 (16 cores, 4 GPUs),
 * {@code -N1 -w q1 --gpus=2 --ntasks-per-gpu=2 -c4} takes all 16 CPUs under 26.05 and one task's 4 under 22.05 (24.11
 * refuses {@code -c4} beside the option), and {@code --ntasks-per-gpu=3 -c4} (24) fits nowhere, in every release, as
 * slurm-tree says; over two nodes ({@code -N2 --gpus=4 --ntasks-per-gpu=2 -c2}) it takes 8 CPUs on each.
 */
class PlannerNtasksPerGpuTest {
    private static final ClusterState IDLE = ClusterState.empty(OracleCase.cluster("sb7a"));

    @ParameterizedTest(name = "{0} under {2}")
    @CsvSource({
        // 22.05 starts -c4 with sbatch's min_cpus (4, one task's CPUs: NtasksPerGpuMinCpus), and so does the planner
        // (before d17c it held every task's 16). 24.11 refuses it (q1 cut to one task offers no GPU at two tasks a
        // GPU), and the planner never accepts what slurm-tree refuses
        "-N1 -w q1 --gpus=2 --ntasks-per-gpu=2 -c4, 4, 22.05",
        "-N2 --gpus=4 --ntasks-per-gpu=1 -c4, 8, 22.05",
        "-N1 -w q1 --gpus=2 --ntasks-per-gpu=2 -c4, 0, 24.11",
        "-N2 --gpus=4 --ntasks-per-gpu=2 -c2, 16, 22.05",
        "-N2 --gpus=4 --ntasks-per-gpu=2 -c2, 16, 24.11",
        "-N1 -w q1 --gpus=2 --ntasks-per-gpu=2 -c4, 16, 26.05",
        "-N1 -w q1 --gpus=2 --ntasks-per-gpu=3 -c4, 0, 22.05",
        "-N1 -w q1 --gpus=2 --ntasks-per-gpu=3 -c4, 0, 24.11",
        "-N1 -w q1 --gpus=2 --ntasks-per-gpu=3 -c4, 0, 26.05",
        "-N1 --gpus=1 --ntasks-per-gpu=12, 12, 24.11",
    })
    void takesTheCpusOfEveryTask(String line, int cpus, String version) throws JobRequestException {
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        Suggestion s = new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(IDLE, SbatchOptions.parseLine(line, "j"));
        if (cpus == 0) {
            assertThat(s).isNotInstanceOf(Suggestion.Placed.class);
            return;
        }
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(p.placement().hosts()
                .stream().mapToInt(h -> h.cpus().size()).sum()).isEqualTo(cpus));
    }
    /**
     * Own probe c12d1 under real 22.05.8, each probe on the state it was submitted to: where the GPU tasks do not
     * outnumber sbatch's {@code min_cpus} (d1, d2, d3, d5, d6, d8, d9, d10, d11, d13), 22.05 gives the job sbatch's
     * own tasks' CPUs, one task's a node; where they do (d7, d12), every task's. The planner holds as many CPUs on
     * each of its nodes as Slurm gives on each of its own ({@link PlannerPolicy#heldTasks}; before d17c it held every
     * task's, 16 for d1).
     */
    @Test
    void holdsTheCpusReal2205GivesOnEachNode() {
        Cluster c = OracleCase.cluster("c12d1");
        PlannerPolicy planner = new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        int judged = 0;
        for (RealSubmits.Submit s : RealSubmits.of(c, OracleCase.resource("results/c12d1.jsonl"))) {
            if (!s.name().startsWith("d") || !"RUNNING".equals(s.line().path("state").asText())) {
                continue;
            }
            var real = RealSubmits.placement(s.name(), s.line());
            Suggestion mine = planner.suggest(s.before(), PlannerPolicyTest.job(String.join(" ", s.args())));
            assertThat(mine).as("%s %s", s.name(), s.args()).isInstanceOf(Suggestion.Placed.class);
            var placed = ((Suggestion.Placed) mine).placement();
            assertThat(placed.hosts().stream().map(h -> h.cpus().size()).sorted().toList())
                    .as("CPUs a node of %s %s, real %s", s.name(), s.args(), real.hosts())
                    .isEqualTo(real.hosts().stream().map(h -> h.cpus().size()).sorted().toList());
            judged++;
        }
        assertThat(judged).isEqualTo(12);
    }

    @Test
    void asksSlurmTreeWithTheRequestAsGiven() throws JobRequestException {
        // PlannerNtasksPerGpuPropertyTest's seed -93 state: slurm-tree refuses -N2 --gpus=7 --ntasks-per-gpu=1
        // enforce-binding under 22.05 as given (sbatch's test), but placed it when the planner asked with its own
        // task count (-n7, which is sbatch's -n); the planner must not place it
        Random r = new Random(-93);
        Cluster c = BindingClusters.tree(r);
        ClusterState state = BindingClusters.occupy(r, c);
        var job = SbatchOptions.parseLine("-N2 --gpus=7 --ntasks-per-gpu=1 --gres-flags=enforce-binding", "j");
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05);
        assertThat(new SlurmTreePolicy(options).suggest(state, job))
                .isInstanceOf(Suggestion.Impossible.class);
        assertThat(new PlannerPolicy(options).suggest(state, job)).isNotInstanceOf(Suggestion.Placed.class);
    }
}
