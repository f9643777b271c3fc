package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.GresLine;

class SlurmdGresReaderTest {
    private final SlurmdGresReader reader = new SlurmdGresReader();

    @Test
    void readsRealSlurm2205OutputWithItsBareNullLinks() {
        ImportResult r = reader.read(TestSamples.text("oracle/slurmd-g/slurmd-G-22.05-ok.txt"));
        GresLine g = r.part().slurm().gres().get(0);
        assertThat(g.name()).isEqualTo("gpu");
        assertThat(g.type()).isNull();
        assertThat(g.count()).isEqualTo(2L);
        assertThat(g.files()).containsExactly("/tmp/slurm-oracle.63gt5hiw/fakedev/dev_nvidia0",
                "/tmp/slurm-oracle.63gt5hiw/fakedev/dev_nvidia1");
        assertThat(g.links()).isEmpty();
        NodeTopology n = r.part().nodes().get(r.part().unnamedHost());
        assertThat(n.gpus()).hasSize(2);
        assertThat(r.diagnostics()).isEmpty();
    }

    @Test
    void readsRealSlurm2411OutputAndPassesOnItsErrors() {
        ImportResult r = reader.read(TestSamples.text("oracle/slurmd-g/slurmd-G-24.11-ok.txt"));
        GresLine g = r.part().slurm().gres().get(0);
        assertThat(g.flags()).isEqualTo("HAS_FILE,ENV_NVML,ENV_RSMI,ENV_ONEAPI,ENV_OPENCL,ENV_DEFAULT");
        assertThat(g.links()).isEmpty();
        assertThat(r.part().nodes().get(r.part().unnamedHost()).gpus()).hasSize(2);
        assertThat(r.diagnostics()).extracting(d -> d.line() + " " + d.severity())
                .containsExactly("1 WARNING", "2 WARNING");
        assertThat(r.diagnostics().get(0).column()).isEqualTo(9);
    }

    @Test
    void joinsHardWrappedRecordsAndReadsCoresAndLinks() {
        String text = """
                slurmd: Gres Name=gpu Type=h100 Count=1 Index=0 ID=7696487 File=/dev/nvidia0 Cores=0-47 CoreCnt=96 Links=-1,18,
                18,18 Flags=HAS_FILE,HAS_TYPE,ENV_NVML
                slurmd: Gres Name=gpu Type=h100 Count=1 Index=1 ID=7696487 File=/dev/nvidia1 Cores=0-47 CoreCnt=96
                Links=18,-1,18,18 Flags=HAS_FILE,HAS_TYPE,ENV_NVML
                slurmd: Gres Name=gpu Type=h100 Count=1 Index=2 ID=7696487 File=/dev/nvi
                dia2 Cores=48-95 CoreCnt=96 Links=18,18,-1,18 Flags=HAS_FILE,HAS_TYPE,ENV_NVML
                slurmd: Gres Name=gpu Type=h100 Count=1 Index=3 ID=7696487 File=/dev/nvidia3 Cores=48-95 CoreCnt=96 Links=18,18,18,-1 Flags=HAS_FILE,HAS_TYPE,ENV_NVML
                """;
        ImportResult r = reader.read(new SourceText("g.txt", text));
        assertThat(r.part().slurm().gres()).extracting(GresLine::files).extracting(f -> f.get(0))
                .containsExactly("/dev/nvidia0", "/dev/nvidia1", "/dev/nvidia2", "/dev/nvidia3");
        assertThat(r.part().slurm().gres().get(0).links()).containsExactly(-1, 18, 18, 18);
        assertThat(r.part().slurm().gres().get(3).cores()).isEqualTo("48-95");
        NodeTopology n = r.part().nodes().get("g.txt");
        assertThat(n.links()).hasSize(6).allMatch(l -> l.count() == 18);
        assertThat(n.gpus()).extracting(x -> x.model()).containsOnly("h100");
        assertThat(r.diagnostics()).isEmpty();
    }

    @Test
    void saysSoWhenThereIsNoGresRecord() {
        ImportResult r = reader.read(new SourceText("x.txt", "slurmd: Gres Name=gpu Type=(null) Count=2\n"
                .replace("Gres Name", "gres name")));
        assertThat(r.diagnostics()).singleElement().satisfies(d -> assertThat(d.severity()).isEqualTo(Severity.ERROR));
        assertThat(r.part().nodes()).isEmpty();
    }

    @Test
    void detectsSlurmdOutputOnly() {
        assertThat(reader.detect(TestSamples.text("oracle/slurmd-g/slurmd-G-22.05-ok.txt"))).isEqualTo(95);
        assertThat(reader.detect(TestSamples.text("oracle/tree32/gres.conf"))).isZero();
    }
}
