package org.topoplanner.allocator.slurm;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
 *
 * <p>The state test 0 sees is derived once per state and, after a change, made from the earlier state's by the
 * same job coming or going (t24z): built afresh, each new state of a 16,384-host tree cost a new state, its usage
 * and every table the selection reads on it (100-630 ms a suggestion under 22.05, against 6-21 ms under 24.11).
 * Made from the earlier one, it keeps that one's tables to update, and an unchanged set of jobs keeps the same state.
 */
final class AllCoresFreeTest {
    private static final Object KEY = new Object();
    /** Marks a state {@link #stateOf} made: true there, false (unknown) on any other. */
    private static final Object MADE_HERE = new Object();

    private AllCoresFreeTest() {
    }

    /** The state test 0 sees: every running job keeps its GPUs and its hold, none its CPUs. */
    static ClusterState stateOf(ClusterState state) {
        ClusterState coresFree = state.derived(KEY, AllCoresFreeTest::build, AllCoresFreeTest::updated);
        // a test 0 state is its own: its jobs hold no CPUs already, and build gives each the same GPUs, hold and
        // memory, no topology and no partition, in the same order (s25p: the planner's verdict runs test 0 on it)
        coresFree.derived(KEY, s -> s);
        coresFree.derived(MADE_HERE, s -> Boolean.TRUE);
        return coresFree;
    }

    /**
     * Whether {@code state} was made by {@link #stateOf}, so that its selections may be kept with it
     * ({@link AllCoresFreeAttempt}); false for any other state, whatever its jobs hold.
     */
    static boolean isOwnState(ClusterState state) {
        return state.derived(MADE_HERE, s -> Boolean.FALSE);
    }

    static ClusterState build(ClusterState state) {
        ClusterState out = ClusterState.empty(state.cluster());
        for (Placement p : state.running().values()) {
            out = withGpusOnly(out, state, p);
        }
        return out;
    }

    /**
     * {@code before}, the state test 0 saw of an earlier state, brought to {@code now}, whose jobs differ from that
     * state's only on {@code changedHosts}: the jobs there that went or changed leave it, the ones that came join it
     * in their start order. Equal to {@link #build} of {@code now} (same jobs, same start order); {@code null}
     * (build afresh) when the start order would differ, as when a job ended and started again, or when a job on no
     * host came or went.
     */
    static ClusterState updated(ClusterState before, ClusterState now, Set<String> changedHosts) {
        if (before.cluster() != now.cluster()) {
            return null;
        }
        Set<String> touched = new LinkedHashSet<>();
        for (String h : changedHosts) {
            touched.addAll(before.jobsOn(h));
            touched.addAll(now.jobsOn(h));
        }
        ClusterState out = before;
        Set<String> toAdd = new HashSet<>();
        for (String job : touched) {
            Optional<Placement> is = now.placement(job);
            if (out.placement(job).isPresent() && !(is.isPresent() && same(out, now, job))) {
                out = out.without(job);
            }
            if (is.isPresent() && out.placement(job).isEmpty()) {
                toAdd.add(job);
            }
        }
        if (!toAdd.isEmpty()) {
            for (Placement p : now.running().values()) {
                if (toAdd.contains(p.job())) {
                    out = withGpusOnly(out, now, p);
                }
            }
        }
        // the selection reads the jobs in start order: keep the update only where that order is build's
        if (out.running().size() != now.running().size()
                || !List.copyOf(out.running().keySet()).equals(List.copyOf(now.running().keySet()))) {
            return null;
        }
        return out;
    }

    private static boolean same(ClusterState coresFree, ClusterState now, String job) {
        return coresFree.hold(job) == now.hold(job) && coresFree.heldMemory(job).equals(now.heldMemory(job))
                && coresFree.placement(job).orElseThrow().equals(gpusOnly(now.placement(job).orElseThrow()));
    }

    private static ClusterState withGpusOnly(ClusterState out, ClusterState state, Placement p) {
        // the memory the job holds stays held (mem2: HeldMemory replaced the per-GPU figure alone)
        return out.with(gpusOnly(p), state.hold(p.job()), state.heldMemory(p.job()));
    }

    private static Placement gpusOnly(Placement p) {
        List<HostAllocation> hosts = p.hosts().stream()
                .map(h -> new HostAllocation(h.host(), h.gpus(), CpuSet.empty(), h.nicByGpu())).toList();
        return new Placement(p.job(), hosts);
    }
}
