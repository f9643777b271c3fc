package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A planner state's running job whose partition is not known (live states record none; the app's plans record it
 * only where it is certain, {@code RunningPartition}, x22r) counts as one of the job's own partition against its
 * {@code MaxCPUsPerNode}, in every release, so every such busy core counts.
 * Real Slurm counts only the partition's own jobs' cores once its rows exist ({@code _allocate_sc}'s {@code tmp_core
 * = part_core_map & ~core_map}), so it can only leave the job as many CPUs or more: a plan kept to this reading is
 * one Slurm accepts whichever partition those jobs ran in, which a looser reading cannot promise. The planner and
 * {@code slurm-tree} read it alike (one rule, {@code PartitionCpuCap}), so their answers do not drift apart.
 * Nodes of own probe c20x1: a1 and a2 of 8 CPUs, b1 of 4; partition {@code cap} of 4 CPUs a node on all three.
 */
class PlannerUnknownPartitionCapTest {
    private static final Cluster C20X1 = OracleCase.cluster("c20x1");

    private static ClusterState busy(ClusterState s, String job, String host, int... cpus) {
        return s.with(new Placement(job, List.of(HostAllocation.of(host, List.of(), CpuSet.of(cpus)))));
    }

    /** a1 and a2 with six busy CPUs each, b1 full: jobs of no known partition. */
    private static ClusterState live() {
        ClusterState s = busy(ClusterState.empty(C20X1), "u1", "a1", 0, 1, 2, 3, 4, 5);
        s = busy(s, "u2", "a2", 0, 1, 2, 3, 4, 5);
        return busy(s, "u3", "b1", 0, 1, 2, 3);
    }

    @Test
    void everyReleaseCountsTheBusyCoresOfJobsOfUnknownPartition() throws Exception {
        ClusterIndex index = ClusterIndex.of(C20X1);
        var job = SbatchOptions.parseLine("-p cap -n2", "j");
        for (SlurmVersion v : SlurmVersion.values()) {
            PartitionShare share = PartitionShare.of(index, live(), job, v);
            // a1, a2: 6 busy CPUs reach the cap of 4 (b1, 4 CPUs in all, is within it and has none free)
            for (String h : List.of("a1", "a2")) {
                assertThat(share.cpus()[index.number(h)]).as("%s %s", v.label(), h).isZero();
            }
            // both wait: a plan on a1's two free CPUs would break the cap if u1 ran in cap
            assertThat(new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(live(), job))
                    .as(v.label()).isNotInstanceOf(Suggestion.Placed.class);
            assertThat(new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(live(), job))
                    .as(v.label()).isNotInstanceOf(Suggestion.Placed.class);
        }
    }
}
