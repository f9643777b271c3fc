package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.importers.k8s.KubeletConfigRules;
import org.topoplanner.importers.k8s.KueueTopologyWriter;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.project.ProjectDocument;

/**
 * Every Kubernetes document of the example bundle is valid against its CRD schema (strict) and the rules
 * no schema holds; and each kind of mistake, put into the real exported text, is rejected with a finding
 * that names it.
 */
class KubernetesExportValidationTest {
    static ProjectDocument plan;
    static Map<String, String> texts;

    @BeforeAll
    static void export() {
        plan = ExportFixtures.example();
        texts = ExportBundle.build(plan, ExportTarget.all()).stream()
                .collect(Collectors.toMap(ExportFile::relativePath, ExportFile::text));
    }

    /** The check the bundle runs on a file of this path (Slurm job scripts included). */
    static List<Diagnostic> checkAny(String path, String text) {
        if (plan == null) {
            export();
        }
        if (path.startsWith("jobs/")) {
            var p = plan.placements().stream().filter(x -> path.equals("jobs/" + ExportBundle.fileName(x.job()) + ".sbatch"))
                    .findFirst().orElseThrow();
            return SbatchScriptCheck.check(path, text, plan.cluster(), p,
                    SbatchPin.of(p, request(p.job()), JobFiles.leaves(plan.cluster())));
        }
        return check(path, text);
    }

