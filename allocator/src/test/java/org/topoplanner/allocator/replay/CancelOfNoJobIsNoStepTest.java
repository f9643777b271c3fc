package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A cancel step whose names had no job (each refused at submit) sends nothing to slurmctld: the harness runs {@code
 * scancel} only when it knows a job id ({@code oracle.py}, {@code cancel}), and records {@code "job_ids": []} and no
 * {@code t_rpc}. So the next step slurmctld sees after a submission is the one after that cancel, and a pass measured
 * to begin after it still takes that step's job into its queue ({@link Submission}, the starts made again in
 * PriorityTier order). Own case featfz10, 22.05.8 timed: f45, f46, f47, f49 and f51 reach slurmctld at
 * 131.337-131.845 (f41, cancelled between f46 and f47, was refused at submit) and one pass at 131.942 starts f51
 * (fat, PriorityTier=3) first, then f45, f46, f47, f49; with the empty cancel taken for f46's next step, the replay
 * kept f45 and f46 where its pass after f46 had put them, and f52, f54, f55 and f56 then started or waited Resources
 * at submission where real shows Priority.
 */
class CancelOfNoJobIsNoStepTest {

    @Test
    void theStepAfterAnEmptyCancelIsTheNextOneSlurmctldSees() {
        List<String> lines = List.of(
                "{\"type\": \"job\", \"when\": \"submit\", \"name\": \"x\", \"seq\": 1, \"state\": \"PENDING\","
                        + " \"t_sbatch\": [10.0, 10.05], \"t_rpc\": 10.04, \"t_look\": [10.06, 10.09]}",
                "{\"type\": \"cancel\", \"names\": [\"gone\"], \"job_ids\": [], \"t_step\": [10.1, 10.15]}",
                "{\"type\": \"job\", \"when\": \"submit\", \"name\": \"y\", \"seq\": 3, \"state\": \"PENDING\","
                        + " \"t_sbatch\": [10.2, 10.25], \"t_rpc\": 10.24, \"t_look\": [10.26, 10.3]}",
                "{\"type\": \"sched_log\", \"passes\": [{\"t\": 10.5, \"kind\": \"default depth\", \"started\": []}]}");
        MeasuredRun run = TimedOutput.measured(lines);
        assertThat(run.submissions().get(1).nextStep()).isEqualTo(10.24);
        assertThat(run.submissions().get(1).nextStepLogged()).isTrue();
        assertThat(run.passAfterNextStep(1, "x", PassTiming.of(SlurmVersion.V22_05)))
                .hasValueSatisfying(p -> assertThat(p).containsExactly(10.5, 10.24));
    }

    @Test
    void featfz10UnderSlurm2205KeepsF52ToF56WaitingPriority() {
        assertThat(TimedReplay.summaries("featfz10", "job f57", "", "results/featfz10.jsonl", SlurmVersion.V22_05))
                .contains("f52 submit PENDING(Priority) nodes= leaves=", "f54 submit PENDING(Priority) nodes= leaves=",
                        "f55 submit PENDING(Priority) nodes= leaves=", "f56 submit PENDING(Priority) nodes= leaves=");
    }
}
