package org.topoplanner.model.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.replay.JobScript;

class ScriptWorkloadTest {
    @Test
    void runTimesRunFromSubmissionToTheCancelOrPastTheEnd() {
        JobScript script = new JobScript(List.of(
                new JobScript.Submit("a", List.of("-N", "2", "--gpus-per-node", "4")),
                new JobScript.Sleep(30),
                new JobScript.Submit("b", List.of("--gpus", "3")),
                new JobScript.Sleep(12.5),
                new JobScript.Cancel(List.of("a")),
                new JobScript.Submit("bad", List.of("-N", "0")),
                new JobScript.Sleep(10)));
        ScriptWorkload w = ScriptWorkload.of(script, 100);
        assertThat(w.jobs()).extracting(WorkloadJob::id, WorkloadJob::submit, WorkloadJob::runSeconds,
                WorkloadJob::gpus).containsExactly(
                org.assertj.core.groups.Tuple.tuple("a", 0L, 42L, 8),
                org.assertj.core.groups.Tuple.tuple("b", 30L, 122L, 3));
        assertThat(w.skipped()).singleElement().asString().startsWith("job bad:");
    }
}
