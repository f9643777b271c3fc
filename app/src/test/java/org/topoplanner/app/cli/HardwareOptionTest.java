package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --hardware HOSTLIST=SOURCE} and {@code templates} on imported fabrics (inputs/example-32.ibnetdiscover
 * and inputs/ft3-4096.ibnetdiscover.gz, see src/test/resources/inputs/PROVENANCE.md).
 */
class HardwareOptionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String input(String name) throws Exception {
        return ConvertCommandTest.input(name).toString();
    }

    @Test
    void aFabricDumpWithoutHardwareSaysWhichHostsHaveNoneInOneWarning() throws Exception {
        CommandLineTest.Run r = CommandLineTest.run("inspect", input("example-32.ibnetdiscover"));

        assertThat(r.code()).isZero();
        assertThat(r.err().lines().filter(l -> l.contains("no hardware"))).singleElement().satisfies(l -> assertThat(l)
                .contains("warning: 32 of the 32 hosts have no hardware").contains("node[001-032]"));
    }

    @Test
    void aTemplateGivesEveryHostItsGpusOnEverySubcommand(@TempDir Path dir) throws Exception {
        String ibnet = input("example-32.ibnetdiscover");
        CommandLineTest.Run inspect = CommandLineTest.run("inspect", "--json", ibnet, "--hardware",
                "node[001-032]=hgx-h100-sxm");
        assertThat(inspect.code()).as(inspect.err()).isZero();
        assertThat(inspect.err()).doesNotContain("warning");
        JsonNode nodes = JSON.readTree(inspect.out()).get("nodes");
        assertThat(nodes).hasSize(32).allSatisfy(n -> {
            assertThat(n.get("gpus")).hasSize(8);
            assertThat(n.get("sockets").asInt()).isEqualTo(2);
        });

        CommandLineTest.Run place = CommandLineTest.run("place", "--cluster", ibnet, "--hardware",
                "node[001-016]=hgx-h100-sxm", "--hardware", "node[017-032]=workstation-4gpu", "--policy", "planner",
                "--json", "--", "-N", "16", "--gpus-per-node=8");
        assertThat(place.code()).as(place.err()).isZero();
        // Only the 16 H100 hosts have 8 GPUs; the workstations have 4.
        assertThat(JSON.readTree(place.out()).at("/placement/hosts")).hasSize(16)
                .allSatisfy(h -> assertThat(h.get("host").asText()).isBetween("node001", "node016"));

        Path out = dir.resolve("bundle");
        CommandLineTest.Run export = CommandLineTest.run("export", "--cluster", ibnet, "--hardware",
                "node[001-032]=hgx-h100-sxm", "--out", out.toString());
        assertThat(export.code()).as(export.err()).isZero();
        assertThat(Files.readString(out.resolve("slurm/gres.conf"))).contains("Type=nvidia_h100_80gb_hbm3 File=/dev/nvidia7");
        CommandLineTest.Run back = CommandLineTest.run("inspect", "--json", out.toString());
        assertThat(back.code()).as(back.err()).isZero();
        assertThat(back.err()).doesNotContain("warning").doesNotContain("error");
        assertThat(JSON.readTree(back.out()).get("nodes")).hasSize(32)
                .allSatisfy(n -> assertThat(n.get("gpus")).hasSize(8));
    }

    @Test
    void badRulesAreLocatedUsageErrorsAndARuleMatchingNoHostIsInvalidInput() throws Exception {
        String ibnet = input("example-32.ibnetdiscover");

        CommandLineTest.Run unknown = CommandLineTest.run("inspect", ibnet, "--hardware", "node[001-032]=hgx-b200");
        CommandLineTest.Run hostlist = CommandLineTest.run("place", "--cluster", ibnet, "--hardware",
                "node[001-=hgx-h100-sxm", "--", "-N", "1");
        CommandLineTest.Run noEquals = CommandLineTest.run("compare", "--cluster", ibnet, "--hardware", "node001",
                "--", "-N", "1");
        CommandLineTest.Run noHost = CommandLineTest.run("inspect", ibnet, "--hardware", "gpu[1-4]=hgx-h100-sxm");

        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("column 15: 'hgx-b200' is neither a template id (hgx-h100-sxm")
                .doesNotContain("Exception");
        assertThat(hostlist.code()).isEqualTo(2);
        assertThat(hostlist.err()).contains("column 5: bad hostlist").doesNotContain("Exception");
        assertThat(noEquals.code()).isEqualTo(2);
        assertThat(noEquals.err()).contains("column 1: expected HOSTLIST=SOURCE");
        assertThat(noHost.code()).isEqualTo(1);
        assertThat(noHost.err()).contains("--hardware gpu[1-4]=hgx-h100-sxm:1:1: error: none of the 4 host(s)");
    }

    @Test
    void aFileForASetOfHostsAndAnUnreadableFile(@TempDir Path dir) throws Exception {
        String ibnet = input("example-32.ibnetdiscover");
        CommandLineTest.Run smi = CommandLineTest.run("inspect", "--json", ibnet, "--hardware",
                "node[001-032]=" + input("a100-sxm4-epyc7742-nps4-10nic.txt"));
        assertThat(smi.code()).as(smi.err()).isZero();
        assertThat(JSON.readTree(smi.out()).get("nodes")).allSatisfy(n -> assertThat(n.get("gpus")).hasSize(8));

        Path garbage = dir.resolve("notes.txt");
        Files.writeString(garbage, "hello\n");
        CommandLineTest.Run bad = CommandLineTest.run("inspect", ibnet, "--hardware", "node001=" + garbage);
        assertThat(bad.code()).isEqualTo(1);
        assertThat(bad.err()).contains(garbage + ":1:1: error: unknown format").doesNotContain("Exception");
    }

    @Test
    void templatesListsEveryIdWithItsCountsAndEachIdWorksAsASource() throws Exception {
        CommandLineTest.Run table = CommandLineTest.run("templates");
        CommandLineTest.Run json = CommandLineTest.run("templates", "--json");
        CommandLineTest.Run help = CommandLineTest.run("templates", "--help");

        assertThat(table.code()).isZero();
        assertThat(table.out().lines().findFirst()).hasValueSatisfying(h -> assertThat(h)
                .contains("ID").contains("GPUS").contains("SOCKETS").contains("CORES").contains("NICS"));
        assertThat(table.out()).containsPattern("hgx-h100-sxm +8 +2 +112 +224 +8 ");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("--hardware");
        JsonNode all = JSON.readTree(json.out());
        assertThat(all.size()).isEqualTo(table.out().lines().count() - 1);
        for (JsonNode t : all) {
            CommandLineTest.Run r = CommandLineTest.run("inspect", "--json", input("example-32.ibnetdiscover"),
                    "--hardware", "node[001-032]=" + t.get("id").asText());
            assertThat(r.code()).as(r.err()).isZero();
            JsonNode node = JSON.readTree(r.out()).get("nodes").get(0);
            assertThat(node.get("gpus").size()).as(t.get("id").asText()).isEqualTo(t.get("gpus").asInt());
            assertThat(node.get("sockets").asInt()).isEqualTo(t.get("sockets").asInt());
        }
    }

    @Test
    void theFourThousandHostFabricTakesSixtyFourEightGpuNodesUnderEveryPolicyThatCanHoldIt(@TempDir Path dir)
            throws Exception {
        Path dump = dir.resolve("ft3-4096.ibnetdiscover");
        try (InputStream in = new GZIPInputStream(getClass().getResourceAsStream("/inputs/ft3-4096.ibnetdiscover.gz"))) {
            Files.copy(in, dump);
        }

        CommandLineTest.Run r = CommandLineTest.run("compare", "--json", "--cluster", dump.toString(), "--hardware",
                "node[0001-4096]=hgx-h100-sxm", "--", "-N", "64", "--gpus-per-node=8");

        assertThat(r.code()).as(r.err()).isZero();
        Map<String, String> outcomes = new HashMap<>();
        for (JsonNode s : JSON.readTree(r.out())) {
            outcomes.put(s.get("policy").asText(), s.get("outcome").asText());
            if (s.get("outcome").asText().equals("placed")) {
                assertThat(s.at("/placement/hosts")).hasSize(64)
                        .allSatisfy(h -> assertThat(h.get("gpus")).hasSize(8));
            }
        }
        // A fat tree has no Slurm blocks, so only the block plugin cannot hold the job.
        assertThat(outcomes).containsEntry("slurm-tree", "placed").containsEntry("k8s-default", "placed")
                .containsEntry("kueue-tas", "placed").containsEntry("volcano", "placed")
                .containsEntry("planner", "placed").containsEntry("slurm-block", "impossible");
    }
}
