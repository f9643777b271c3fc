package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandLineTest {

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = TopoPlannerCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void inspectsTheExampleAsTheDocumentedJson() throws Exception {
        Run r = run("inspect", "--example", "--json");
        assertThat(r.code()).isZero();
        JsonNode d = new ObjectMapper().readTree(r.out());
        assertThat(d.get("schema").asText()).isEqualTo("topoplanner.inspect/1");
        JsonNode switches = d.at("/fabric/switches");
        assertThat(count(switches, 1)).isEqualTo(4);
        assertThat(count(switches, 2)).isEqualTo(2);
        assertThat(count(switches, 3)).isEqualTo(1);
        assertThat(d.at("/fabric/hosts").size()).isEqualTo(32);
        int gpus = 0;
        for (JsonNode n : d.get("nodes")) {
            gpus += n.get("gpus").size();
            // 8 GPUs and 4 NICs: one link class for each of the 66 device pairs.
            assertThat(n.get("links").size()).isEqualTo(66);
        }
        assertThat(gpus).isEqualTo(256);
        JsonNode node01 = d.get("nodes").get(0);
        assertThat(node01.get("name").asText()).isEqualTo("node01");
        assertThat(node01.get("sockets").asInt()).isEqualTo(2);
        assertThat(node01.at("/gpus/0/cpus").asText()).isEqualTo("0-15");
        assertThat(node01.at("/gpus/4/cpus").asText()).isEqualTo("16-31");
        assertThat(linkKind(node01, "GPU0", "GPU3")).isEqualTo("NV4");
        assertThat(linkKind(node01, "GPU0", "GPU4")).isEqualTo("SYS");
        assertThat(linkKind(node01, "GPU0", "NIC0")).isEqualTo("PIX");
        JsonNode leaf1 = switches.get(0);
        assertThat(leaf1.get("name").asText()).isEqualTo("leaf1");
        assertThat(leaf1.get("parents").get(0).asText()).isEqualTo("spine1");
        assertThat(leaf1.get("children").size()).isEqualTo(8);
        for (String key : new String[] {"sources", "diagnostics", "fabric", "nodes", "kubernetes", "slurm"}) {
            assertThat(d.has(key)).as(key).isTrue();
        }
    }

    private static long count(JsonNode switches, int tier) {
        return StreamSupport.stream(switches.spliterator(), false).filter(s -> s.get("tier").asInt() == tier).count();
    }

    private static String linkKind(JsonNode node, String a, String b) {
        for (JsonNode l : node.get("links")) {
            if ((l.get("a").asText().equals(a) && l.get("b").asText().equals(b))
                    || (l.get("a").asText().equals(b) && l.get("b").asText().equals(a))) {
                return l.get("kind").asText() + (l.get("count").isNull() ? "" : l.get("count").asText());
            }
        }
        return null;
    }

    @Test
    void printsHelpAndVersion() {
        Run help = run("--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("inspect").contains("Exit codes");
        Run version = run("--version");
        assertThat(version.code()).isZero();
        assertThat(version.out()).startsWith("TopoPlanner ");
        assertThat(run("inspect", "--help").out()).contains("--json").contains("--example");
    }

    @Test
    void usageErrorsExitWithTwoAndNoStackTrace() {
        for (String[] args : new String[][] {{"frobnicate"}, {"inspect"}, {"inspect", "--format", "nope", "x"},
                {"inspect", "--no-such-option"}, {}}) {
            if (args.length == 0) {
                continue;
            }
            Run r = run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
        }
    }

    @Test
    void badInputExitsWithOneAndSaysWhere(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.txt");
        Run r = run("inspect", missing.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains(missing.toString()).contains("no such file").doesNotContain("\tat ");

        Path garbage = dir.resolve("garbage.bin");
        Files.write(garbage, new byte[] {0, 1, 2, (byte) 0xff, 10, 65, 66});
        Run g = run("inspect", garbage.toString());
        assertThat(g.code()).isEqualTo(1);
        assertThat(g.err()).contains("unknown format").doesNotContain("\tat ");

        Path newer = dir.resolve("newer.json");
        Files.writeString(newer, "{\"schema\": \"topoplanner.project/9\"}");
        Run n = run("inspect", newer.toString());
        assertThat(n.code()).isEqualTo(1);
        assertThat(n.err()).contains("newer TopoPlanner");
    }

    @Test
    void inspectsASavedProject(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("example.topoplanner.json");
        new org.topoplanner.model.project.ProjectCodec().save(
                org.topoplanner.model.project.ProjectDocument.of(org.topoplanner.resources.ShippedData.exampleCluster()), p);
        Run r = run("inspect", p.toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("32 hosts").contains("256 GPUs").contains("tier 3 (core): 1 switch: core");
    }

    @Test
    void inspectListsWhereTheSourcesDisagreeAndWhatItUsed() throws Exception {
        String ibnet = Path.of(CommandLineTest.class.getResource("/inputs/example-32.ibnetdiscover").toURI())
                .toString();
        String stale = Path.of(CommandLineTest.class
                .getResource("/inputs/conflicts/example-32-topology-node009-moved-node032-missing.conf").toURI()).toString();
        Run r = run("inspect", ibnet, stale);
        assertThat(r.out())
                .contains("conflicts: 2")
                .contains("used:  example-32.ibnetdiscover")
                .contains("other: example-32-topology-node009-moved-node032-missing.conf")
                .contains("node032")
                .contains("tier 2 (spine): 2 switches: spine1 spine2");
    }
}
