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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    @ParameterizedTest(name = "{0} -N 20 --gpus-per-node=1: one pod per node on 20 nodes, valid, exit 0")
    @ValueSource(strings = {"kueue-tas", "volcano", "k8s-default"})
    void twentyNodesAreTwentyPodsOnePerNode(String policy) throws Exception {
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", policy, "--json", "--",
                "-N", "20", "--gpus-per-node=1");
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        JsonNode d = JSON.readTree(r.out());
        assertThat(d.get("valid").asBoolean()).as(d.get("violations").toString()).isTrue();
        assertThat(d.at("/placement/hosts").size()).isEqualTo(20);
        d.at("/placement/hosts").forEach(h -> assertThat(h.get("gpus").size()).isEqualTo(1));
    }

    @Test
    void compareMarksNothingWhenEveryPolicyPlacesTheShapeAndSaysValid() throws Exception {
        CommandLineTest.Run r = CommandLineTest.run("compare", "--example", "--json", "--", "-N", "20");
        assertThat(r.code()).as(r.err()).isZero();
        for (JsonNode row : JSON.readTree(r.out())) {
            if (row.get("outcome").asText().equals("placed")) {
                assertThat(row.get("valid").asBoolean()).as(row.get("policy").asText() + " " + row.get("errors")).isTrue();
                assertThat(row.at("/placement/hosts").size()).as(row.get("policy").asText()).isEqualTo(20);
            }
        }
        CommandLineTest.Run text = CommandLineTest.run("compare", "--example", "--", "-N", "20");
        assertThat(text.out()).doesNotContain("INVALID");
    }

    @ParameterizedTest(name = "{0}: --ntasks-per-node=2 --gpus-per-task=4 is one pod of 2 containers x 4 GPUs")
    @ValueSource(strings = {"volcano", "k8s-default", "kueue-tas"})
    void tasksWithGpusAreContainersWithGpus(String policy) {
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", policy, "--",
                "-N", "1", "--ntasks-per-node=2", "--gpus-per-task=4");
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("placed: node01 (1 node, 8 GPUs)").doesNotContain("error");
    }

    @Test
    void containerAndPodScopesDifferForTwoFourGpuContainers() {
        // single-numa-node: each 4-GPU container fits one NUMA node (container scope); the pod's 8 do not (pod scope)
        String[] job = {"--", "-N", "1", "--ntasks-per-node=2", "--gpus-per-task=4", "--cpus-per-task=4"};
        CommandLineTest.Run container = CommandLineTest.run(concat(new String[] {"place", "--example", "--policy",
                "k8s-default", "--tm-policy", "single-numa-node", "--tm-scope", "container"}, job));
        assertThat(container.code()).as(container.out()).isZero();
        CommandLineTest.Run pod = CommandLineTest.run(concat(new String[] {"place", "--example", "--policy",
                "k8s-default", "--tm-policy", "single-numa-node", "--tm-scope", "pod"}, job));
        assertThat(pod.code()).isEqualTo(1);
        assertThat(pod.out()).contains("TopologyAffinityError");
    }

    @Test
    void exclusiveAsksForWholeNodesOfTheRailFabric() throws Exception {
        String rail = ConvertCommandTest.input("rail-32x8.ibnetdiscover").toString();
        CommandLineTest.Run bare = CommandLineTest.run("place", "--cluster", rail, "--policy", "k8s-default", "--",
                "-N", "4", "--exclusive");
        assertThat(bare.code()).as(bare.out() + bare.err()).isZero();
        assertThat(bare.out()).contains("placed: node[001-004] (4 nodes");
        CommandLineTest.Run hgx = CommandLineTest.run("place", "--cluster", rail, "--hardware",
                "node[001-032]=hgx-h100-sxm", "--policy", "k8s-default", "--json", "--", "-N", "4", "--exclusive");
        assertThat(hgx.code()).as(hgx.out() + hgx.err()).isZero();
        JsonNode hosts = JSON.readTree(hgx.out()).at("/placement/hosts");
        assertThat(hosts.size()).isEqualTo(4);
        for (JsonNode h : hosts) {
            // the whole node: its 8 GPUs, 224 CPU threads and 8 HCAs
            assertThat(h.get("gpus").size()).isEqualTo(8);
            assertThat(h.get("cpus").asText()).isEqualTo("0-223");
            assertThat(h.get("nics").size()).isEqualTo(8);
        }
    }

    @Test
    void singleNumaNodeRejectsAHandPlacementOnTwoNumaNodes(@TempDir Path dir) throws Exception {
        Path split = dir.resolve("split.json");
        Files.writeString(split, "{\"job\": \"hand\", \"sbatch\": [\"-N\", \"1\", \"--gpus-per-node=2\"],"
                + " \"hosts\": [{\"host\": \"node01\", \"gpus\": [0, 4]}]}");
        CommandLineTest.Run r = CommandLineTest.run("validate", "--example", "--placement", split.toString(),
                "--policy", "k8s-default", "--tm-policy", "single-numa-node");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("hand: INVALID").contains("error TOPOLOGY_MANAGER_REJECT")
                .contains("spans NUMA nodes [0, 1]");
        CommandLineTest.Run lenient = CommandLineTest.run("validate", "--example", "--placement", split.toString(),
                "--policy", "k8s-default", "--tm-policy", "best-effort");
        assertThat(lenient.code()).as(lenient.out()).isZero();
        Path together = dir.resolve("together.json");
        Files.writeString(together, Files.readString(split).replace("[0, 4]", "[0, 1]"));
        CommandLineTest.Run one = CommandLineTest.run("validate", "--example", "--placement", together.toString(),
                "--policy", "k8s-default", "--tm-policy", "single-numa-node");
        assertThat(one.code()).as(one.out()).isZero();
    }

    @Test
    void memReachesTheMemoryManager() {
        // a NUMA node of the example holds 256000 MiB: 200G fits one, 300G needs two, which single-numa-node refuses
        CommandLineTest.Run fits = CommandLineTest.run("place", "--example", "--policy", "k8s-default", "--tm-policy",
                "single-numa-node", "--", "-N", "1", "--gpus-per-node=2", "--cpus-per-gpu=4", "--mem=200G");
        assertThat(fits.code()).as(fits.out() + fits.err()).isZero();
        CommandLineTest.Run wide = CommandLineTest.run("place", "--example", "--policy", "k8s-default", "--tm-policy",
                "single-numa-node", "--", "-N", "1", "--gpus-per-node=2", "--cpus-per-gpu=4", "--mem=300G");
        assertThat(wide.code()).isEqualTo(1);
        assertThat(wide.out()).contains("TopologyAffinityError");
    }

    @Test
    void rdmaOfAContainerIsAllocatedNics() throws Exception {
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", "k8s-default", "--json",
                "--pods", "1", "--container", "gpu=2,cpu=4,rdma=1");
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        JsonNode host = JSON.readTree(r.out()).at("/placement/hosts/0");
        assertThat(host.get("nics").size()).isEqualTo(2);
        CommandLineTest.Run none = CommandLineTest.run("place", "--example", "--policy", "k8s-default", "--json",
                "--pods", "1", "--container", "gpu=2,cpu=4");
        assertThat(JSON.readTree(none.out()).at("/placement/hosts/0/nics").size()).isZero();
    }

    @Test
    void aPodShapeIsReadByEveryJobCommandAndBadOnesAreUsageErrors() {
        for (String cmd : new String[] {"place", "compare"}) {
            String[] policy = cmd.equals("place") ? new String[] {"--policy", "volcano"} : new String[0];
            CommandLineTest.Run r = CommandLineTest.run(concat(concat(new String[] {cmd, "--example"}, policy),
                    new String[] {"--pods", "4", "--container", "gpu=2,cpu=4", "--pods-per-node", "any"}));
            assertThat(r.code()).as(cmd + r.out() + r.err()).isZero();
        }
        CommandLineTest.Run bad = CommandLineTest.run("place", "--example", "--policy", "volcano", "--pods", "4",
                "--container", "gpu=2,mem=12XB");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("bad job request: --container gpu=2,mem=12XB: mem '12XB': unknown unit 'XB'");
        CommandLineTest.Run none = CommandLineTest.run("place", "--example", "--policy", "volcano");
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).contains("no job");
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void exportWritesExactlyThePodShape(@TempDir Path dir) throws Exception {
        Path project = TrainPlanFile.write(dir, List.of("--pods=2", "--container=gpu=4,cpu=8,mem=64Gi,rdma=1",
                "--container=gpu=4,cpu=8", "--min-member=2", "--slice-size=2",
                "--slice-level=topoplanner.org/tier-1"));
        Path out = dir.resolve("out");
        CommandLineTest.Run r = CommandLineTest.run("export", "--cluster", project.toString(), "--out", out.toString(),
                "--targets", "k8s,jobs");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode kueue = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper()
                .readTree(Files.readString(out.resolve("k8s/jobs/train.yaml")));
        JsonNode job = kueue.at("/spec/replicatedJobs/0/template/spec");
        assertThat(job.get("parallelism").asInt()).isEqualTo(2);
        JsonNode annotations = job.at("/template/metadata/annotations");
        assertThat(annotations.get("kueue.x-k8s.io/podset-slice-required-topology").asText())
                .isEqualTo("topoplanner.org/tier-1");
        assertThat(annotations.get("kueue.x-k8s.io/podset-slice-size").asText()).isEqualTo("2");
        JsonNode containers = job.at("/template/spec/containers");
        assertThat(containers.size()).isEqualTo(2);
        JsonNode first = containers.get(0).at("/resources/requests");
        assertThat(first.get("nvidia.com/gpu").asInt()).isEqualTo(4);
        assertThat(first.get("cpu").asText()).isEqualTo("8");
        assertThat(first.get("memory").asText()).isEqualTo("64Gi");
        assertThat(first.get("rdma/hca").asInt()).isEqualTo(1);
        assertThat(containers.get(1).at("/resources/requests").has("rdma/hca")).isFalse();
        assertThat(job.at("/template/spec/affinity/podAntiAffinity").isMissingNode()).isFalse();
        JsonNode volcano = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper()
                .readTree(Files.readString(out.resolve("k8s/jobs/train.volcano.yaml")));
        assertThat(volcano.at("/spec/minAvailable").asInt()).isEqualTo(2);
        assertThat(volcano.at("/spec/tasks/0/replicas").asInt()).isEqualTo(2);
        assertThat(volcano.at("/spec/tasks/0/template/spec/containers").size()).isEqualTo(2);
    }

    @Test
    void exportOfAnExclusiveJobAsksForWholeNodes(@TempDir Path dir) throws Exception {
        Path project = TrainPlanFile.write(dir, List.of("-N", "2", "--exclusive", "--gpus-per-node=8"));
        Path out = dir.resolve("out");
        CommandLineTest.Run r = CommandLineTest.run("export", "--cluster", project.toString(), "--out", out.toString(),
                "--targets", "k8s,jobs", "--force");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode volcano = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper()
                .readTree(Files.readString(out.resolve("k8s/jobs/train.volcano.yaml")));
        JsonNode requests = volcano.at("/spec/tasks/0/template/spec/containers/0/resources/requests");
        // the example node: 8 GPUs, 2 x 16 cores of one thread, 4 NICs
        assertThat(requests.get("nvidia.com/gpu").asInt()).isEqualTo(8);
        assertThat(requests.get("cpu").asText()).isEqualTo("32");
        assertThat(requests.get("rdma/hca").asInt()).isEqualTo(4);
        assertThat(requests.get("memory").asText()).endsWith("Mi");
    }
}
