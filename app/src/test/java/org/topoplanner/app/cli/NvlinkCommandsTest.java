package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The NVL72 commands of issue 17, run as a user runs them. */
class NvlinkCommandsTest {
    private static final String TRAYS = "node[1101-1118,1201-1218,2101-2118,2201-2218]=gb200-nvl72-tray";

    @TempDir
    static Path dir;
    static Path model;
    static Path cliques;

    @BeforeAll
    static void copySamples() throws IOException {
        model = copy("topograph-model-nvl72-blocks-labels.yaml.txt");
        cliques = copy("topograph-mnnvl-test-pdsh-clique-grep.txt");
    }

    private static Path copy(String name) throws IOException {
        try (InputStream in = NvlinkCommandsTest.class.getResourceAsStream("/nvlink/" + name)) {
            Path p = dir.resolve(name);
            Files.write(p, in.readAllBytes());
            return p;
        }
    }

    @Test
    void kueueTasWithARequiredCliquePlacesEighteenTraysInOneRack() {
        CommandLineTest.Run r = CommandLineTest.run("place", "--cluster", model.toString(), "--hardware", TRAYS,
                "--policy", "kueue-tas", "--kueue-required", "nvidia.com/gpu.clique", "--", "-N", "18",
                "--gpus-per-node=4");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("placed: node[1101-1118]").contains("NVLink domain nvl-1-1");
    }

    @Test
    void slurmBlockPlacesThirtySixTraysOnTwoRacks() {
        CommandLineTest.Run r = CommandLineTest.run("place", "--cluster", model.toString(), "--hardware", TRAYS,
                "--policy", "slurm-block", "--", "-N", "36", "--gpus-per-node=4");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("placed:").contains("36 nodes");
        // Two racks: the ring crosses the fabric, whose cables the topograph model gives no rate, so the
        // NVLink figure is not the whole story and the output says which step was left out.
        assertThat(r.out()).contains("ring estimate: 36 hosts (").contains("cable width or speed unknown");
    }

    @Test
    void inspectListsTheDomainsOfEveryKindOfSource() throws IOException {
        CommandLineTest.Run text = CommandLineTest.run("inspect", model.toString());
        assertThat(text.out()).contains("NVLink domains: 4 (4 fabric-block)").contains("nvl-2-2: 18 hosts node[2201-2218]");
        CommandLineTest.Run json = CommandLineTest.run("inspect", "--json", cliques.toString());
        JsonNode d = new ObjectMapper().readTree(json.out());
        assertThat(d.get("nvlinkDomains")).hasSize(3);
        JsonNode pair = d.get("nvlinkDomains").get(1);
        assertThat(pair.get("hosts").asText()).isEqualTo("node-[07-08]");
        assertThat(pair.get("cliqueId").asLong()).isEqualTo(4000000005L);
        assertThat(pair.get("origin").asText()).isEqualTo("nvidia-smi");
    }
}
