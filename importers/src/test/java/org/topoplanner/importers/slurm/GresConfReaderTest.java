package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.GresLine;

/** Expected values were read off the sample files (see src/test/resources/samples/PROVENANCE.md). */
class GresConfReaderTest {
    private final GresConfReader reader = new GresConfReader();

    private ImportResult read(String sample) {
        return reader.read(TestSamples.text("slurm/" + sample));
    }

    @Test
    void readsDeprecatedCpusAsCoresWithHyperthreadSiblings() {
        ImportResult r = read("gres-lambda-8gpu-cpus-affinity.conf.txt");
        List<GresLine> gres = r.part().slurm().gres();
        assertThat(gres).hasSize(8);
        assertThat(gres).extracting(GresLine::cores).containsExactly("0-15,32-47", "0-15,32-47", "0-15,32-47",
                "0-15,32-47", "16-31,48-63", "16-31,48-63", "16-31,48-63", "16-31,48-63");
        assertThat(gres.get(5).files()).containsExactly("/dev/nvidia5");
        assertThat(gres.get(0).nodes()).containsExactly("lambda");
        NodeTopology lambda = r.part().nodes().get("lambda");
        assertThat(lambda.gpus()).extracting(Gpu::id).containsExactly("GPU0", "GPU1", "GPU2", "GPU3", "GPU4",
                "GPU5", "GPU6", "GPU7");
        assertThat(lambda.gpus()).allMatch(g -> g.numaNodes().isEmpty() && g.cpus().isEmpty());
        assertThat(r.part().unnamedHost()).isNull();
        assertThat(r.diagnostics()).filteredOn(x -> x.message().contains("CPUs= is the deprecated spelling"))
                .hasSize(8).allMatch(x -> x.severity() == Severity.INFO && x.column() == 44);
    }

    @Test
    void readsAutoDetectNvidiaAndATypeWithHyphensAndDigits() {
        ImportResult r = read("gres-autodetect-nvidia-v100-type.conf.txt");
        assertThat(r.part().slurm().keys()).containsEntry("AutoDetect", "nvidia");
        GresLine g = r.part().slurm().gres().get(0);
        assertThat(g.type()).isEqualTo("tesla_v100-sxm2-32gb");
        assertThat(g.nodes()).containsExactly("gpu01");
        assertThat(r.part().nodes().get("gpu01").gpus()).singleElement()
                .satisfies(x -> assertThat(x.model()).isEqualTo("tesla_v100-sxm2-32gb"));
        assertThat(r.diagnostics()).noneMatch(x -> x.severity() != Severity.INFO);
    }

    @Test
    void autoDetectAloneListsNoGpusAndSkipsTheCommentedLine() {
        ImportResult r = read("gres-autodetect-nvml-commented-line.conf.txt");
        assertThat(r.part().slurm().gres()).isEmpty();
        assertThat(r.part().slurm().keys()).containsEntry("AutoDetect", "nvml");
        assertThat(r.part().nodes()).isEmpty();
        assertThat(r.diagnostics()).extracting(Diagnostic::message)
                .anyMatch(m -> m.contains("AutoDetect lets slurmd find the GPUs itself"));
    }

    @Test
    void toleratesADoubleSpaceAndATrailingBlankLine() {
        ImportResult r = read("gres-double-space-commented-autodetect.conf.txt");
        GresLine g = r.part().slurm().gres().get(0);
        assertThat(g.type()).isEqualTo("tesla");
        assertThat(g.files()).containsExactly("/dev/nvidia0", "/dev/nvidia1", "/dev/nvidia2");
        assertThat(r.part().nodes().get("localhost").gpus()).hasSize(3);
        assertThat(r.part().slurm().keys()).doesNotContainKey("AutoDetect");
        assertThat(r.diagnostics()).isEmpty();
    }

    @Test
    void aLineWithoutNodeNameDescribesOneUnnamedHost() {
        ImportResult r = read("gres-bare-range-0-9.conf.txt");
        String host = r.part().unnamedHost();
        assertThat(host).isEqualTo("gres-bare-range-0-9.conf.txt");
        NodeTopology n = r.part().nodes().get(host);
        assertThat(n.gpus()).hasSize(10);
        assertThat(n.gpus().get(9).model()).isNull();
        assertThat(r.part().slurm().gres().get(0).files()).hasSize(10).endsWith("/dev/nvidia9");
    }

    @Test
    void readsARenderNodeDevicePath() {
        ImportResult r = read("gres-jetson-orin-dri-render.conf.txt");
        GresLine g = r.part().slurm().gres().get(0);
        assertThat(g.files()).containsExactly("/dev/dri/renderD128");
        assertThat(g.type()).isEqualTo("orin");
        assertThat(r.part().nodes().get(r.part().unnamedHost()).gpus()).hasSize(1);
    }

