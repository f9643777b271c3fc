package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.topoplanner.model.diag.Diagnostic;

/**
 * The checks read text the exporter wrote, but a check must never be the thing that breaks: on truncated
 * and mutated exports they report (with lines inside the text) and never throw.
 */
class ExportChecksRobustnessTest {
    static final Map<String, String> TEXTS = ExportBundle.build(ExportFixtures.example(), ExportTarget.all()).stream()
            .filter(f -> !f.relativePath().equals(ExportBundle.MANIFEST))
            .collect(Collectors.toMap(ExportFile::relativePath, ExportFile::text));

    @Provide
    Arbitrary<String> paths() {
        return Arbitraries.of(TEXTS.keySet().stream().filter(p -> !p.startsWith("slurm/")).sorted().toList());
    }

    @Property(tries = 300)
    void kubernetesAndJobChecksSurviveMutations(@ForAll("paths") String path, @ForAll @IntRange(min = 0, max = 100) int cut,
                                               @ForAll @IntRange(min = 0, max = 100) int at,
                                               @ForAll("noise") String noise) {
        String text = TEXTS.get(path);
        String mutated = text.substring(0, text.length() * cut / 100);
        int p = mutated.length() * at / 100;
        mutated = mutated.substring(0, p) + noise + mutated.substring(p);
        List<Diagnostic> found = KubernetesExportValidationTest.checkAny(path, mutated);
        long lines = mutated.lines().count() + 1;
        assertThat(found).allSatisfy(d -> assertThat(d.line()).isBetween(0, (int) lines));
    }

    @Property(tries = 200)
    void slurmChecksSurviveMutations(@ForAll @IntRange(min = 0, max = 100) int cut, @ForAll("noise") String noise) {
        String gres = TEXTS.get(SlurmFiles.GRES);
        String tree = TEXTS.get(SlurmFiles.TOPOLOGY);
        String nodes = TEXTS.get(SlurmFiles.NODES);
        SlurmExportCheck.check(tree.substring(0, tree.length() * cut / 100) + noise, null,
                gres.substring(0, gres.length() * cut / 100) + noise, nodes + noise, TEXTS.get(SlurmFiles.KEYS));
    }

    @Provide
    Arbitrary<String> noise() {
        return Arbitraries.oneOf(Arbitraries.of("", "\n---\n", ": : :", "[", "{", "\t", "\"", "Cores=99-1",
                        "Links=", "NodeName=n[1-", "- numaNode: x\n", "  tier: -1\n", "kubectl label node A b"),
                Arbitraries.strings().ofMaxLength(20));
    }
}
