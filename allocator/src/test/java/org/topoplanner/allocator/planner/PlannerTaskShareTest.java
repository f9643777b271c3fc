package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner's even share of {@code -n} over the job's nodes rounds up, so some nodes take one task fewer: it holds
 * {@code -n}'s tasks (their CPUs and {@code --gpus-per-task} GPUs), as Slurm's {@code _dist_tasks_compute_c_b} lays
 * out exactly {@code -n} tasks. Before, {@code -N3 -n4 -c3} held 6 + 6 + 6 CPUs where Slurm holds 6 + 3 + 3, and
 * {@code -N2 -n3 --gpus-per-task=1} four GPUs for three tasks. On idle tree32 (8 GPUs, 32 cores a node) the planner's
 * CPUs and GPUs per node are the ones given here, and their totals slurm-tree's, in every release. Under 22.05 the
 * planner deals the tasks as Slurm does (TaskDeal2205, d24p: the first node lowered by {@code _cpus_to_use} to the
 * job's CPUs less one a further node, then {@code dist_tasks_compute_c_b}), so its CPUs and GPUs per node are
 * slurm-tree's there ({@code -N2 -n4 -c2}: 6 + 2, not the even 4 + 4).
 */
class PlannerTaskShareTest {
    private final Cluster tree32 = OracleCase.cluster("tree32");

    @ParameterizedTest(name = "{0}: CPUs {1}, GPUs {2} a node")
    @CsvSource(delimiter = '|', value = {
        "-N2 -n3 | 2 1 | 0 0",
        "-N2 -n3 -c2 | 4 2 | 0 0",
        "-N2 -n4 -c2 | 4 4 | 0 0",
        "-N3 -n4 -c3 --gpus-per-node=2 | 6 3 3 | 2 2 2",
        "-N2 -n3 --gpus-per-task=1 | 2 1 | 2 1",
        "-N3 -n5 -c2 --gpus-per-task=2 | 4 4 2 | 4 4 2",
    })
    void holdsTheTasksOfMinusNNotTheRoundedShare(String options, String cpus, String gpus) {
        ClusterState idle = ClusterState.empty(tree32);
        for (SlurmVersion v : List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            PolicyOptions o = PolicyOptions.DEFAULT.withSlurmVersion(v);
            Placement mine = placed(new PlannerPolicy(o).suggest(idle, PlannerPolicyTest.job(options)), options, v);
            Placement slurm = placed(new SlurmTreePolicy(o).suggest(idle, PlannerPolicyTest.job(options)), options, v);
            if (v == SlurmVersion.V22_05) {
                assertThat(perNode(mine, true)).as("planner CPUs, %s under 22.05 (slurm-tree %s)", options, slurm)
                        .isEqualTo(perNode(slurm, true));
                assertThat(perNode(mine, false)).as("planner GPUs, %s under 22.05 (slurm-tree %s)", options, slurm)
                        .isEqualTo(perNode(slurm, false));
                continue;
            }
            assertThat(perNode(mine, true)).as("planner CPUs, %s under %s", options, v.label())
                    .isEqualTo(counts(cpus));
            assertThat(perNode(mine, false)).as("planner GPUs, %s under %s", options, v.label())
                    .isEqualTo(counts(gpus));
            // Slurm's split may be uneven (block layout fills the first node: -N2 -n4 -c2 is 6 + 2), the planner's
            // is even, but both hold exactly -n tasks
            assertThat(total(mine, true)).as("CPUs against slurm-tree's %s", slurm).isEqualTo(total(slurm, true));
            assertThat(total(mine, false)).as("GPUs against slurm-tree's %s", slurm).isEqualTo(total(slurm, false));
        }
    }

    private static Placement placed(Suggestion s, String options, SlurmVersion v) {
        assertThat(s).as("%s under %s", options, v.label()).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement();
    }

    private static List<Integer> perNode(Placement p, boolean cpus) {
        return p.hosts().stream().map(h -> cpus ? h.cpus().size() : h.gpus().size())
                .sorted(Comparator.reverseOrder()).toList();
    }

    private static int total(Placement p, boolean cpus) {
        return perNode(p, cpus).stream().mapToInt(Integer::intValue).sum();
    }

    private static List<Integer> counts(String s) {
        return Arrays.stream(s.trim().split("\\s+")).map(Integer::valueOf).sorted(Comparator.reverseOrder()).toList();
    }
}
