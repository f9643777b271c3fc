package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _top_priority} ({@code slurmctld/job_mgr.c}; 22.05 {@code misc_policy_job_runnable_state}, 24.11 and 26.05
 * {@code job_state_reason_check(..., JSR_QOS_ASSOC | JSR_MISC | JSR_PART)}) passes over a pending job by the reason
 * slurmctld has on it when the next submission arrives, not by one a pass it has not run yet will give it. Own case
 * featfz9 (timed runs of 22.05.8, 24.11.5, 26.05.5), its first 13 jobs: f11 ({@code -w c1 -p mix,all}, c1 held by
 * the {@code --exclusive} f8) waits {@code Resources} from its submission's test; the pass that words it
 * {@code ReqNodeNotAvail} began after f12's RPC (22.05.8: 0.14 s after f11's, 0.11 s after f12's), so f12 ({@code -p
 * fat,mix}) is not top priority and shows {@code Priority}, where the replay's pass had already made f11
 * {@code ReqNodeNotAvail} and f12 top priority, with the reason of its failed test.
 */
class TopPriorityReadsTheSeenReasonTest {

    @ParameterizedTest
    @CsvSource({"V22_05, results/featfz9.jsonl", "V24_11, results/new/featfz9.jsonl",
            "V26_05, results/v26.05/featfz9.jsonl"})
    void aJobWhoseReasonOnlyAnUnseenPassChangedStillHoldsTheNextBack(SlurmVersion version, String results) {
        assertThat(TimedReplay.summaries("featfz9", "job f13 ", "", results, version)).contains(
                "f11 submit PENDING(Resources) nodes= leaves=",
                "f12 submit PENDING(Priority) nodes= leaves=");
    }
}
