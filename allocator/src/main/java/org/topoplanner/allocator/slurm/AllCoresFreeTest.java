package org.topoplanner.allocator.slurm;

import java.util.List;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * 22.05's "test 0" of {@code _job_test} ({@code select/cons_common/job_test.c}): before it looks for idle resources
 * (test 1), cons_tres runs the whole selection with every core of the node map free ({@code common_mark_avail_cores}
 * ignores the jobs' CPUs) while the GPUs stay as the running jobs hold them ({@code node_usage[].gres_list}), and a
 * job that fails there fails the pass ("test 0 fail: insufficient resources"), whatever test 1 would find. The
 * retry of {@code choose_nodes} then drops nodes by all their CPUs plus their free GPUs, which can leave a
 * lighter node that cannot serve the job as the one it must take. 24.11 and 26.05 skip test 0 for a job that shares
 * no row ({@code NODE_CR_ONE_ROW}: "test 0 skipped: goto test 1"), so this is 22.05's alone. Nodes a job holds whole
 * stay out, as {@code _verify_node_state} takes them from the map before test 0.
 */
final class AllCoresFreeTest {
    private static final Object KEY = new Object();

    private AllCoresFreeTest() {
    }

    /** The state test 0 sees: every running job keeps its GPUs and its hold, none its CPUs. */
    static ClusterState stateOf(ClusterState state) {
        return state.derived(KEY, AllCoresFreeTest::build);
    }

    private static ClusterState build(ClusterState state) {
        ClusterState out = ClusterState.empty(state.cluster());
        for (Placement p : state.running().values()) {
            List<HostAllocation> gpusOnly = p.hosts().stream()
                    .map(h -> new HostAllocation(h.host(), h.gpus(), CpuSet.empty(), h.nicByGpu())).toList();
            // the memory the job holds stays held (mem2: HeldMemory replaced the per-GPU figure alone)
            out = out.with(new Placement(p.job(), gpusOnly), state.hold(p.job()), state.heldMemory(p.job()));
        }
        return out;
    }
}
