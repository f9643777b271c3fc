package org.topoplanner.importers.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.Samples;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * Rules applied to imported fabrics (samples/ibsim, copies of ../shared/fabrics/ibsim) with the
 * shipped templates and sample node files (samples/hwloc, samples/nvidia-smi).
 */
class HardwareAssignmentTest {
    private final HardwareTemplates templates = new ShippedTemplates();
    private final NodeTopology h100 = ShippedData.template(NodeTemplate.HGX_H100_SXM);
    private final NodeTopology workstation = ShippedData.template(NodeTemplate.WORKSTATION_4GPU);

    @TempDir
    Path dir;

    private static Cluster fabric(String sample) {
        return ClusterImport.standard().importTexts(List.of(Samples.load(sample)), Optional.empty()).cluster();
    }

    private Path copy(String sample) throws IOException {
        Path p = dir.resolve(Path.of(sample).getFileName().toString());
        Files.writeString(p, Samples.load(sample).text());
        return p;
    }

    private HardwareRule rule(String text) throws HardwareRuleException {
        return HardwareRule.parse(text, templates);
    }

    private static List<Diagnostic> of(HardwareResult r, Severity s) {
        return r.diagnostics().stream().filter(d -> d.severity() == s).toList();
    }

    @Test
    void aTemplateForEveryHostGivesEachItsInsideAndLeavesNoWarning() throws Exception {
        Cluster bare = fabric("ibsim/example-32.ibnetdiscover");
        assertThat(HardwareTotals.of(bare).gpus()).isZero();

        HardwareResult r = new HardwareAssignment(List.of(rule("node[001-032]=hgx-h100-sxm")))
                .apply(bare, ExistingHardware.KEEP);

        assertThat(r.diagnostics()).isEmpty();
        assertThat(r.cluster().hostNames()).isEqualTo(bare.hostNames());
        assertThat(r.cluster().fabric()).isSameAs(bare.fabric());
        HardwareTotals t = r.totals();
        assertThat(t.hosts()).isEqualTo(32);
        assertThat(t.gpus()).isEqualTo(32 * h100.gpus().size());
        assertThat(t.cores()).isEqualTo(32L * h100.cores());
        assertThat(t.cpus()).isEqualTo(32L * h100.threads());
        assertThat(r.cluster().node("node017")).isEqualTo(h100);
        assertThat(HardwareTotals.of(bare).gpus()).as("the input cluster is not changed").isZero();
    }

    @Test
    void hostsLeftWithoutHardwareAreNamedInOneWarningWithTheirHostlist() throws Exception {
        Cluster bare = fabric("ibsim/example-32.ibnetdiscover");

        HardwareResult r = new HardwareAssignment(List.of(rule("node[001-016]=hgx-h100-sxm")))
                .apply(bare, ExistingHardware.KEEP);

        assertThat(of(r, Severity.WARNING)).hasSize(1);
        assertThat(of(r, Severity.WARNING).get(0).message()).startsWith("16 of the 32 hosts have no hardware")
                .contains("node[017-032]");
        assertThat(HardwareAssignment.none().apply(bare, ExistingHardware.KEEP).diagnostics()).singleElement()
                .satisfies(d -> assertThat(d.message()).startsWith("32 of the 32 hosts").contains("node[001-032]"));
    }

    @Test
    void aLaterRuleRefinesAnEarlierOneAtTheSameLevel() throws Exception {
        HardwareResult r = new HardwareAssignment(List.of(rule("node[001-032]=hgx-h100-sxm"),
                rule("node[001-004]=workstation-4gpu"))).apply(fabric("ibsim/example-32.ibnetdiscover"),
                ExistingHardware.KEEP);

        assertThat(r.cluster().node("node004")).isEqualTo(workstation);
        assertThat(r.cluster().node("node005")).isEqualTo(h100);
        assertThat(r.totals().gpus()).isEqualTo(4 * 4 + 28 * 8);
    }

