package org.topoplanner.model.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.k8s.VolcanoMode;

/** The policy settings a project keeps beside the policy, readable by older and newer versions alike. */
class PolicySettingsJsonTest {
    private final ProjectCodec codec = new ProjectCodec();
    private final ProjectDocument plain = ClusterGenerators.document(1, 2, 2, LinkSpeed.HDR, 1, 3);

    private ProjectDocument withView(ViewState v) {
        return new ProjectDocument(plain.cluster(), plain.jobs(), plain.placements(), v);
    }

    private static ViewState view(String policy, PolicySettings s) {
        return new ViewState("leaf0", 2.0, 10, 20, policy, "dark", s);
    }

    @Test
    void everySpellingOfEverySettingReadsBack() throws Exception {
        for (TopologyManagerPolicy tm : TopologyManagerPolicy.values()) {
            for (TopologyManagerScope scope : TopologyManagerScope.values()) {
                for (VolcanoMode volcano : VolcanoMode.values()) {
                    for (KueueMode kueue : KueueMode.values()) {
                        TopologyConstraints t = TopologyConstraints.NONE.withVolcano(volcano, 2)
                                .withKueue(kueue, kueue.takesLevel() ? "topoplanner.org/tier-1" : null);
                        ProjectDocument doc = withView(view("k8s-default", new PolicySettings(SlurmVersion.V22_05, tm, scope, t)));
                        String text = codec.write(doc);
                        assertThat(text).contains("\"topologyManagerPolicy\" : \"" + tm.flag() + "\"")
                                .contains("\"mode\" : \"" + volcano.word() + "\"");
                        assertThat(codec.read(text, "p.json")).isEqualTo(doc);
                    }
                }
            }
        }
    }

    @Test
    void aProjectSavedBeforeSettingsWereKeptOpensWithoutThemAndIsWrittenAsBefore() throws Exception {
        ProjectDocument old = withView(view("slurm-tree", null));
        String text = codec.write(old);
        assertThat(text).doesNotContain("policySettings").contains("\"policy\" : \"slurm-tree\"");
        ProjectDocument back = codec.read(text, "old.json");
        assertThat(back.view().settings()).isNull();
        assertThat(back.view().policy()).isEqualTo("slurm-tree");
        assertThat(codec.write(back)).isEqualTo(text);
    }

    @Test
    void aNewerProjectKeepsThePolicyWhereOlderVersionsReadIt() throws Exception {
        PolicySettings s = new PolicySettings(SlurmVersion.V24_11, TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD,
                TopologyConstraints.NONE.withKueue(KueueMode.REQUIRED, "topoplanner.org/tier-1"));
        String text = codec.write(withView(view("planner", s)));
        // what an older version reads: the same view without the object it does not know
        String asOld = text.replaceAll("(?s),\\s*\"policySettings\" : \\{.*?\"kueue\" : \\{[^}]*\\}\\s*\\}", "");
        assertThat(asOld).doesNotContain("policySettings");
        ViewState seen = codec.read(asOld, "new.json").view();
        assertThat(seen).isEqualTo(view("planner", null));
    }

    @Test
    void missingSettingsTakeTheKubeletsDefaults() throws Exception {
        String text = codec.write(withView(view("volcano", new PolicySettings(null, TopologyManagerPolicy.NONE,
                TopologyManagerScope.CONTAINER, TopologyConstraints.NONE))));
        String sparse = text.replaceAll("(?s)\"policySettings\" : \\{.*?\"kueue\" : \\{[^}]*\\}\\s*\\}",
                "\"policySettings\" : { }");
        PolicySettings read = codec.read(sparse, "p.json").view().settings();
        assertThat(read).isEqualTo(new PolicySettings(null, TopologyManagerPolicy.DEFAULT, TopologyManagerScope.DEFAULT,
                TopologyConstraints.NONE));
    }

    @Test
    void anUnknownSpellingIsReportedWhereItIs() {
        String text = codec.write(withView(view("k8s-default", new PolicySettings(SlurmVersion.V24_11,
                TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.POD, TopologyConstraints.NONE))))
                .replace("\"best-effort\"", "\"besteffort\"");
        int line = (int) text.substring(0, text.indexOf("\"besteffort\"")).lines().count();
        assertThatThrownBy(() -> codec.read(text, "p.json")).isInstanceOfSatisfying(ProjectFormatException.class, e -> {
            Diagnostic d = e.diagnostics().get(0);
            assertThat(d.message()).contains("none, best-effort, restricted, single-numa-node").contains("besteffort");
            assertThat(d.line()).isEqualTo(line);
            assertThat(d.path()).isEqualTo("p.json");
        });
    }

    @Test
    void aRequiredKueueTopologyWithoutALevelIsReportedAtTheLevel() {
        String text = codec.write(withView(view("kueue-tas", new PolicySettings(SlurmVersion.V24_11, TopologyManagerPolicy.NONE,
                TopologyManagerScope.CONTAINER, TopologyConstraints.NONE.withKueue(KueueMode.REQUIRED, "rack")))))
                .replace("\"rack\"", "null");
        assertThatThrownBy(() -> codec.read(text, "p.json")).isInstanceOfSatisfying(ProjectFormatException.class,
                e -> assertThat(e.diagnostics().get(0).message()).contains("needs a level").contains("/view/policySettings/kueue/level"));
    }
}
