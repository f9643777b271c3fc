package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job without {@code -N} takes no more nodes than its partition's {@code MaxNodes}: {@code get_node_cnts}
 * ({@code slurmctld/node_scheduler.c}, the same in 22.05, 24.11 and 26.05) gives it the partition's {@code max_nodes}
 * (26.05: {@code MIN} of that and the task count it set as the job's implicit maximum). Own case featfz11 f30
 * ({@code -p fat -n4 -c2 --gpus-per-task=1}, fat {@code MaxNodes=1}) on the state 26.05.5 had then (the real
 * allocations of f10, f13, f21-f25, f28, f29): a1, a3 and a4 hold two such tasks each, a2 is held whole, so the job
 * waits ({@code Resources}); the emulation spread it over a1, a3 and a4. Two such tasks still run, on one node.
 */
class PartitionMaxNodesPickTest {

    @ParameterizedTest
    @EnumSource(SlurmVersion.class)
    void aJobWithoutNodeCountKeepsToItsPartitionsMaxNodes(SlurmVersion version) throws Exception {
        SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version));
        ClusterState state = featfz11AtF30();
        assertThat(policy.suggest(state, SbatchOptions.parseLine("-p fat -n4 -c2 --gpus-per-task=1", "f30")))
                .isInstanceOf(Suggestion.Pending.class);
        assertThat(policy.suggest(state, SbatchOptions.parseLine("-p fat -n2 -c2 --gpus-per-task=1", "half")))
                .isInstanceOfSatisfying(Suggestion.Placed.class,
                        p -> assertThat(p.placement().hosts()).hasSize(1));
    }

    private static ClusterState featfz11AtF30() throws Exception {
        ClusterState s = ClusterState.empty(OracleCase.cluster("featfz11"));
        s = run(s, "all", "f10", "a1", "4-9,16-21", 1, 2, 3, 4, 5, 6);
        s = s.with(job("f13", "a2", "0-31", 0, 1, 2, 3, 4, 5, 6, 7), ClusterState.Hold.WHOLE_NODES, HeldMemory.NONE,
                null, "all");
        s = run(s, "all", "f21", "a3", "16", 4);
        s = run(s, "all", "f22", "a1", "0-3,10-13");
        s = s.with(new Placement("f23", List.of(host("a1", "14,15,23-28"), host("a3", "0-15"), host("a4", "0-3"))),
                ClusterState.Hold.LISTED, HeldMemory.NONE, null, "all");
        s = run(s, "fat", "f24", "a3", "17-21", 5, 6);
        s = run(s, "fat", "f25", "a3", "22", 7);
        s = run(s, "all", "f28", "a3", "23-27");
        return run(s, "all", "f29", "a4", "4,5,16-18", 0, 1, 2, 4, 5, 6);
    }

    private static ClusterState run(ClusterState s, String partition, String name, String node, String cpus,
                                    int... gpus) throws Exception {
        return s.with(job(name, node, cpus, gpus), ClusterState.Hold.LISTED, HeldMemory.NONE, null, partition);
    }

    private static Placement job(String name, String node, String cpus, int... gpus) throws Exception {
        return new Placement(name, List.of(host(node, cpus, gpus)));
    }

    private static HostAllocation host(String node, String cpus, int... gpus) throws Exception {
        List<Integer> g = new ArrayList<>();
        for (int x : gpus) {
            g.add(x);
        }
        return new HostAllocation(node, g, CpuSet.parse(cpus), Map.of());
    }
}