    @Test
    void aFileNamingTheHostWinsOverAFileForTheSetWhichWinsOverATemplateWhateverTheOrder() throws Exception {
        Cluster bare = new Cluster("c", new FabricBuilder().addHost("hgx-test-01").addHost("hgx-test-02")
                .addHost("hgx-test-03").build(), java.util.Map.of(), java.util.Map.of(), null, null);
        Path hwloc = copy("hwloc/generated/hgx-like-2s-4gpu-4nic-2nvswitch-lstopo-2.9-v2.xml");
        Path smi = copy("nvidia-smi/a100-sxm4-epyc7742-nps4-10nic.txt");

        HardwareResult r = new HardwareAssignment(List.of(rule("hgx-test-[01-03]=" + hwloc),
                rule("hgx-test-[01-02]=" + smi), rule("hgx-test-[01-03]=workstation-4gpu")))
                .apply(bare, ExistingHardware.KEEP);

        assertThat(of(r, Severity.ERROR)).isEmpty();
        assertThat(r.cluster().node("hgx-test-01").gpus()).as("hwloc naming the host").hasSize(4);
        assertThat(r.cluster().node("hgx-test-01").cores()).isNotNull();
        assertThat(r.cluster().node("hgx-test-02").gpus()).as("nvidia-smi for the set").hasSize(8);
        assertThat(r.cluster().node("hgx-test-03")).as("the template").isEqualTo(workstation);
        assertThat(r.diagnostics()).noneMatch(d -> d.message().contains("no hardware"));
    }

    @Test
    void aDumpOfOneMachineOutsideTheHostlistDescribesTheRulesHostsAsANodeType() throws Exception {
        Path hwloc = copy("hwloc/generated/hgx-like-2s-4gpu-4nic-2nvswitch-lstopo-2.9-v2.xml");

        HardwareResult r = new HardwareAssignment(List.of(rule("node[001-032]=" + hwloc)))
                .apply(fabric("ibsim/example-32.ibnetdiscover"), ExistingHardware.KEEP);

        assertThat(r.totals().gpus()).isEqualTo(32 * 4);
        assertThat(of(r, Severity.INFO)).singleElement().satisfies(d -> assertThat(d.message())
                .contains("describes host hgx-test-01, which is not in node[001-032]"));
    }

    @Test
    void keepLetsTheClustersOwnHardwareWinAndReplaceOverridesIt() throws Exception {
        Cluster described = new HardwareAssignment(List.of(rule("node[001-032]=hgx-h100-sxm")))
                .apply(fabric("ibsim/example-32.ibnetdiscover"), ExistingHardware.KEEP).cluster();
        HardwareAssignment toWorkstations = new HardwareAssignment(List.of(rule("node[001-008]=workstation-4gpu")));

        HardwareResult kept = toWorkstations.apply(described, ExistingHardware.KEEP);
        HardwareResult replaced = toWorkstations.apply(described, ExistingHardware.REPLACE);

        assertThat(kept.cluster().node("node001")).isEqualTo(h100);
        assertThat(of(kept, Severity.INFO)).singleElement().satisfies(d -> assertThat(d.message())
                .startsWith("8 host(s) keep the inside").contains("node[001-008]"));
        assertThat(replaced.cluster().node("node001")).isEqualTo(workstation);
        assertThat(replaced.cluster().node("node009")).isEqualTo(h100);
        assertThat(of(replaced, Severity.INFO)).singleElement().satisfies(d -> assertThat(d.message())
                .startsWith("8 host(s) had an inside").contains("node[001-008]"));
    }

    @Test
    void aRuleMatchingNoHostIsAnErrorAndOneMatchingSomeIsAWarning() throws Exception {
        Cluster bare = fabric("ibsim/example-32.ibnetdiscover");

        HardwareResult none = new HardwareAssignment(List.of(rule("gpu[1-4]=hgx-h100-sxm"))).apply(bare,
                ExistingHardware.KEEP);
        HardwareResult some = new HardwareAssignment(List.of(rule("node[031-040]=hgx-h100-sxm"))).apply(bare,
                ExistingHardware.KEEP);

        assertThat(of(none, Severity.ERROR)).singleElement().satisfies(d -> {
            assertThat(d.path()).isEqualTo("--hardware gpu[1-4]=hgx-h100-sxm");
            assertThat(d.message()).contains("none of the 4 host(s) of gpu[1-4] is in the cluster")
                    .contains("node[001-032]");
        });
        assertThat(of(some, Severity.WARNING)).anySatisfy(d -> assertThat(d.message())
                .isEqualTo("8 of the 10 hosts of node[031-040] are not in the cluster: node[033-040]"));
        assertThat(some.cluster().node("node031")).isEqualTo(h100);
    }