    private static org.topoplanner.model.job.JobRequest request(String job) {
        try {
            return org.topoplanner.model.job.SbatchOptions.parse(plan.jobs().stream().filter(j -> j.name().equals(job))
                    .findFirst().orElseThrow().sbatch(), job);
        } catch (org.topoplanner.model.job.JobRequestException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<Diagnostic> check(String path, String text) {
        if (path.endsWith(".volcano.yaml")) {
            return KubernetesExportCheck.volcanoJob(path, text);
        }
        if (path.startsWith("k8s/jobs/")) {
            return KubernetesExportCheck.kueueJob(path, text, KueueTopologyWriter.levels(plan.cluster()));
        }
        return switch (path) {
            case KubernetesFiles.HYPERNODES -> KubernetesExportCheck.hyperNodes(path, text);
            case KubernetesFiles.KUEUE -> KubernetesExportCheck.kueueTopology(path, text, new ArrayList<>());
            case KubernetesFiles.LABELS -> KubernetesExportCheck.labelScript(path, text);
            case KubernetesFiles.LABELS_PATCH -> KubernetesExportCheck.labelPatch(path, text);
            case KubernetesFiles.KUBELET -> KubeletConfigRules.check(path, text, plan.cluster().node("node01"));
            default -> throw new IllegalArgumentException(path);
        };
    }

    @Test
    void everyExportedDocumentIsValid() {
        List<String> k8s = texts.keySet().stream().filter(p -> p.startsWith("k8s/")).sorted().toList();
        assertThat(k8s).contains(KubernetesFiles.HYPERNODES, KubernetesFiles.KUEUE, KubernetesFiles.LABELS,
                KubernetesFiles.LABELS_PATCH, KubernetesFiles.KUBELET, "k8s/jobs/train-2n.yaml",
                "k8s/jobs/half-a.yaml", "k8s/jobs/train-2n.volcano.yaml");
        for (String p : k8s) {
            assertThat(check(p, texts.get(p))).as(p).isEmpty();
        }
    }

    @Test
    void multiNodeJobsAreJobSetsAndSingleNodeJobsAreJobs() {
        assertThat(texts.get("k8s/jobs/train-2n.yaml")).contains("kind: \"JobSet\"")
                .contains("kueue.x-k8s.io/podset-required-topology: \"topoplanner.org/tier-1\"");
        assertThat(texts.get("k8s/jobs/wide-4n.yaml")).contains("topoplanner.org/tier-3");
        assertThat(texts.get("k8s/jobs/half-a.yaml")).contains("kind: \"Job\"").contains("apiVersion: \"batch/v1\"")
                .contains("kueue.x-k8s.io/podset-required-topology: \"kubernetes.io/hostname\"");
        assertThat(texts.get("k8s/jobs/wide-4n.volcano.yaml")).contains("highestTierAllowed: 3");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            misspelt HyperNode field       | k8s/hypernodes.yaml            | '  tier: 1'                              | '  tier: 1\\n  tierNmae: leaf'                                  | tierNmae
            two selectors in one member    | k8s/hypernodes.yaml            | '      exactMatch:\\n        name: "node01"' | '      exactMatch:\\n        name: "node01"\\n      regexMatch:\\n        pattern: "node0.*"' | exactly one of
            HyperNode of an unknown child  | k8s/hypernodes.yaml            | 'name: "leaf1"\\n  - type: HyperNode'    | 'name: "leaf9"\\n  - type: HyperNode'                           | no HyperNode defines
            hostname not the last level    | k8s/kueue-topology.yaml        | '  - nodeLabel: "topoplanner.org/tier-3"' | '  - nodeLabel: "kubernetes.io/hostname"\\n  - nodeLabel: "topoplanner.org/tier-3"' | may only be the last
            level that is no label key     | k8s/kueue-topology.yaml        | 'topoplanner.org/tier-2"'        | 'Topology.TopoPlanner.io/tier-2"'                              | schema
            flavor without node labels     | k8s/kueue-topology.yaml        | '  nodeLabels:\\n    topoplanner.org/cluster: "example"\\n' | ''                       | at least one nodeLabel
            unquoted annotation value      | k8s/jobs/train-2n.yaml         | 'podset-required-topology: "topoplanner.org/tier-1"' | 'podset-required-topology: 8' | must be a string
            level outside the Topology     | k8s/jobs/train-2n.yaml         | 'podset-required-topology: "topoplanner.org/tier-1"' | 'podset-required-topology: "topoplanner.org/rack"' | not a level of the exported Topology
            annotation level over 63 chars | k8s/jobs/train-2n.yaml         | 'podset-required-topology: "topoplanner.org/tier-1"' | 'podset-required-topology: "topoplanner.org/a-level-name-that-is-far-too-long-for-kueue-to-accept-as-a-label-key"' | longer than 63
            required and preferred         | k8s/jobs/half-a.yaml           | '        kueue.x-k8s.io/podset-required-topology: "kubernetes.io/hostname"' | '        kueue.x-k8s.io/podset-required-topology: "kubernetes.io/hostname"\\n        kueue.x-k8s.io/podset-preferred-topology: "kubernetes.io/hostname"' | at most one
            misspelt Job field             | k8s/jobs/half-a.yaml           | '  completions: 1'                       | '  completions: 1\\n  parallelizm: 1'                          | parallelizm
            both tier fields               | k8s/jobs/pair.volcano.yaml     | '    highestTierAllowed: 1'              | '    highestTierAllowed: 1\\n    highestTierName: "leaf"'       | both highestTierAllowed and highestTierName
            unknown topology mode          | k8s/jobs/pair.volcano.yaml     | 'mode: "hard"'                           | 'mode: "strict"'                                                | schema
            too many for minAvailable      | k8s/jobs/pair.volcano.yaml     | 'minAvailable: 1'                        | 'minAvailable: 3'                                               | exceeds
            label value over 63 chars      | k8s/node-labels.sh             | 'tier-1=leaf1 '                          | 'tier-1=leaf1-of-a-rack-with-a-name-much-longer-than-kubernetes-allows-x '  | at most 63
            label key with two slashes     | k8s/node-labels-patch.yaml     | '    topoplanner.org/tier-1:'    | '    topoplanner.org/tier/1:'                          | at most one '/'
            memory policy in lower case    | k8s/kubelet-config.yaml        | 'memoryManagerPolicy: Static'            | 'memoryManagerPolicy: static'                                   | capitalised
            reserved memory not the sum    | k8s/kubelet-config.yaml        | 'memory: 1124Mi'                         | 'memory: 1024Mi'                                                | needs them equal
            unknown topology policy        | k8s/kubelet-config.yaml        | 'topologyManagerPolicy: restricted'      | 'topologyManagerPolicy: strict'                                 | must be one of
            static CPUs without reserve    | k8s/kubelet-config.yaml        | 'reservedSystemCPUs: "0,16"'             | ''                                                              | needs a CPU reservation
            NUMA node the node lacks       | k8s/kubelet-config.yaml        | '- numaNode: 0'                          | '- numaNode: 7'                                                 | does not have
            """)
    void rejectsEachMistake(String mistake, String path, String from, String to, String fragment) {
        Function<String, String> unescape = s -> s.replace("\\n", "\n");
        String original = texts.get(path);
        assertThat(original).as(mistake).contains(unescape.apply(from));
        String broken = original.replaceFirst(java.util.regex.Pattern.quote(unescape.apply(from)),
                java.util.regex.Matcher.quoteReplacement(unescape.apply(to)));
        List<Diagnostic> found = check(path, broken);
        assertThat(found).as(mistake).anySatisfy(d -> {
            assertThat(d.isError()).isTrue();
            assertThat(d.message()).contains(fragment);
            assertThat(d.path()).isEqualTo(path);
        });
    }
}
