package org.topoplanner.allocator.replay;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.topoplanner.model.replay.JobScript;

/**
 * The harness's {@code scancel} and reset: which jobs they end, whether slurmctld queues a pass for them, and the
 * starts of passes slurmctld had not run yet that they take back ({@link UnseenStarts}).
 */
final class Cancellation {
    private final ControllerState ctl;
    private final UnseenStarts unseen;
    private final SchedulingPass pass;
    private final PassTiming timing;
    private final MeasuredRun measured;
    /** Whether the step before this cancel was a submission, whose measured next step is this cancel. */
    private boolean afterSubmission;
    private final Map<String, ReplayJob> jobs;
    private final Map<String, ReplayJob> queue;
    private final Set<String> startedUnseen;
    private final List<String> passStarted;
    /** How many cancel steps came before this one: its index among the measured kill RPCs ({@link CancelEnds}). */
    private int cancelSteps;

    Cancellation(ControllerState ctl, UnseenStarts unseen, SchedulingPass pass, PassTiming timing,
                 MeasuredRun measured) {
        this.measured = measured;
        this.ctl = ctl;
        this.unseen = unseen;
        this.pass = pass;
        this.timing = timing;
        this.jobs = ctl.jobs;
        this.queue = ctl.queue;
        this.startedUnseen = unseen.startedUnseen;
        this.passStarted = unseen.passStarted;
    }

