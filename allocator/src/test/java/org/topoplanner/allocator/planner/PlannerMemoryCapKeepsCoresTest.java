package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.FreeMemory;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A per-CPU memory figure caps the CPUs a node gives the job, never which cores (cons_tres
 * {@code _can_job_run_on_node}, all three releases; {@link FreeMemory#cpusMemoryPays}): the planner keeps every free
 * core for the layout as Slurm does. Own case c9m1's cluster ({@code CR_Core_Memory}, {@code DefMemPerCPU=8000}; h1:
 * 2 x 8 two-thread cores, 128,000 MB, GPUs 0-1 on socket 0, 2-3 on socket 1) with b0 ({@code -w h1 -c4}, CPUs 0-3)
 * and x ({@code -w h1 --gpus-per-node=2 -c2}, GPUs 0-1, CPUs 4-5) running: 80,000 MB free pay for ten CPUs. A job
 * {@code -w h1 --gpus-per-node=1 -c8 --gres-flags=enforce-binding} gets a GPU of socket 1 and eight CPUs of socket 1
 * from {@code slurm-tree} (as real Slurm lays out c9m1 m0, CPUs 16-23, GPU 2). The planner's stand-in held the free
 * cores past the lowest four, all of socket 1, so its own optimum put the CPUs on socket 0 beside GPU 2 (the loose
 * binding): cores Slurm never gives such a job.
 */
class PlannerMemoryCapKeepsCoresTest {
    private static final Cluster C9M1 = OracleCase.cluster("c9m1");

    private static ClusterState h1Busy() throws Exception {
        ClusterState s = ClusterState.empty(C9M1);
        s = running(s, "b0", "-w h1 -n1 -c4", HostAllocation.of("h1", List.of(), CpuSet.of(0, 1, 2, 3)));
        return running(s, "x", "-w h1 --gpus-per-node=2 -c2", HostAllocation.of("h1", List.of(0, 1), CpuSet.of(4, 5)));
    }

    private static ClusterState running(ClusterState s, String name, String args, HostAllocation a) throws Exception {
        JobRequest job = SbatchOptions.parseLine(args, name);
        Placement p = new Placement(name, List.of(a));
        return s.with(p, ClusterState.Hold.LISTED, FreeMemory.heldBy(C9M1, job, p));
    }

    @Test
    void theCapLeavesTheGpusSocketsCoresToTheLayout() throws Exception {
        ClusterState s = h1Busy();
        JobRequest job = SbatchOptions.parseLine("-w h1 --gpus-per-node=1 -c8 --gres-flags=enforce-binding", "m");
        for (SlurmVersion v : List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(v);
            assertThat(new SlurmTreePolicy(options).suggest(s, job)).as("slurm-tree %s", v.label())
                    .isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(p.placement().hosts().get(0)
                            .cpus().toList()).allMatch(cpu -> cpu >= 16));
            var plan = new PlannerPolicy(options).plan(s, job);
            assertThat(plan).as("the planner's own optimum under %s", v.label()).isPresent();
            HostAllocation h1 = plan.get().placement().hosts().get(0);
            assertThat(h1.gpus()).as("under %s", v.label()).isSubsetOf(2, 3).hasSize(1);
            assertThat(h1.cpus().toList()).as("under %s", v.label()).hasSize(8).allMatch(cpu -> cpu >= 16);
        }
    }

    @Test
    void noNodeGivesMoreCpusThanItsMemoryPaysFor() throws Exception {
        ClusterState s = h1Busy();
        // eleven one-CPU tasks at 8,000 MB each: h1's 80,000 MB pay for ten, though twenty-six CPUs are free
        JobRequest job = SbatchOptions.parseLine("-w h1 -N1 -n11", "m");
        assertThat(FreeMemory.cpusMemoryPays(s, job)[org.topoplanner.allocator.ClusterIndex.of(C9M1).number("h1")])
                .isEqualTo(10);
        for (SlurmVersion v : List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            assertThat(new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).plan(s, job))
                    .as("under %s", v.label()).isEmpty();
        }
    }
}
