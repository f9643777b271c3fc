package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * When sched/builtin's agent built its job queue during a timed run, read off the run's failed limit checks (opt-in
 * {@code ORACLE_TIMED_BUILDS=1}: each {@code debug2("%pJ can't run in partition %s: %s")} of {@code
 * job_limits_check}, {@code slurmctld/job_mgr.c}, kept as {@code sched_log.limit_checks}). Three callers check limits:
 * the submission ({@code job_allocate}, at the submit RPC), each pass ({@code _schedule}'s {@code build_job_queue}, at
 * its logged start) and {@code builtin_agent} ({@code plugins/sched/builtin/builtin.c}, 22.05.8, 24.11.5, 26.05:
 * {@code _compute_start_times} -> {@code build_job_queue(true, false)} -> {@code _job_runnable_test2}), which logs
 * nothing else. So a check away from its job's submission RPC and from every logged pass is a build. The agent
 * sleeps {@code builtin_interval} (2 s, from {@code interval=} of the harness's {@code SchedulerParameters}) after
 * each build ({@code _my_sleep} from {@code gettimeofday}), so its builds come every 2 s at one phase that drifts
 * only by each build's own length: own probe c23f1 (24.11.5) 71.361, 73.362, 75.363, 77.364. A build only words
 * reasons: {@code _compute_start_times} tests each job {@code SELECT_MODE_WILL_RUN} and sets {@code start_time}; it
 * starts nothing (no {@code select_nodes}, no launch), so the replay's starts stay the passes'.
 *
 * <p>A build writes no line when no pending job fails a limit, so builds between and around the logged ones are
 * placed at the measured period from the nearest logged one before (or the first).
 *
 * @param logged the builds the run logged, ascending (one time per build: its checks come within milliseconds)
 * @param period seconds between two builds: measured over the logged ones, {@link #INTERVAL} with fewer than two
 */
public record BuiltinBuilds(List<Double> logged, double period) {

    /** {@code builtin_interval} under the harness's {@code sched_interval=2} ({@code _load_config}'s "interval="). */
    static final double INTERVAL = 2.0;

    /**
     * How far from its job's submission RPC or from a logged pass a limit check still counts as theirs: c23f1's
     * submission checks come 0-1 ms before the logged RPC (the RPC line follows {@code job_allocate}), a pass's at its
     * logged start; a build's checks of several jobs span 1 ms, and one came 16 ms before another job's RPC (73.362,
     * g4 at 73.378), so a check near an RPC is the submission's only when it is of the submitted job. A timing
     * tolerance, not a Slurm rule.
     */
    static final double SAME_EVENT_SECONDS = 0.010;

    /** A run that logged no limit checks: no builds known, the replay keeps its order without them. */
    public static final BuiltinBuilds NONE = new BuiltinBuilds(List.of(), INTERVAL);

    public BuiltinBuilds {
        logged = logged.stream().sorted().toList();
    }

    /**
     * One failed {@code job_limits_check} line of a run.
     *
     * @param t   when slurmctld logged it, epoch seconds
     * @param job the job's id
     */
    public record LimitCheck(double t, int job) {
    }

    /**
     * The builds among {@code checks}: those of a job with a logged submission RPC ({@code submitRpcs}, by job id)
     * farther than {@link #SAME_EVENT_SECONDS} from it and from every logged pass's start ({@code passes}); checks
     * within that of each other are one build.
     */
    public static BuiltinBuilds fromLimitChecks(List<LimitCheck> checks, Map<Integer, Double> submitRpcs,
                                                List<Double> passes) {
        List<Double> builds = new ArrayList<>();
        for (LimitCheck c : checks.stream().sorted(Comparator.comparingDouble(LimitCheck::t)).toList()) {
            double t = c.t();
            Double rpc = submitRpcs.get(c.job());
            // a job with no logged submission RPC is one sbatch was refused: job_allocate checked its limits (and
            // logged the failure) before the refusal, and no build ever saw it (lead s23's featfz19, featfz20)
            boolean refused = !submitRpcs.isEmpty() && rpc == null;
            boolean other = refused || rpc != null && Math.abs(rpc - t) <= SAME_EVENT_SECONDS
                    || passes.stream().anyMatch(p -> Math.abs(p - t) <= SAME_EVENT_SECONDS);
            if (!other && (builds.isEmpty() || t - builds.get(builds.size() - 1) > SAME_EVENT_SECONDS)) {
                builds.add(t);
            }
        }
        if (builds.size() < 2) {
            return new BuiltinBuilds(builds, INTERVAL);
        }
        double span = builds.get(builds.size() - 1) - builds.get(0);
        long periods = Math.max(1, Math.round(span / INTERVAL));
        return new BuiltinBuilds(builds, span / periods);
    }

    /** Whether the run logged any build (else nothing is known of the agent's phase). */
    public boolean known() {
        return !logged.isEmpty();
    }

    /**
     * The last build at or before {@code t}: whole periods on from the last logged build before it (back from the
     * first logged one when none is before); NaN when no build is known.
     */
    public double lastAtOrBefore(double t) {
        if (logged.isEmpty()) {
            return Double.NaN;
        }
        double anchor = logged.get(0);
        for (double b : logged) {
            if (b <= t) {
                anchor = b;
            }
        }
        return anchor + Math.floor((t - anchor) / period) * period;
    }
}