    @Test
    void readsBracketedCpuLists() {
        ImportResult r = read("gres-schedmd-test-semicompact-cpus-brackets.conf.txt");
        assertThat(r.part().slurm().gres()).extracting(GresLine::cores).containsExactly("0-3", "4-7");
        assertThat(r.part().slurm().gres().get(1).files()).containsExactly("/dev/tty4", "/dev/tty5", "/dev/tty6",
                "/dev/tty7");
        assertThat(r.part().nodes().get(r.part().unnamedHost()).gpus()).hasSize(8);
    }

    @Test
    void turnsLinksRowsIntoNvlinksOfThatLaneCount() {
        ImportResult r = reader.read(TestSamples.text("oracle/links/gres.conf"));
        NodeTopology lk1 = r.part().nodes().get("lk1");
        assertThat(lk1.nvlinkLanes("GPU0", "GPU3")).isEqualTo(4);
        assertThat(lk1.nvlinkLanes("GPU1", "GPU2")).isEqualTo(4);
        assertThat(lk1.nvlinkLanes("GPU0", "GPU1")).isZero();
        assertThat(lk1.links()).hasSize(2);
        NodeTopology lk3 = r.part().nodes().get("lk3");
        assertThat(lk3.gpus()).hasSize(8);
        assertThat(lk3.links()).hasSize(4).allMatch(l -> l.count() == 4);
        assertThat(lk3.nvlinkLanes("GPU2", "GPU6")).isEqualTo(4);
        assertThat(r.part().nodes().get("lk2").links()).isEmpty();
        assertThat(r.diagnostics()).noneMatch(x -> x.severity() == Severity.WARNING);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Name=gpu File=/dev/nvidia0 Links=-1,4,-1         | 1 | 34 | 2 entries of -1
            Name=gpu File=/dev/nvidia0 Links=-1,x            | 1 | 34 | is not a weight
            Name=gpu Count=3 File=/dev/nvidia[0-1]           | 1 | 16 | Count=3 but File= names 2
            Name=gpu Count=2                                 | 1 | 1  | without File=
            NodeName=n[1-x] Name=gpu File=/dev/nvidia0       | 1 | 10 | invalid NodeName hostlist
            Name=gpu File=/dev/nvidia0 Cores=a-b             | 1 | 34 | not a core list
            Name=gpu File=/dev/nvidia0 Colour=blue           | 1 | 28 | unknown gres.conf key 'Colour'
            AutoDetect=cuda                                  | 1 | 12 | unknown AutoDetect='cuda'
            Type=a100 File=/dev/nvidia0                      | 1 | 1  | no Name=
            """)
    void warnsWhereSlurmWouldComplain(String line, int lineNo, int column, String message) {
        ImportResult r = reader.read(new SourceText("g.conf", line));
        assertThat(r.diagnostics()).filteredOn(x -> x.message().contains(message)).singleElement()
                .satisfies(x -> {
                    assertThat(x.line()).isEqualTo(lineNo);
                    assertThat(x.column()).isEqualTo(column);
                    assertThat(x.path()).isEqualTo("g.conf");
                });
    }

    @Test
    void readsMigTypesWithDotsAndNullLinks() {
        ImportResult r = reader.read(new SourceText("g.conf",
                "NodeName=a100n1 Name=gpu Type=1g.10gb File=/dev/nvidia-caps/nvidia-cap21 Links=(null) # mig\n"));
        GresLine g = r.part().slurm().gres().get(0);
        assertThat(g.type()).isEqualTo("1g.10gb");
        assertThat(g.links()).isEmpty();
        assertThat(g.files()).containsExactly("/dev/nvidia-caps/nvidia-cap21");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            gres-lambda-8gpu-cpus-affinity.conf.txt              | 90
            gres-bare-range-0-9.conf.txt                         | 90
            gres-autodetect-nvml-commented-line.conf.txt         | 90
            slurm-conf-h800-nodename-nodeaddr-range-excerpt.txt  | 0
            """)
    void detectsGresConfByContent(String sample, int score) {
        assertThat(reader.detect(TestSamples.text("slurm/" + sample))).isEqualTo(score);
    }

    @Test
    void doesNotTakeSlurmdOutputOrTopologyForGresConf() {
        assertThat(reader.detect(TestSamples.text("oracle/slurmd-g/slurmd-G-24.11-ok.txt"))).isZero();
        assertThat(reader.detect(TestSamples.text("oracle/tree32/topology.conf"))).isZero();
    }

    @Test
    void locatesALinksRowOnItsContinuationLine() {
        // Found by SlurmReadersFuzzTest (seed 7268225144549037438): the value's column was paired with the
        // line the logical line starts on, so the column ran past that line's end.
        String text = "NodeName=lk1 Name=gpu \\\n  File=/dev/nvidia0 Cores=0-31 Links=-1,0,0,4\n";
        ImportResult r = reader.read(new SourceText("gres.conf", text));
        Diagnostic links = r.diagnostics().stream().filter(d -> d.message().startsWith("Links= has")).findFirst()
                .orElseThrow();
        assertThat(links.line()).isEqualTo(2);
        assertThat(links.column()).isEqualTo(text.lines().toList().get(1).indexOf("-1,0") + 1);
    }
}
