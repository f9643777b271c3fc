package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.k8s.VolcanoMode;

/** Options take the settings by the words the kubelet, Volcano and the catalog use, and --help lists them. */
class SettingWordsTest {
    @Test
    void helpListsEveryValueOfTheEnums() {
        String place = help("place");
        assertThat(place).contains("Placement policy: " + String.join(", ", PolicyId.ids()) + ".")
                .contains("policy: " + String.join(", ", TopologyManagerPolicy.flags()) + " (default none)")
                .contains("scope: " + String.join(", ", TopologyManagerScope.flags()) + " (default container)")
                .contains("mode: hard, soft (default hard)");
        assertThat(help("export")).contains(String.join(", ", TopologyManagerPolicy.flags()));
        assertThat(help("validate")).contains(String.join(", ", PolicyId.ids()));
    }

    /** The help text with its line breaks undone, as picocli wraps descriptions at any space. */
    private static String help(String command) {
        return CommandLineTest.run(command, "--help").out().replaceAll("\\s+", " ");
    }

    @Test
    void aWrongValueIsAUsageErrorNamingTheRightOnes() {
        CommandLineTest.Run tm = CommandLineTest.run("place", "--example", "--policy", "planner", "--tm-policy", "strict",
                "--", "-N", "1");
        assertThat(tm.code()).isEqualTo(2);
        assertThat(tm.err()).contains("--tm-policy").contains("'strict' is not one of none, best-effort, restricted,"
                + " single-numa-node").doesNotContain("Exception");
        CommandLineTest.Run policy = CommandLineTest.run("place", "--example", "--policy", "slurm", "--", "-N", "1");
        assertThat(policy.code()).isEqualTo(2);
        assertThat(policy.err()).contains("'slurm' is not one of slurm-tree, slurm-block, k8s-default, kueue-tas,"
                + " volcano, planner");
        CommandLineTest.Run scope = CommandLineTest.run("export", "--example", "--out", "unused", "--tm-policy",
                "restricted", "--tm-scope", "Pod");
        assertThat(scope.code()).isEqualTo(2);
        assertThat(scope.err()).contains("'Pod' is not one of container, pod");
        CommandLineTest.Run mode = CommandLineTest.run("compare", "--example", "--volcano-mode", "HARD", "--", "-N", "1");
        assertThat(mode.code()).isEqualTo(2);
        assertThat(mode.err()).contains("'HARD' is not one of hard, soft");
    }

    @Test
    void theConvertersReadExactlyTheSpellings() {
        assertThat(new SettingWords.TopologyManagerPolicies().convert("single-numa-node"))
                .isEqualTo(TopologyManagerPolicy.SINGLE_NUMA_NODE);
        assertThat(new SettingWords.TopologyManagerScopes().convert("pod")).isEqualTo(TopologyManagerScope.POD);
        assertThat(new SettingWords.VolcanoModes().convert("soft")).isEqualTo(VolcanoMode.SOFT);
        assertThat(new SettingWords.Policies().convert("kueue-tas")).isEqualTo(PolicyId.KUEUE_TAS);
        assertThat(new SettingWords.Policies()).containsExactlyElementsOf(PolicyId.ids());
    }
}
