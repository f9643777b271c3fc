package org.topoplanner.allocator.replay;

/**
 * Which came first, a scheduling pass or the answer to the harness's look ({@code scontrol show job}) at a timed
 * submission. The look's RPC ({@code REQUEST_JOB_INFO_SINGLE}, {@code _slurm_rpc_dump_job_single}) takes the job read
 * lock; {@code _schedule} logs "Running job scheduler" after it took the job write lock (job_scheduler.c, 22.05.8,
 * 24.11.5, 26.05). So a pass logged before slurmctld received the look's RPC held the lock the answer waited for
 * (the look printed what the pass left), and a pass logged after it found the answer given.
 */
enum LookOrder {
    /** The pass began before the look's answer: the look printed what the pass left. */
    PASS_FIRST,
    /** The look had its answer before the pass began: it printed the state the submission left. */
    ANSWER_FIRST,
    /** Either order is possible by what was measured: the release's {@link PassTiming} decides. */
    EITHER;

    /**
     * The order of {@code pass} and submission {@code s}'s look. Before the look's start or after its end it is
     * plain. Inside the look: by the measured receipt of the look's RPC ({@link MeasuredRun.Submission#lookRpc},
     * the opt-in {@code ORACLE_TIMED_LOOKS=1}) when there is one (a pass in the same millisecond: either); else
     * before the answer when the pass began more than {@link MeasuredRun#REPLY_TAIL_SECONDS} before the look's end,
     * and either in that tail.
     */
    static LookOrder of(MeasuredRun.Submission s, double pass) {
        if (pass < s.lookStart()) {
            return PASS_FIRST;
        }
        if (pass > s.lookEnd()) {
            return ANSWER_FIRST;
        }
        if (!Double.isNaN(s.lookRpc())) {
            return pass < s.lookRpc() ? PASS_FIRST : pass > s.lookRpc() ? ANSWER_FIRST : EITHER;
        }
        return pass < s.lookEnd() - MeasuredRun.REPLY_TAIL_SECONDS ? PASS_FIRST : EITHER;
    }
}
