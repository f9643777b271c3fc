package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.job.SbatchOptions;

/**
 * {@code _pick_best_nodes} ({@code slurmctld/node_scheduler.c}, 22.05.8 and 24.11.5): an {@code --exclusive} job's
 * node sets are filtered by {@code idle_node_bitmap}, so a node running a one-CPU shared job sets {@code nodes_busy},
 * and a job whose test with every node free succeeds only past {@code max_nodes} ({@code runable_avail} false) gets
 * {@code ESLURM_NODES_BUSY} ({@code Resources}), not {@code ESLURM_NODE_NOT_AVAIL}. Own probe c20h1 h6.
 */
class ExclusiveJobPassesOverBusyNodesTest {
    private static final String F79 = "-w a4 -p all -N2 --gpus=5 --ntasks-per-gpu=1 -m block --exclusive";

    private static Suggestion suggest(ClusterState state, String line, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(state,
                SbatchOptions.parseLine(line, "h6"));
    }

    private static ClusterState oneCpuOnA4() {
        return ClusterState.empty(OracleCase.cluster("c20h1"))
                .with(new Placement("s4", List.of(HostAllocation.of("a4", List.of(), CpuSet.of(0)))));
    }

    @Test
    void aSharedJobOnANodeMakesTheExclusiveJobWaitForResources() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V24_11}) {
            assertThat(suggest(oneCpuOnA4(), F79, v)).as("%s", v).isInstanceOfSatisfying(Suggestion.Pending.class,
                    p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
        }
    }

    @Test
    void onTheIdleClusterNoNodeIsBusy() throws Exception {
        // c20h1 h1: ReqNodeNotAvail in 22.05.8 and 24.11.5 (the test pick on all nodes holds more than -N2)
        ClusterState idle = ClusterState.empty(OracleCase.cluster("c20h1"));
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V24_11}) {
            assertThat(suggest(idle, F79, v)).as("%s", v).isInstanceOfSatisfying(Suggestion.Pending.class,
                    p -> assertThat(p.reason()).isEqualTo(PendingReason.REQ_NODE_NOT_AVAIL));
        }
    }

    @Test
    void aJobWithoutExclusiveIsNotStoppedByASharedJob() throws Exception {
        // a one-CPU job holds no node whole: only an --exclusive job passes its node over
        SlurmJobSpec shared = SlurmJobSpec.of(SbatchOptions.parseLine("-w a4 -N2 --gpus=5", "x"));
        assertThat(NodesBusy.any(oneCpuOnA4(), shared)).isFalse();
        SlurmJobSpec exclusive = SlurmJobSpec.of(SbatchOptions.parseLine("-w a4 -N2 --gpus=5 --exclusive",
                "x"));
        assertThat(NodesBusy.any(oneCpuOnA4(), exclusive)).isTrue();
        assertThat(NodesBusy.any(ClusterState.empty(OracleCase.cluster("c20h1")), exclusive)).isFalse();
    }
}
