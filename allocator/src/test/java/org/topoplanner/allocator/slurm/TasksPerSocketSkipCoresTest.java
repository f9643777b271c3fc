package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _build_tasks_per_node_sock} ({@code cons_tres/gres_select_filter.c}, 24.11.5): a task of more CPUs than a
 * core has skips its further cores ({@code skip_cores}), but that count is declared inside the socket loop, so it
 * starts again on every socket; the loop stops once the node's tasks are counted. Own case cmx2 m74 ({@code -n4 -c2
 * --gpus-per-task=2} enforce-binding; the cpumix cluster's b3 and b4 have four sockets of 8 one-thread cores and one
 * GPU a socket): each node gets cores 0, 8, 16, 24 and two tasks, counted on sockets 0 and 1, so {@code _set_task_bits}
 * takes GPU 0 and GPU 1 (enforce-binding leaves the shortage, 24.11.5 runs the job on them). Carried across sockets the
 * skip counted the tasks on sockets 0 and 2 (GPUs 0 and 2).
 */
class TasksPerSocketSkipCoresTest {
    private static final Cluster CPUMIX = OracleCase.cluster("cmx2");

    /** Every node but b3 and b4 held whole. */
    private static ClusterState onlyB3B4Free() {
        ClusterState s = ClusterState.empty(CPUMIX);
        for (String h : CPUMIX.hostNames()) {
            if (!h.equals("b3") && !h.equals("b4")) {
                s = s.with(new Placement("held " + h, List.of(HostAllocation.of(h, List.of(), CpuSet.empty()))),
                        ClusterState.Hold.WHOLE_NODES);
            }
        }
        return s;
    }

    @Test
    void twentyFourCountsATaskOnEachSocketItsFirstCoreIsOn() throws Exception {
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11))
                .suggest(onlyB3B4Free(), SbatchOptions.parseLine(
                        "-n4 -c2 --gpus-per-task=2 --gres-flags=enforce-binding", "m74"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        List<HostAllocation> hosts = ((Suggestion.Placed) s).placement().hosts();
        assertThat(hosts).extracting(HostAllocation::host).containsExactly("b3", "b4");
        for (HostAllocation h : hosts) {
            assertThat(h.cpus()).as(h.host()).isEqualTo(CpuSet.parse("0,8,16,24"));
            assertThat(h.gpus()).as(h.host()).containsExactly(0, 1);
        }
    }
}