    @Test
    void aFileThatDescribesNoNodeIsAnError() throws Exception {
        Path fabricFile = copy("ibsim/example-32.ibnetdiscover");

        HardwareResult r = new HardwareAssignment(List.of(rule("node[001-032]=" + fabricFile)))
                .apply(fabric("ibsim/example-32.ibnetdiscover"), ExistingHardware.KEEP);

        assertThat(of(r, Severity.ERROR)).singleElement().satisfies(d -> assertThat(d.message())
                .endsWith("example-32.ibnetdiscover describes no node inside (no GPUs, CPUs or NICs)"));
    }

    @Test
    void badRulesAreLocated() {
        assertThatThrownBy(() -> rule("node[001-032]")).isInstanceOfSatisfying(HardwareRuleException.class,
                e -> assertThat(e.column()).isEqualTo(1));
        assertThatThrownBy(() -> rule("node[001-=hgx-h100-sxm")).isInstanceOfSatisfying(HardwareRuleException.class,
                e -> {
                    assertThat(e.reason()).startsWith("bad hostlist");
                    assertThat(e.column()).isBetween(5, 10);
                });
        assertThatThrownBy(() -> rule("node[001-032]= hgx-b200")).isInstanceOfSatisfying(
                HardwareRuleException.class, e -> {
                    assertThat(e.column()).isEqualTo(16);
                    assertThat(e.reason()).contains("'hgx-b200' is neither a template id (hgx-h100-sxm, ")
                            .contains("nor an existing file");
                    assertThat(e.toDiagnostic().toString())
                            .startsWith("--hardware node[001-032]= hgx-b200:1:16: error: ");
                });
        assertThatThrownBy(() -> rule("=hgx-h100-sxm")).isInstanceOf(HardwareRuleException.class);
        assertThatThrownBy(() -> rule("node1=")).isInstanceOfSatisfying(HardwareRuleException.class,
                e -> assertThat(e.column()).isEqualTo(7));
    }

    @Test
    void anUnreadableFileIsAnErrorOfTheRuleNotAnException() throws Exception {
        Path garbage = dir.resolve("garbage.txt");
        Files.writeString(garbage, "this is not a node description\n");

        HardwareResult r = new HardwareAssignment(List.of(rule("node001=" + garbage)))
                .apply(fabric("ibsim/example-32.ibnetdiscover"), ExistingHardware.KEEP);

        assertThat(r.hasErrors()).isTrue();
        assertThat(of(r, Severity.ERROR)).anySatisfy(d -> assertThat(d.message()).startsWith("unknown format"));
    }

    @Test
    void aFolderOfPerHostDumpsGivesEachHostItsOwnAndNamesTheHostsItMisses() throws Exception {
        Path dumps = java.nio.file.Files.createDirectories(dir.resolve("dumps"));
        Files.writeString(dumps.resolve("a.xml"), Samples.load(
                "hwloc/generated/hgx-like-2s-4gpu-4nic-2nvswitch-lstopo-2.9-v2.xml").text());
        Files.writeString(dumps.resolve("b.xml"), Samples.load("hwloc/generated/dev-vm-2cpu-virtio-lstopo-2.9-v2.xml")
                .text());
        Cluster bare = new Cluster("c", new FabricBuilder().addHost("hgx-test-01").addHost("vm").addHost("spare")
                .build(), java.util.Map.of(), java.util.Map.of(), null, null);

        HardwareResult r = new HardwareAssignment(List.of(rule("hgx-test-01,vm,spare=" + dumps)))
                .apply(bare, ExistingHardware.KEEP);

        assertThat(r.cluster().node("hgx-test-01").gpus()).hasSize(4);
        assertThat(r.cluster().node("vm").cores()).isEqualTo(2);
        assertThat(of(r, Severity.WARNING)).extracting(Diagnostic::message).anySatisfy(m -> assertThat(m)
                .endsWith("does not describe 1 host(s) of hgx-test-01,vm,spare: spare"))
                .anySatisfy(m -> assertThat(m).startsWith("1 of the 3 hosts have no hardware").endsWith(
                        "(a template id from `topoplanner templates`, or a file describing the node)"));
    }
}