    /**
     * {@code scancel -n} of the step's names; {@code queuedPassStarts} are the starts of the pass the submission
     * before queued, which slurmctld may not have run yet.
     */
    void cancel(JobScript.Cancel c, List<String> queuedPassStarts, boolean afterSubmission) {
        this.afterSubmission = afterSubmission;
        double ownKillRpc = measured.cancelEnds().killRpcOfStep(cancelSteps++);
        boolean freed = c.names().stream().anyMatch(this::runsInSlurmctld);
        double killRpc = unseen.lastNextStep;
        double measuredPass = freed ? unseen.firstPassAfter(killRpc) : Double.NaN;
        Set<String> seenBefore = freed && timing.passWaitsForNextCancel()
                ? unseen.startsOfPassesBefore(ownKillRpc) : Set.of();
        List<String> measuredLater = freed ? unseen.startsOfPassesAfter(killRpc) : List.of();
        Set<String> completing = Set.of();
        if (freed && timing.passWaitsForNextCancel()) {
            // the pass that started them comes after this cancel (PassTiming.AfterNextCancel), unless the run
            // measured it before this cancel's kill RPC: then slurmctld started them with the cancelled job still
            // running. Own case featfz15 22.05.8: f65 submitted at :89.210 behind pending jobs, then a cancel of
            // the pending f60 (:89.371) and the refused f66; the queued pass at :89.470 starts f65 on a1 (leafa
            // then holds a1 and a2, as tight as leafc: _topo_choose_best_switch keeps the first), and f58's kill
            // RPC (a3) comes at :89.519. Taken back, f65 went to c1, leafa having three nodes with a3 free.
            unstart(startedUnseen.stream().filter(k -> !seenBefore.contains(k)).toList());
            unseen.allSeen();
            if (measured.cancelEnds().completingAt(measuredPass, killRpc)) {
                // measured: that pass began after this cancel's kill RPC but before the epilog's pass (CancelEnds),
                // so the batch host was still COMPLETING: 22.05.8's _pick_best_nodes (node_scheduler.c) takes
                // cg_node_bitmap off a shared job's node sets as 24.11's does. Own case cmx25 22.05.8: m73 (a1, c2)
                // killed at :55.291, the queued full-queue pass at :55.307 passes over m76 (-w a1) and starts m80,
                // m81 (a4), m84, m85; the epilog's pass at :55.410 starts m76 on a1 and the nodes left
                completing = batchHostsOf(c.names());
            }
        } else if (freed && !measuredLater.isEmpty()) {
            // measured: the pass the submissions before queued began after this cancel reached slurmctld, so
            // it ran (or the cancel's own pass, _slurm_rpc_epilog_complete, ran first) with the cancelled job's
            // resources free. Own timed rerun featfz5-timed, 24.11.5: f36 and f37 submitted at :71.259 and
            // :71.453, f35 cancelled at :71.602, the cancel's pass at :71.661 starts both, f37 on f35's cores
            // (c16-27 of a1), where the replay's pass before the cancel had put it beside f35.
            unstart(measuredLater);
            unseen.allSeen();
            if (measured.cancelEnds().completingAt(measuredPass, killRpc)) {
                // measured: that pass began before the cancelled job's epilog ended (CancelEnds), so a node of it was
                // still COMPLETING and _pick_best_nodes (node_scheduler.c, 24.11.5 and 26.05) left it out of it.
                // featfz10 24.11.5: f13 (a3, a4) killed at :56.972, the queued pass at :57.006 starts f19, f20,
                // f22, f23, the epilog's pass at :57.097 starts nothing; the harness's step ends at :57.257
                completing = batchHostsOf(c.names());
            }
        } else if (freed) {
            unseen.allSeen();
            if (measured.cancelEnds().completingAt(measuredPass, killRpc)) {
                // measured: the pass the submission before queued began inside the cancel step, before the
                // epilog's pass (CancelEnds), with nothing of its own to take back: it still decides with the batch
                // host COMPLETING, as in the branch above. blockfz46 24.11.5: k11 (-N3 --exclusive, h2 g2 u1)
                // killed at :33.982, the tick pass at :34.002 starts k15 (-N8) on g2 and u1 but not h2 (k11's
                // batch host), the epilog's pass at :34.074
                completing = batchHostsOf(c.names());
            }
        }
        List<String> queuedPass = !freed && c.names().stream().anyMatch(n -> ctl.waits(n) || startedUnseen(n))
                ? queuedPassStarts : List.of();
        if (!queuedPass.isEmpty()) {
            // the pass the submission just before queued (queue_job_scheduler) has not run yet: 24.11's and
            // 26.05's _slurmctld_background (controller.c) runs it at the next whole second (slurm_cond_timedwait
            // until time(NULL) + 1), 22.05's later still (PassTiming), while job_signal (job_mgr.c, all three)
            // ends a pending job inside the scancel RPC and queues no pass, and the harness sends the cancel
            // 0.1-0.3 s after that submission. So that pass sees the queue without the cancelled job, and the
            // starts made as if it were there are made again (own probe c16a1, 24.11.5, three times: m12
            // submitted behind m11 at :55.135, m11 cancelled at :55.328, the pass at :56.000 starts m12 on
            // c[1-2], which m11's -w c2 kept out of the replay's earlier pass)
            unstart(queuedPass);
        }
        c.names().forEach(ctl::cancel);
        // only a job that ran frees nodes and makes slurmctld queue a pass at its end (epilog complete);
        // scancel of a pending job queues none, so the next look is the next submission's (own case
        // blockfz14 k12 under 24.11.5 and 26.05.5: k11 still waits with Priority behind the cancelled k8)
        if (freed && !completing.isEmpty()) {
            pass.schedule(completing);
            pass.schedule(); // the epilog's own pass, with the nodes idle

        } else if (freed) {
            pass.schedule();
        } else if (!queuedPass.isEmpty()) {
            // the queued pass, now after the cancel; its starts are as unseen by the next submission as before
            passStarted.clear();
            Map<String, String> before = UnseenStarts.reasonsOf(queue);
            pass.schedule();
            unseen.passUnseen(before, queue);
        }
    }

