package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.model.job.Job;

/**
 * Volcano's gang below the job's pods ({@code --min-member}) through place and validate, the default
 * scheduler's partial binding, and the pod shape options of validate and export. The example cluster
 * with node01..node27 each running a job of all 8 GPUs leaves node28-32 idle.
 */
class GangAndShapeCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] EIGHT_PODS = {"--pods", "8", "--container", "gpu=8,cpu=1"};

    private static Path busyState(Path dir) throws Exception {
        List<String> jobs = new ArrayList<>();
        for (int i = 1; i <= 27; i++) {
            jobs.add(String.format("{\"job\": \"run%02d\", \"hosts\": [{\"host\": \"node%02d\","
                    + " \"gpus\": [0, 1, 2, 3, 4, 5, 6, 7], \"cpus\": \"0-7\"}]}", i, i));
        }
        Path state = dir.resolve("state.json");
        Files.writeString(state, "[" + String.join(",\n", jobs) + "]");
        return state;
    }

    /** Job {@code g} on node01..node{@code n}, all 8 GPUs and CPU 0 each, without sbatch options. */
    private static Path placement(Path dir, int n) throws Exception {
        List<String> hosts = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            hosts.add(String.format("{\"host\": \"node%02d\", \"gpus\": [0, 1, 2, 3, 4, 5, 6, 7], \"cpus\": \"0\"}", i));
        }
        Path file = dir.resolve("placement.json");
        Files.writeString(file, "{\"job\": \"g\", \"hosts\": [" + String.join(", ", hosts) + "]}");
        return file;
    }

    private static String[] args(String[] head, String... tail) {
        List<String> all = new ArrayList<>(List.of(head));
        all.addAll(List.of(tail));
        return all.toArray(String[]::new);
    }

    @Test
    void volcanoRunsTheGangAndReportsTheRestPending(@TempDir Path dir) throws Exception {
        Path state = busyState(dir);
        CommandLineTest.Run r = CommandLineTest.run(args(new String[] {"place", "--example", "--policy", "volcano",
                "--volcano-mode", "soft", "--json", "--state", state.toString(), "--min-member", "4"}, EIGHT_PODS));
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        JsonNode d = JSON.readTree(r.out());
        assertThat(d.get("valid").asBoolean()).as(d.get("violations").toString()).isTrue();
        assertThat(d.at("/placement/hosts").size()).isEqualTo(5);
        assertThat(d.toString()).contains("gang met (minAvailable 4): 5 of 8 pods run");
        assertThat(d.get("violations").toString()).contains("\"warning\"")
                .contains("runs 5 of its 8 pods, at least its gang (minMember 4); the other 3 stay Pending");
        CommandLineTest.Run below = CommandLineTest.run(args(new String[] {"place", "--example", "--policy", "volcano",
                "--state", state.toString(), "--min-member", "6"}, EIGHT_PODS));
        assertThat(below.code()).as(below.out()).isEqualTo(1);
        assertThat(below.out()).contains("pending").contains("the gang's 6 of 8 tasks (minAvailable)");
    }

    @Test
    void theDefaultSchedulerSaysItsPodsRunOneByOne(@TempDir Path dir) throws Exception {
        CommandLineTest.Run r = CommandLineTest.run(args(new String[] {"place", "--example", "--policy",
                "k8s-default", "--state", busyState(dir).toString()}, EIGHT_PODS));
        assertThat(r.code()).as(r.out()).isEqualTo(1);
        assertThat(r.out()).contains("placed: node[28-32]").contains("error GANG_INCOMPLETE: job runs on 5 nodes of"
                + " the 8 it asks for: the default scheduler has no gang, it binds pods one by one: those placed run,"
                + " the other 3 stay Pending").contains("INVALID: k8s-default's own placement fails validation with 1"
                + " error(s); the job would not run as asked");
    }

    @Test
    void validateTakesThePodShapeOptions(@TempDir Path dir) throws Exception {
        Path five = placement(dir, 5);
        CommandLineTest.Run gang = CommandLineTest.run(args(new String[] {"validate", "--example", "--policy",
                "volcano", "--placement", five.toString(), "--min-member", "4"}, EIGHT_PODS));
        assertThat(gang.code()).as(gang.out() + gang.err()).isZero();
        assertThat(gang.out()).contains("g: valid on node[01-05]").contains("warning GANG_INCOMPLETE");
        CommandLineTest.Run whole = CommandLineTest.run(args(new String[] {"validate", "--example", "--policy",
                "volcano", "--placement", five.toString()}, EIGHT_PODS));
        assertThat(whole.code()).isEqualTo(1);
        assertThat(whole.out()).contains("error GANG_INCOMPLETE: g is placed on 5 nodes of the 8 it asks for");
        CommandLineTest.Run bad = CommandLineTest.run("validate", "--example", "--placement", five.toString(),
                "--pods", "8", "--container", "gpu=8,cpux=1");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--container gpu=8,cpux=1: unknown key 'cpux'");
    }

    @Test
    void exportShapesTheJobsThatGiveNoShape(@TempDir Path dir) throws Exception {
        Path project = TrainPlanFile.write(dir, List.of("-N", "2"));
        Path out = dir.resolve("out");
        CommandLineTest.Run r = CommandLineTest.run("export", "--cluster", project.toString(), "--out", out.toString(),
                "--targets", "jobs", "--pods", "2", "--container", "gpu=4,cpu=8", "--container", "gpu=4,cpu=8",
                "--min-member", "1");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode volcano = new YAMLMapper().readTree(Files.readString(out.resolve("k8s/jobs/train.volcano.yaml")));
        assertThat(volcano.at("/spec/minAvailable").asInt()).isEqualTo(1);
        assertThat(volcano.at("/spec/tasks/0/replicas").asInt()).isEqualTo(2);
        assertThat(volcano.at("/spec/tasks/0/template/spec/containers").size()).isEqualTo(2);
    }

    @Test
    void exportKeepsAJobsOwnShape(@TempDir Path dir) throws Exception {
        Path project = TrainPlanFile.write(dir, List.of("--pods=2", "--container=gpu=8,cpu=16"));
        Path out = dir.resolve("out");
        CommandLineTest.Run r = CommandLineTest.run("export", "--cluster", project.toString(), "--out", out.toString(),
                "--targets", "jobs", "--pods", "2", "--container", "gpu=4,cpu=8", "--min-member", "1");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode volcano = new YAMLMapper().readTree(Files.readString(out.resolve("k8s/jobs/train.volcano.yaml")));
        assertThat(volcano.at("/spec/minAvailable").asInt()).isEqualTo(2);
        assertThat(volcano.at("/spec/tasks/0/template/spec/containers/0/resources/requests/nvidia.com~1gpu").asInt())
                .isEqualTo(8);
    }
}
