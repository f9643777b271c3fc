package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A pass that submissions behind pending jobs queued ({@code queue_job_scheduler}) but that slurmctld began only after
 * the next submission's RPC has that next job in its queue, sorted by {@code sort_job_queue2} (the partition's {@code
 * PriorityTier} first; {@code slurmctld/job_scheduler.c}, 24.11 and 26.05), so the starts the replay made in it
 * before are made again with the new job. Own case featfz10 (timed runs of 24.11.5 and 26.05.5): f28 ({@code -n6
 * -c5 --gpus=6}) and f29 ({@code -N2 -n8 -c1}, both partition {@code all}) wait Priority at their looks; f30 ({@code
 * -p mix}, PriorityTier=2) reaches slurmctld before their pass, which starts f30 first (sched log: f30, f28, f29).
 * In 26.05.5 f30 then takes b1 (c4,5,18,19, GPUs 0 and 3) before f28 does; in 24.11.5 the same order lets f54 run on
 * b3 and b4 at f55's pass.
 */
class LaterPassSeesTheNextSubmissionTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "V26_05 | results/v26.05/featfz10.jsonl | job f31 -N2"
                    + " | f30 submit RUNNING b1[c4,5,18,19 g0,3] nodes=b1 leaves=leafb",
            "V24_11 | results/new/featfz10.jsonl | cancel f37"
                    + " | f54 submit RUNNING b3[c8,9,10,16,17,18,24,25,26 g1,2,3] b4[c0,1,2,8,9,10 g0,1] nodes=b3,b4 leaves=leafb"})
    void aPassAfterTheNextSubmissionStartsItInTierOrder(SlurmVersion version, String results, String upTo,
                                                         String expected) {
        assertThat(TimedReplay.summaries("featfz10", upTo, "", results, version))
                .contains(expected);
    }
}
