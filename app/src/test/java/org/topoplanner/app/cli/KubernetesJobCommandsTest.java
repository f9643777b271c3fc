package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands of issue #12 as a new user types them, with the answers and exit codes a real cluster gives. */
class KubernetesJobCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** node01..node{@code busy} of the example each running a job holding all 8 GPUs. */
    private static Path busyState(Path dir, int busy) throws Exception {
        List<String> jobs = new ArrayList<>();
        for (int i = 1; i <= busy; i++) {
            jobs.add(String.format("{\"job\": \"run%02d\", \"hosts\": [{\"host\": \"node%02d\","
                    + " \"gpus\": [0, 1, 2, 3, 4, 5, 6, 7], \"cpus\": \"0-7\"}]}", i, i));
        }
        Path state = dir.resolve("state.json");
        Files.writeString(state, "[" + String.join(",\n", jobs) + "]");
        return state;
    }

    @Test
    void aPlacementFailingItsOwnValidationIsInvalidWithExitOne(@TempDir Path dir) throws Exception {
        // 30 of 32 nodes busy: the default scheduler binds 2 of the 4 pods and leaves 2 pending
        Path state = busyState(dir, 30);
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", "k8s-default",
                "--state", state.toString(), "--", "-N", "4", "--gpus-per-node=8");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out()).contains("placed: node[31-32]").contains("error GANG_INCOMPLETE")
                .contains("INVALID: k8s-default's own placement fails validation");
        CommandLineTest.Run json = CommandLineTest.run("place", "--example", "--policy", "k8s-default", "--json",
                "--state", state.toString(), "--", "-N", "4", "--gpus-per-node=8");
        assertThat(json.code()).isEqualTo(1);
        JsonNode d = JSON.readTree(json.out());
        assertThat(d.get("valid").asBoolean()).isFalse();
        assertThat(d.get("violations").findValuesAsText("code")).contains("GANG_INCOMPLETE");
    }
}
