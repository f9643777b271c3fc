package org.topoplanner.importers.nvsmi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.importers.pipeline.FormatRegistry;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;

/** The NVLink cliques of {@code nvidia-smi -q}, read from real outputs (importers/src/test/resources/samples/nvidia-smi-q/README.md). */
class NvidiaSmiQueryReaderTest {
    private final NvidiaSmiQueryReader reader = new NvidiaSmiQueryReader();

    private ImportResult read(String file) {
        return reader.read(TestSamples.load("nvidia-smi-q/" + file));
    }

    private static Map<String, List<String>> hostsByDomain(ImportResult r) {
        return r.part().nvlink().all().stream().collect(Collectors.toMap(NvlinkDomain::name, NvlinkDomain::hosts));
    }

    /** Topograph's own test of its bare-metal provider gives the domains these four hosts form. */
    @Test
    void groupsPdshHostsByClusterUuidAndCliqueAsTopographDoes() {
        ImportResult r = read("topograph-mnnvl-test-pdsh-clique-grep.txt");
        assertThat(hostsByDomain(r)).containsOnly(
                Map.entry("50000000-0000-0000-0000-000000000004.4000000005", List.of("node-07", "node-08")),
                Map.entry("50000000-0000-0000-0000-000000000005.4000000004", List.of("node-10")),
                Map.entry("50000000-0000-0000-0000-000000000005.4000000005", List.of("node-09")));
        assertThat(r.part().nvlink().ofHost("node-08").orElseThrow().cliqueId()).isEqualTo(4000000005L);
        assertThat(r.part().nvlink().all()).allMatch(d -> d.origin() == DomainOrigin.NVIDIA_SMI);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.diagnostics()).anyMatch(d -> d.message().contains("taken as registered"));
    }

    @Test
    void readsAWholeRackOfTraysIntoItsTwoCliques() {
        ImportResult r = read("gb200-nvl72-rack-two-cliques-pdsh-constructed.txt");
        assertThat(r.part().nvlink().all()).extracting(d -> d.hosts().size()).containsExactly(9, 9);
        assertThat(r.part().nvlink().ofHost("gb200-r1-10").orElseThrow().name())
                .isEqualTo("9c6f5af3-53bf-49b5-a436-b66766c413c3.4027");
        assertThat(r.diagnostics()).noneMatch(d -> d.severity() == Severity.WARNING);
    }

    @Test
    void keepsAnUnhealthyGpuInItsCliqueAndSaysWhereItWasUnhealthy() {
        ImportResult r = reader.read(TestSamples.load("nvidia-smi-q/gb200-unhealthy-grep-C3-dra-driver-626.txt"));
        assertThat(hostsByDomain(r)).containsOnlyKeys("dc6e40c4-d722-4357-9ba6-5291dd461278.2");
        assertThat(r.part().nvlink().all().get(0).hosts()).containsExactly("gb200-unhealthy-grep-C3-dra-driver-626");
        Diagnostic unhealthy = r.diagnostics().stream().filter(d -> d.message().contains("Unhealthy")).findFirst()
                .orElseThrow();
        assertThat(unhealthy.line()).isEqualTo(7);
        assertThat(unhealthy.column()).isEqualTo(45);
    }

    @Test
    void putsNoUnregisteredOrSingleNodeGpuInADomain() {
        ImportResult h100 = read("h100-sxm-8gpu-nvsmi-q-abridged-zero-uuid.txt");
        assertThat(h100.part().nvlink().isEmpty()).isTrue();
        int cliqueLine = h100.source().lines().indexOf(
                "        CliqueId                          : 0") + 1;
        assertThat(h100.diagnostics()).anyMatch(d -> d.message().contains("ClusterUUID all zero")
                && d.line() == cliqueLine);
        ImportResult resources = read("azhpc-insufficient-resources-fabric.txt");
        assertThat(resources.part().nvlink().isEmpty()).isTrue();
        assertThat(resources.diagnostics()).anyMatch(d -> d.message().contains("Insufficient Resources"));
        ImportResult progress = read("gpu-operator-2511-fabric-in-progress.txt");
        assertThat(progress.part().nvlink().isEmpty()).isTrue();
        assertThat(progress.diagnostics()).anyMatch(d -> d.message().contains("In Progress"));
        ImportResult gh200 = read("gh200-nvsmi-a-fabric-na.txt");
        assertThat(gh200.part().nvlink().isEmpty()).isTrue();
        assertThat(gh200.diagnostics()).noneMatch(d -> d.severity() == Severity.WARNING);
    }

    @Test
    void namesTheHostFromAShellPromptAboveTheOutput() {
        String text = "root@gb-07:~# nvidia-smi -q | grep -A4 Fabric\n"
                + TestSamples.load("nvidia-smi-q/gb200-unhealthy-grep-C3-dra-driver-626.txt").text();
        ImportResult r = reader.read(new SourceText("x.txt", text));
        assertThat(r.part().nvlink().all().get(0).hosts()).containsExactly("gb-07");
    }

    @Test
    void locatesAMalformedCliqueId() {
        String text = "n1:     Fabric\nn1:         State : Completed\nn1:         Status : Success\n"
                + "n1:         CliqueId : 12x\nn1:         ClusterUUID : 9c6f5af3-53bf-49b5-a436-b66766c413c3\n";
        ImportResult r = reader.read(new SourceText("bad.txt", text));
        Diagnostic d = r.diagnostics().stream().filter(x -> x.message().contains("12x")).findFirst().orElseThrow();
        assertThat(d.line()).isEqualTo(4);
        assertThat(d.column()).isEqualTo(text.lines().toList().get(3).indexOf("12x") + 1);
        assertThat(r.part().nvlink().isEmpty()).isTrue();
    }

    @Test
    void isDetectedAmongEveryFormat() {
        for (String f : List.of("topograph-mnnvl-test-pdsh-clique-grep.txt", "h100-sxm-8gpu-nvsmi-q-abridged-zero-uuid.txt",
                "gb200-unhealthy-grep-C3-dra-driver-626.txt")) {
            assertThat(FormatRegistry.standard().detect(TestSamples.load("nvidia-smi-q/" + f)).map(org.topoplanner.importers.FormatReader::format))
                    .as(f).contains(Format.NVIDIA_SMI_QUERY);
        }
    }

    @Test
    void readsBackTheDomainsItsWriterWrote() {
        ImportResult r = read("gb200-nvl72-rack-two-cliques-pdsh-constructed.txt");
        String written = NvidiaSmiFabricWriter.write(r.part().nvlink());
        assertThat(reader.read(new SourceText("w.txt", written)).part().nvlink()).isEqualTo(r.part().nvlink());
    }
}