    /**
     * The node of each running job of {@code names} that is still COMPLETING when its epilog's pass has not run yet:
     * its batch host, the first in node order ({@link BatchHost}). {@code job_epilog_complete} ({@code job_mgr.c})
     * frees each node as its answer arrives ({@code make_node_idle}) and runs the pass only for the last one; the
     * other nodes answer the kill at once ({@code ESLURMD_KILL_JOB_ALREADY_COMPLETE}), the batch host only after its
     * script's step ended. Measured in own probe c21q1 (q21p): 14 cancels a run, 3 runs in each of 22.05.8, 24.11.5 and
     * 26.05.5, the first node was last every time, also for {@code -w b2,a1} (a1) and {@code -w b4,b1,a3} (a3). c21b
     * had held the last node instead, unmeasured; featfz10 24.11.5 (f13 on a3, a4) and featfz9 26.05.5 (f6 on a1, a2)
     * give the same lines with either node held (PROVENANCE c21b, q21p).
     */
    private Set<String> batchHostsOf(List<String> names) {
        Set<String> out = new TreeSet<>();
        for (String n : names) {
            for (String k : ctl.byName.getOrDefault(n, List.of())) {
                ReplayJob j = jobs.get(k);
                if (j != null && !j.gone) {
                    BatchHost.of(j.placement).ifPresent(out::add);
                }
            }
        }
        return out;
    }

    /**
     * Whether slurmctld runs a job of this name: the replay runs it, and it is not one the replay's pass started
     * ({@link UnseenStarts#startedUnseen}) while the run measured no pass of slurmctld's between its submission and
     * this cancel ({@link MeasuredRun#noPassBetween}). Such a job is still pending there, and {@code job_signal}
     * ({@code job_mgr.c}, 22.05.8, 24.11.5 and 26.05) ends a pending job inside the scancel RPC: no epilog, no
     * {@code _slurm_rpc_epilog_complete}, no pass, so the pass still queued sees the queue without it. Own timed case
     * featfz11, 22.05.8: f44, submitted ({@code Resources}) at :78.674 and cancelled at :78.936, was still pending
     * (the first pass after its RPC began at :79.662), so nothing started in between and f51 (:78.986) waited
     * {@code Priority} behind f47, f48 and f49. Without times the replay cannot tell, and keeps the job running.
     */
    private boolean runsInSlurmctld(String name) {
        return ctl.byName.getOrDefault(name, List.of()).stream()
                .anyMatch(k -> jobs.get(k) != null && !jobs.get(k).gone && jobs.get(k).placement != null
                        && !measuredPending(k));
    }

    /** Whether the job {@code key}, started by a replay pass only, was measured still pending at this cancel. */
    private boolean measuredPending(String key) {
        if (!startedUnseen.contains(key)) {
            return false;
        }
        if (!afterSubmission) {
            return false;
        }
        // the last submission slurmctld took (a refused one has no times): its measured next step is this cancel
        ReplayJob job = jobs.get(key);
        ReplayJob last = jobs.values().stream().max(Comparator.comparingInt(j -> j.seq)).orElseThrow();
        return measured.noPassBetween(job.seq, job.name, last.seq, last.name);
    }

    /** Whether a job of this name is pending in slurmctld though the replay's pass started it ({@link #runsInSlurmctld}). */
    private boolean startedUnseen(String name) {
        return ctl.byName.getOrDefault(name, List.of()).stream()
                .anyMatch(k -> jobs.get(k) != null && !jobs.get(k).gone && measuredPending(k));
    }

    /** The harness's reset: every job cancelled, then the pass. */
    void reset() {
        List.copyOf(jobs.keySet()).forEach(ctl::cancelKey);
        pass.schedule();
    }

    /**
     * Takes back the starts of the jobs the last pass started unseen ({@link UnseenStarts#startedUnseen}): they wait
     * again, in submission order, for the pass after the cancel.
     */
    private void unstartUnseen() {
        unstart(List.copyOf(startedUnseen));
        unseen.allSeen();
    }

    /**
     * Takes back the starts of {@code keys} (jobs a pass started that slurmctld's has not yet): they wait again, in
     * submission order, for the pass still to come.
     */
    private void unstart(List<String> keys) {
        ctl.takeBackStarts(keys).forEach(startedUnseen::remove);
    }
}
