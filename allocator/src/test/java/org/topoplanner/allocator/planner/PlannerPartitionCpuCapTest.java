package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner keeps to the job's partition and its {@code MaxCPUsPerNode} ({@link PartitionShare}), on own probe
 * c18d1 (partition {@code cpu} = c1, c2 of 8 CPUs each with {@code MaxCPUsPerNode=4}; {@code gpu}, the default, =
 * g1-g4). Real 22.05.8, 24.11.5 and 26.05.5 ran c2 ({@code -p cpu -n8}) on four CPUs of c1 and four of c2, where the
 * planner gave it all eight CPUs of c1 (and, for a {@code -p cpu} job, nodes of {@code gpu}).
 */
class PlannerPartitionCpuCapTest {
    private static final Cluster C18D1 = OracleCase.cluster("c18d1");

    private static PlannerPolicy planner(SlurmVersion v) {
        return new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
    }

    private static JobRequest job(String line) throws Exception {
        return SbatchOptions.parseLine(line, "j");
    }

    @Test
    void c2IsFourAndFourCpusNotEightOnOneNode() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            Suggestion s = planner(v).suggest(ClusterState.empty(C18D1), job("-p cpu -n8"));
            assertThat(s).as(v.label()).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
                assertThat(p.placement().hostNames()).containsExactlyInAnyOrder("c1", "c2");
                p.placement().hosts().forEach(h -> assertThat(h.cpus().size()).as(h.host()).isEqualTo(4));
                assertThat(p.notes()).anyMatch(n -> n.contains("partition cpu: MaxCPUsPerNode=4"));
            });
            // the optimum itself, before Slurm's answer is asked
            assertThat(planner(v).plan(ClusterState.empty(C18D1), job("-p cpu -n8"))).as(v.label())
                    .hasValueSatisfying(p -> assertThat(p.placement().hostNames()).hasSize(2));
        }
    }

    @Test
    void aJobOfAPartitionStaysOnItsNodes() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(planner(v).suggest(ClusterState.empty(C18D1), job("-p cpu -n1"))).as(v.label())
                    .isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(p.placement().hostNames())
                            .isSubsetOf("c1", "c2"));
            assertThat(planner(v).plan(ClusterState.empty(C18D1), job("-p cpu -N2 --ntasks-per-node=3")))
                    .as(v.label()).hasValueSatisfying(p -> assertThat(p.placement().hostNames())
                            .containsExactlyInAnyOrder("c1", "c2"));
        }
    }

    @Test
    void aJobThatCannotFitUnderTheCapHasNoPlanAndSaysWhy() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(planner(v).plan(ClusterState.empty(C18D1), job("-p cpu -N1 -n5"))).as(v.label()).isEmpty();
            Suggestion s = planner(v).suggest(ClusterState.empty(C18D1), job("-p cpu -N1 -n5"));
            assertThat(s).as(v.label()).isInstanceOfSatisfying(Suggestion.Impossible.class,
                    i -> assertThat(i.reason()).contains("partition cpu: MaxCPUsPerNode=4"));
            // --exclusive: no node of more CPUs than the cap ("on exclusive job", _allocate_sc)
            assertThat(planner(v).plan(ClusterState.empty(C18D1), job("-p cpu --exclusive -n1"))).as(v.label())
                    .isEmpty();
            assertThat(planner(v).suggest(ClusterState.empty(C18D1), job("-p cpu --exclusive -n1"))).as(v.label())
                    .isNotInstanceOf(Suggestion.Placed.class);
        }
    }

    @Test
    void aJobWaitsWhileThePartitionsCpusAreHeldAndNamesTheCap() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            Suggestion first = planner(v).suggest(ClusterState.empty(C18D1), job("-p cpu -n8"));
            ClusterState busy = ClusterState.empty(C18D1).with(((Suggestion.Placed) first).placement());
            assertThat(planner(v).plan(busy, job("-p cpu -n1"))).as(v.label()).isEmpty();
            Suggestion s = planner(v).suggest(busy, job("-p cpu -n1"));
            assertThat(s).as(v.label()).isInstanceOfSatisfying(Suggestion.Pending.class,
                    p -> assertThat(p.explanation()).contains("MaxCPUsPerNode=4"));
            // the same nodes in a partition without the cap still take it
            assertThat(planner(v).suggest(busy, job("-p tl -n1"))).as(v.label())
                    .isInstanceOf(Suggestion.Placed.class);
        }
    }
}
