package org.topoplanner.model.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.slurm.SlurmVersion;

class ProjectCodecTest {
    private final ProjectCodec codec = new ProjectCodec();

    /** Whole documents: cluster, Slurm and Kubernetes settings, jobs with every option, placements, view. */
    @Property(tries = 500)
    void readsBackWhatItWrote(@ForAll("documents") ProjectDocument doc) throws Exception {
        String text = codec.write(doc);
        ProjectDocument back = codec.read(text, "p.json");
        assertThat(back).isEqualTo(doc);
        assertThat(codec.write(back)).isEqualTo(text);
    }

    @Provide
    Arbitrary<ProjectDocument> documents() {
        return ClusterGenerators.documents();
    }

    @Test
    void writesIdenticalNodeInsidesOnce() {
        ProjectDocument doc = ClusterGenerators.document(4, 6, 8, org.topoplanner.model.fabric.LinkSpeed.HDR, 1, 7);
        String text = codec.write(doc);
        assertThat(text).containsOnlyOnce("\"coreList\"");
    }

    @Test
    void savesAtomicallyAndLoadsTheSame(@TempDir Path dir) throws Exception {
        ProjectDocument doc = ClusterGenerators.document(2, 3, 4, org.topoplanner.model.fabric.LinkSpeed.NDR, 2, 11);
        Path file = dir.resolve("plan.topoplanner.json");
        Files.writeString(file, "old contents");
        codec.save(doc, file);
        assertThat(codec.load(file)).isEqualTo(doc);
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void refusesAFileOfANewerVersionWithAClearMessage() {
        String text = "{\n  \"schema\": \"topoplanner.project/2\",\n  \"cluster\": {}\n}\n";
        assertThatThrownBy(() -> codec.read(text, "new.json"))
                .isInstanceOfSatisfying(ProjectFormatException.class, e -> {
                    Diagnostic d = e.diagnostics().get(0);
                    assertThat(d.message()).contains("newer TopoPlanner").contains("topoplanner.project/2");
                    assertThat(d.line()).isEqualTo(2);
                    assertThat(d.path()).isEqualTo("new.json");
                });
    }

    @Test
    void reportsASyntaxErrorAtItsLineAndColumn() {
        String text = "{\n  \"schema\": \"topoplanner.project/1\",\n  \"cluster\": [ }\n";
        assertThatThrownBy(() -> codec.read(text, "bad.json"))
                .isInstanceOfSatisfying(ProjectFormatException.class, e -> {
                    assertThat(e.diagnostics().get(0).line()).isEqualTo(3);
                    assertThat(e.diagnostics().get(0).message()).startsWith("not a project file");
                });
    }

    @Test
    void locatesAnUndefinedNodeType() throws Exception {
        ProjectDocument doc = ClusterGenerators.document(1, 2, 2, org.topoplanner.model.fabric.LinkSpeed.HDR, 1, 3);
        String text = codec.write(doc).replaceFirst("\"nodeType\" : \"type-0\"", "\"nodeType\" : \"nope\"");
        assertThat(text).contains("\"nope\"");
        int expectedLine = (int) text.substring(0, text.indexOf("\"nope\"")).lines().count();
        assertThatThrownBy(() -> codec.read(text, "t.json"))
                .isInstanceOfSatisfying(ProjectFormatException.class, e -> {
                    assertThat(e.diagnostics().get(0).message()).contains("nope");
                    assertThat(e.diagnostics().get(0).line()).isEqualTo(expectedLine);
                });
    }

    /**
     * The Slurm release is saved with the project. A file written before it was (no {@code slurmVersion}
     * key) opens as 24.11: the window's default then, so its placements were made under 24.11's rules;
     * a new project is 26.05.
     */
    @Test
    void keepsTheSlurmVersionAndReadsAnOldProjectAs2411() throws Exception {
        ProjectDocument generated = ClusterGenerators.document(1, 2, 2, org.topoplanner.model.fabric.LinkSpeed.HDR, 1, 5);
        assertThat(ViewState.DEFAULT.slurmVersion()).isEqualTo(SlurmVersion.V26_05);
        ProjectDocument doc = new ProjectDocument(generated.cluster(), generated.jobs(), generated.placements(),
                generated.view().withSlurmVersion(SlurmVersion.DEFAULT));
        String text = codec.write(doc);
        assertThat(text).contains("\"slurmVersion\" : \"26.05\"");
        ViewState v = doc.view();
        ProjectDocument before = new ProjectDocument(doc.cluster(), doc.jobs(), doc.placements(),
                new ViewState(v.selection(), v.zoom(), v.centerX(), v.centerY(), v.policy(), v.theme()));
        String old = codec.write(before);
        assertThat(old).doesNotContain("slurmVersion").contains("\"theme\"");
        assertThat(codec.read(old, "old.json").view().slurmVersion()).isEqualTo(SlurmVersion.V24_11);
        ProjectDocument v22 = new ProjectDocument(doc.cluster(), doc.jobs(), doc.placements(),
                doc.view().withSlurmVersion(SlurmVersion.V22_05));
        assertThat(codec.read(codec.write(v22), "v22.json").view().slurmVersion()).isEqualTo(SlurmVersion.V22_05);
    }

    @Test
    void locatesAnUnknownSlurmVersion() {
        ProjectDocument generated = ClusterGenerators.document(1, 2, 2, org.topoplanner.model.fabric.LinkSpeed.HDR, 1, 5);
        ProjectDocument doc = new ProjectDocument(generated.cluster(), generated.jobs(), generated.placements(),
                generated.view().withSlurmVersion(SlurmVersion.V26_05));
        String text = codec.write(doc).replace("\"slurmVersion\" : \"26.05\"", "\"slurmVersion\" : \"23.02\"");
        int expectedLine = (int) text.substring(0, text.indexOf("\"23.02\"")).lines().count();
        assertThatThrownBy(() -> codec.read(text, "v.json"))
                .isInstanceOfSatisfying(ProjectFormatException.class, e -> {
                    Diagnostic d = e.diagnostics().get(0);
                    assertThat(d.message()).contains("unknown Slurm version \"23.02\"").contains("26.05, 24.11, 22.05");
                    assertThat(d.line()).isEqualTo(expectedLine);
                    assertThat(d.path()).isEqualTo("v.json");
                });
    }

    @Test
    void keepsNvlinkDomainsAndLocatesAnUnknownOrigin() throws Exception {
        ProjectDocument generated = ClusterGenerators.document(2, 3, 4, org.topoplanner.model.fabric.LinkSpeed.NDR, 1, 11);
        org.topoplanner.model.nvlink.NvlinkDomains domains = org.topoplanner.model.nvlink.NvlinkDomains.of(java.util.List.of(
                org.topoplanner.model.nvlink.NvlinkDomain.ofClique("a2221497-dbce-4964-8826-684c3694fd45", 2478,
                        java.util.List.of("n000", "n001", "n002"), org.topoplanner.model.nvlink.DomainOrigin.CLIQUE_LABEL)
                        .withDesign(org.topoplanner.model.nvlink.RackDesign.GB300_NVL72)));
        ProjectDocument doc = new ProjectDocument(generated.cluster().withNvlink(domains), generated.jobs(),
                generated.placements(), generated.view());
        String text = codec.write(doc);
        assertThat(codec.read(text, "nv.json").cluster().nvlink()).isEqualTo(domains);
        String bad = text.replace("\"origin\" : \"CLIQUE_LABEL\"", "\"origin\" : \"GUESS\"");
        int expectedLine = (int) bad.substring(0, bad.indexOf("\"GUESS\"")).lines().count();
        assertThatThrownBy(() -> codec.read(bad, "nv.json"))
                .isInstanceOfSatisfying(ProjectFormatException.class, e -> {
                    assertThat(e.diagnostics().get(0).message()).contains("GUESS");
                    assertThat(e.diagnostics().get(0).line()).isEqualTo(expectedLine);
                });
    }

    @Test
    void refusesJsonThatIsNotAProject() {
        assertThatThrownBy(() -> codec.read("{\"kind\": \"HyperNode\"}", "x.json"))
                .isInstanceOf(ProjectFormatException.class).hasMessageContaining("not a TopoPlanner project");
        assertThatThrownBy(() -> codec.read("[1,2]", "x.json")).isInstanceOf(ProjectFormatException.class);
        assertThatThrownBy(() -> codec.read("", "x.json")).isInstanceOf(ProjectFormatException.class);
    }

    @Property(tries = 200)
    void neverThrowsAnythingButProjectFormatExceptionOnMutatedInput(@ForAll("mutations") String text) {
        try {
            codec.read(text, "m.json");
        } catch (ProjectFormatException e) {
            assertThat(e.diagnostics()).allSatisfy(d -> assertThat(d.line()).isPositive());
        }
    }

    @Provide
    Arbitrary<String> mutations() {
        String base = codec.write(ClusterGenerators.document(2, 2, 2, org.topoplanner.model.fabric.LinkSpeed.HDR, 1, 5));
        return net.jqwik.api.Arbitraries.integers().between(0, base.length() - 1).tuple3()
                .map(t -> {
                    int a = Math.min(t.get1(), t.get2());
                    int b = Math.max(t.get1(), t.get2());
                    return switch (t.get3() % 3) {
                        case 0 -> base.substring(0, a);
                        case 1 -> base.substring(0, a) + base.substring(b);
                        default -> base.substring(0, a) + "\"x\":[" + base.substring(a);
                    };
                });
    }
}
