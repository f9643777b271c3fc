package org.topoplanner.allocator.replay;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * When the nodes of a cancelled running job stopped COMPLETING, as far as a timed harness run measured it
 * ({@code .ci/oracle-timed/run-timed.sh}): the wrapper logs the cancel's {@code REQUEST_KILL_JOB} RPC ({@code t_rpc}),
 * the end of the harness's cancel step ({@code t_step}, which waits until {@code squeue} lists none of the jobs and
 * {@code sinfo} no node "comp") and every scheduling pass with its kind; it does not log the epilog's end itself
 * ({@code _slurm_rpc_epilog_complete} writes only at {@code debug2}, the harness runs slurmctld at {@code info}). The
 * pass the epilog's end runs stands for it: 24.11.5's and 26.05's {@code _slurm_rpc_epilog_complete} ({@code
 * slurmctld/proc_req.c}) calls {@code schedule(false)} when {@code job_epilog_complete} ({@code job_mgr.c}) finds the
 * job's last node done, and {@code _sched_agent} ({@code job_scheduler.c}, {@code sched_min_interval} 2 us) runs it at
 * once; every other RPC only queues a pass ({@code queue_job_scheduler}), which {@code _slurmctld_background} ({@code
 * controller.c}) runs once a whole second, 0-30 ms after it (section t18b of PROVENANCE). So the epilog's pass is the
 * first "default depth" pass in the cancel step that is off that tick: more than {@link #TICK_SECONDS} past its second,
 * or a second one in the same second.
 *
 * @param stepEnds           the end of each cancel step of a running job, by its logged kill RPC time
 * @param defaultDepthPasses the start of every "Running job scheduler for default depth" pass, ascending
 * @param killRpcs           the logged kill RPC ({@code t_rpc}) of every cancel step, in the script's order of cancel
 *                           steps; NaN for a step whose RPC was not logged or that sent none (every name refused)
 */
public record CancelEnds(Map<Double, Double> stepEnds, List<Double> defaultDepthPasses, List<Double> killRpcs) {

    /** How long after its whole second the background thread's pass begins (measured 0-30 ms, section t18b). */
    static final double TICK_SECONDS = 0.03;

    static final CancelEnds NONE = new CancelEnds(Map.of(), List.of());

    public CancelEnds {
        stepEnds = Map.copyOf(stepEnds);
        defaultDepthPasses = defaultDepthPasses.stream().sorted().toList();
        killRpcs = List.copyOf(killRpcs);
    }

    /** Cancel steps whose kill RPCs are not known one by one. */
    public CancelEnds(Map<Double, Double> stepEnds, List<Double> defaultDepthPasses) {
        this(stepEnds, defaultDepthPasses, List.of());
    }

    /**
     * When the script's cancel step number {@code step} (0 for the first) reached slurmctld, as logged; NaN when
     * unknown.
     */
    double killRpcOfStep(int step) {
        return step >= 0 && step < killRpcs.size() ? killRpcs.get(step) : Double.NaN;
    }

    /**
     * The pass the epilog's end of the cancel whose kill RPC slurmctld logged at {@code killRpc} ran; empty when the run
     * has no such cancel or no pass in its step is off the tick (the epilog's request then fell into a tick's pass).
     */
    OptionalDouble epilogPass(double killRpc) {
        Double end = stepEnds.get(killRpc);
        if (end == null) {
            return OptionalDouble.empty();
        }
        double tickSecond = Double.NaN;
        for (double p : defaultDepthPasses) {
            if (p > end) {
                break;
            }
            double second = Math.floor(p);
            boolean tick = p - second <= TICK_SECONDS && second != tickSecond;
            if (tick) {
                tickSecond = second;
            } else if (p >= killRpc) {
                return OptionalDouble.of(p);
            }
        }
        return OptionalDouble.empty();
    }

    /**
     * Whether a node of the cancelled job was still COMPLETING when the pass at {@code pass} began: its epilog's pass
     * came after it (which node: {@code Cancellation}). Such a pass leaves them out ({@code _pick_best_nodes}, {@code node_scheduler.c}: {@code
     * cg_node_bitmap} off a shared job's node sets, only {@code idle_node_bitmap} for an exclusive one).
     */
    boolean completingAt(double pass, double killRpc) {
        OptionalDouble epilog = epilogPass(killRpc);
        return epilog.isPresent() && pass < epilog.getAsDouble();
    }
}
