package org.topoplanner.importers.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;

/**
 * Every Kubernetes-side reader on truncated, mutated and random input: it must return (within a few
 * seconds), never throw, and place every diagnostic inside the text.
 */
class K8sReadersFuzzTest {
    private static final List<String> SAMPLES = List.of("koordinator-clusternetworktopology.yaml.txt",
            "koordinator-node-topograph-labels.yaml.txt", "kueue-populator-helm-values-gke-topology-levels.yaml.txt",
            "kueue-tas-gpu-topology-resourceflavor-v1beta1.yaml.txt", "kueue-tas-job-multi-layer-slice-annotation.yaml.txt",
            "oci-oke-gb300-node-labels-gpu-clique.txt", "topograph-model-nvl72-blocks-labels.yaml.txt",
            "topograph-model-small-h100-capacity-blocks.yaml.txt",
            "volcano-controller-configmap-networktopologydiscovery-ufm-label.yaml.txt",
            "volcano-hypernode-3tier-exactmatch-multidoc.yaml.txt", "volcano-hypernode-nonleaf-s4-s5-s6.yaml.txt",
            "volcano-networktopologydiscovery-mixed-profiles.yaml.txt");
    private static final List<String> NASTY = List.of("---\n", "------\n", "&a ", "*a", "[", "{", "}", "]", "\t", ": ",
            "- ", "|\n", "\"", "'", "#", "!!binary ", "\n", ",", "=", "kind: HyperNode\n", "<<: *a\n", "\u0000", "\uFEFF");

    private static List<FormatReader> readers() {
        return List.of(new HyperNodeReader(java.util.Map.of("node-0", java.util.Map.of("a", "b"))),
                new KueueTopologyReader(), new NodeLabelsReader(), new KubernetesNodesReader(),
                new KubectlDescribeReader(), new TopographModelReader(), new KubeletConfigReader(), new WorkloadReader());
    }

    @Provide
    Arbitrary<String> mutated() {
        Arbitrary<String> sample = Arbitraries.of(SAMPLES).map(s -> Samples.sample(s).text());
        return Combinators.combine(sample, Arbitraries.integers().between(0, 10_000),
                Arbitraries.of(NASTY), Arbitraries.integers().between(0, 3)).as((text, at, nasty, how) -> {
                    int i = Math.min(at, text.length());
                    return switch (how) {
                        case 0 -> text.substring(0, i);
                        case 1 -> text.substring(0, i) + nasty + text.substring(i);
                        case 2 -> text.substring(0, i) + nasty + text.substring(Math.min(text.length(), i + 3));
                        default -> text.substring(0, i) + text.substring(i).replace(':', '=');
                    };
                });
    }

    @Provide
    Arbitrary<String> random() {
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(400),
                Arbitraries.strings().withChars("-:[]{}&*!|>'\"#\n\t =,/.abcNodeHyperkind0123").ofMaxLength(600));
    }

    @Property(tries = 300)
    void survivesMutatedSamples(@ForAll("mutated") String text) {
        check(text);
    }

    @Property(tries = 300)
    void survivesRandomText(@ForAll("random") String text) {
        check(text);
    }

    private static void check(String text) {
        SourceText source = new SourceText("fuzz.yaml", text);
        long lines = text.lines().count();
        for (FormatReader reader : readers()) {
            // a hang guard (a parser that loops or expands without end), not a speed budget: load cannot reach it
            ImportResult r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                reader.detect(source);
                return reader.read(source);
            });
            assertThat(r.diagnostics()).allSatisfy(d -> {
                assertThat(d.line()).isBetween(0, (int) lines + 1);
                assertThat(d.column()).isGreaterThanOrEqualTo(0);
                assertThat(d.path()).isEqualTo("fuzz.yaml");
            });
        }
    }
}
