package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmBinding;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner reads an {@code --exclusive} job's partition cap from {@code slurm-tree} ({@code SlurmBinding.refused}:
 * the nodes its whole-node path refuses, {@code PassFilter.whole}), not from a copy of its own. Own probe c20x1 (real
 * 22.05.8, 24.11.5, 26.05.5): {@code -p cap --exclusive} runs on b1 (4 CPUs, the cap) only; a1 and a2 have 8.
 */
class PlannerExclusiveCapTest {
    private static final Cluster C20X1 = OracleCase.cluster("c20x1");

    private static PlannerPolicy planner(SlurmVersion v) {
        return new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
    }

    private static JobRequest job(String line) throws Exception {
        return SbatchOptions.parseLine(line, "j");
    }

    @Test
    void slurmTreeRefusesTheNodesAboveTheCapWhole() throws Exception {
        ClusterIndex index = ClusterIndex.of(C20X1);
        for (SlurmVersion v : SlurmVersion.values()) {
            BitSet refused = SlurmBinding.refused(ClusterState.empty(C20X1), job("-p cap -N1 --exclusive"), v);
            assertThat(refused.stream().mapToObj(index::host).toList()).as(v.label())
                    .containsExactlyInAnyOrder("a1", "a2");
            assertThat(SlurmBinding.refused(ClusterState.empty(C20X1), job("-p all -N1 --exclusive"), v).isEmpty()).isTrue();
        }
    }

    @Test
    void anExclusiveJobOfTheCappedPartitionGoesWhereSlurmTakesItWhole() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            Suggestion s = planner(v).suggest(ClusterState.empty(C20X1), job("-p cap -N1 --exclusive"));
            assertThat(s).as(v.label()).isInstanceOfSatisfying(Suggestion.Placed.class,
                    p -> assertThat(p.placement().hostNames()).containsExactly("b1"));
        }
    }

    private static ClusterState started(ClusterState s, String job, String host, String partition, int... cpus) {
        return s.with(new org.topoplanner.model.job.Placement(job, java.util.List.of(
                        org.topoplanner.model.job.HostAllocation.of(host, java.util.List.of(),
                                org.topoplanner.model.cpu.CpuSet.of(cpus)))),
                ClusterState.Hold.LISTED, org.topoplanner.allocator.HeldMemory.NONE, null, partition);
    }

    @Test
    void thePlannerReadsTheUsedCpusAsSlurmTreeDoes() throws Exception {
        // a job of cap ran and ended, so only cap's own jobs' cores count against its cap (PartitionCpuCap); jobs of
        // all hold a2, b1 and six cores of a1: a1's last two cores take -p cap -n2 in every release, as slurm-tree has it
        ClusterState s = started(ClusterState.empty(C20X1), "x", "b1", "cap", 0).without("x");
        s = started(s, "o1", "a1", "all", 0, 1, 2, 3, 4, 5);
        s = started(s, "o2", "a2", "all", 0, 1, 2, 3, 4, 5, 6, 7);
        s = started(s, "o3", "b1", "all", 0, 1, 2, 3);
        for (SlurmVersion v : SlurmVersion.values()) {
            Suggestion p = planner(v).suggest(s, job("-p cap -n2"));
            assertThat(p).as(v.label()).isInstanceOfSatisfying(Suggestion.Placed.class,
                    x -> assertThat(x.placement().hostNames()).containsExactly("a1"));
        }
    }

    @Test
    void anExclusiveJobNoNodeTakesWholeIsRefusedAndSaysWhy() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            // c20x1 c2: sbatch refuses it ("Requested node configuration is not available")
            Suggestion s = planner(v).suggest(ClusterState.empty(C20X1), job("-p cap -N2 --exclusive"));
            assertThat(s).as(v.label()).isInstanceOfSatisfying(Suggestion.Impossible.class,
                    i -> assertThat(i.reason()).contains("partition cap: an --exclusive job takes no node of more"
                            + " than its MaxCPUsPerNode=4 CPUs"));
        }
    }
}
