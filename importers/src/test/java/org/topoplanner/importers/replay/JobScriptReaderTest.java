package org.topoplanner.importers.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.replay.JobScript;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;

class JobScriptReaderTest {

    @Test
    void readsTheHarnessJsonExampleIntoSbatchArgsInHarnessOrder() {
        JobScriptReader.Result r = JobScriptReader.read("jobs.example.json",
                TestSamples.load("oracle/tree32/jobs.example.json").text());
        assertThat(r.diagnostics()).isEmpty();
        JobScript s = r.script();
        assertThat(s.steps()).hasSize(8);
        assertThat(s.steps().get(0)).isEqualTo(new JobScript.Note("JSON job-list example (same engine as jobs.txt)"));
        assertThat(s.steps().get(2)).isEqualTo(new JobScript.Submit("j1n4g_bind",
                List.of("--nodes=1", "--gpus-per-node=4", "--gres-flags=enforce-binding", "--cpus-per-gpu=4")));
        assertThat(s.steps().get(4)).isEqualTo(new JobScript.Submit("jx",
                List.of("--nodes=2", "--gpus-per-node=4", "--exclusive", "--nodelist=node[31-32]")));
        assertThat(s.steps().get(5)).isEqualTo(new JobScript.Cancel(List.of("j4n")));
        assertThat(s.steps().get(6)).isEqualTo(new JobScript.Snapshot(List.of()));
        assertThat(s.steps().get(7)).isEqualTo(new JobScript.Reset());
    }

    @Test
    void readsJobsTxtStepsAndSkipsComments() throws JobScriptException {
        JobScript s = JobScriptReader.readStrict("jobs.txt", """
                # comment
                note S1 first
                job a -N4 --gpus-per-node=8
                sleep 8
                snapshot a
                show job -d a
                cancel a
                reset
                """);
        assertThat(s.steps()).containsExactly(new JobScript.Note("S1 first"),
                new JobScript.Submit("a", List.of("-N4", "--gpus-per-node=8")), new JobScript.Sleep(8),
                new JobScript.Snapshot(List.of("a")), new JobScript.Show(List.of("job", "-d", "a")),
                new JobScript.Cancel(List.of("a")), new JobScript.Reset());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // text (\n = new line)               | line | column | message part
        "job a -N1\\n  frobnicate x           | 2    | 3      | unknown step 'frobnicate'",
        "job a -N1\\njob\\njob b              | 2    | 1      | job needs a name",
        "reset\\n\\tsleep soon                | 2    | 8      | not 'soon'",
        "sleep                                | 1    | 1      | sleep needs a number",
    })
    void reportsBadTextStepsWithLineAndColumnAndKeepsTheRest(String text, int line, int column, String message) {
        JobScriptReader.Result r = JobScriptReader.read("jobs.txt", text.replace("\\n", "\n").replace("\\t", "\t"));
        assertThat(r.diagnostics()).hasSize(1);
        Diagnostic d = r.diagnostics().get(0);
        assertThat(d.severity()).isEqualTo(Severity.ERROR);
        assertThat(d.path()).isEqualTo("jobs.txt");
        assertThat(d.line()).isEqualTo(line);
        assertThat(d.column()).isEqualTo(column);
        assertThat(d.message()).contains(message);
    }

    @Test
    void keepsTheGoodStepsAroundABadOne() {
        JobScriptReader.Result r = JobScriptReader.read("j.txt", "job a -N1\nfrobnicate\njob b -N2\n");
        assertThat(r.script().steps()).containsExactly(new JobScript.Submit("a", List.of("-N1")),
                new JobScript.Submit("b", List.of("-N2")));
        assertThat(r.hasErrors()).isTrue();
        assertThatThrownBy(() -> JobScriptReader.readStrict("j.txt", "job a -N1\nfrobnicate\n"))
                .isInstanceOf(JobScriptException.class).hasMessageContaining("j.txt:2:1: error: unknown step");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // JSON                                              | line | column | severity | message part
        "[{\"name\": \"a\"},\\n 7]                           | 2    | 2      | ERROR    | step 2 is not an object",
        "[\\n  {\"name\": \"a\", \"gpu\": 2}]                | 2    | 24     | ERROR    | unknown key 'gpu'",
        "[{\"name\": \"a\", \"nodes\": [2]}]                    | 1    | 25     | ERROR    | nodes takes a whole number",
        "[{\"name\": \"a\", \"exclusive\": \"yes\"}]            | 1    | 29     | ERROR    | exclusive takes true or false",
        "[{\"cancel\": 3}]                                   | 1    | 13     | ERROR    | cancel takes a job name",
        "[{\"sleep\": \"x\"}]                                | 1    | 2      | ERROR    | sleep needs a number",
        "[{\"name\": \"a\"},\\n {\"name\": }]                | 2    | 11     | ERROR    | not valid JSON",
        "[{\"name\": \"a\"}                                  | 1    | 14     | ERROR    | not",
    })
    void reportsBadJsonStepsWithLineAndColumn(String json, int line, int column, Severity severity, String message) {
        JobScriptReader.Result r = JobScriptReader.read("jobs.json", json.replace("\\n", "\n"));
        assertThat(r.diagnostics()).isNotEmpty();
        Diagnostic d = r.diagnostics().get(0);
        assertThat(d.severity()).isEqualTo(severity);
        assertThat(d.line()).isEqualTo(line);
        assertThat(d.column()).isEqualTo(column);
        assertThat(d.message()).contains(message);
    }

    @Test
    void aJsonScriptThatIsNoListIsOneError() {
        JobScriptReader.Result r = JobScriptReader.readJson("j.json", "{\"name\": \"a\"}");
        assertThat(r.script().steps()).isEmpty();
        assertThat(r.diagnostics()).extracting(Diagnostic::message).containsExactly("a JSON job script is a list of steps");
    }
}
