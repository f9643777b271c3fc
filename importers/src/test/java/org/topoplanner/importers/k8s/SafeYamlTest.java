package org.topoplanner.importers.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.diag.Diagnostic;

class SafeYamlTest {

    private static List<Diagnostic> problems(String text, List<YamlDocument> out) {
        Diagnostics d = new Diagnostics("t.yaml");
        out.addAll(SafeYaml.parse(text, d));
        return d.list();
    }

    @Test
    void reportsALongDashLineInsteadOfMergingDocuments() {
        List<YamlDocument> docs = new java.util.ArrayList<>();
        List<Diagnostic> p = problems("kind: A\nname: a\n------\nkind: B\nname: b\n", docs);
        assertThat(p).singleElement().satisfies(d -> {
            assertThat(d.isError()).isTrue();
            assertThat(d.line()).isEqualTo(3);
            assertThat(d.column()).isEqualTo(1);
        });
        assertThat(docs).extracting(YamlDocument::kind).containsExactly("A", "B");
    }

    @Test
    void refusesAnAliasBomb() {
        StringBuilder b = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for (int i = 1; i < 12; i++) {
            b.append("a").append(i).append(": &a").append(i).append(" [");
            for (int k = 0; k < 10; k++) {
                b.append(k == 0 ? "" : ", ").append("*a").append(i - 1);
            }
            b.append("]\n");
        }
        List<YamlDocument> docs = new java.util.ArrayList<>();
        List<Diagnostic> p = problems(b.toString(), docs);
        assertThat(docs).isEmpty();
        assertThat(p).singleElement().satisfies(d -> assertThat(d.isError()).isTrue());
    }

    @Test
    void refusesARecursiveAlias() {
        List<YamlDocument> docs = new java.util.ArrayList<>();
        List<Diagnostic> p = problems("a: &x\n  b: *x\n", docs);
        assertThat(docs).isEmpty();
        assertThat(p).anyMatch(d -> d.isError() && d.line() >= 1);
    }

    @Test
    void placesSyntaxErrorsAndKeepsTheOtherDocuments() {
        List<YamlDocument> docs = new java.util.ArrayList<>();
        List<Diagnostic> p = problems("kind: A\n---\nkind: B\n\tbad: tab\n---\nkind: C\n", docs);
        assertThat(docs).extracting(YamlDocument::kind).containsExactly("A", "C");
        assertThat(p).singleElement().satisfies(d -> {
            assertThat(d.line()).isEqualTo(4);
            assertThat(d.column()).isEqualTo(1);
        });
    }

    @Test
    void reportsDuplicateKeysAsKubectlDoes() {
        List<YamlDocument> docs = new java.util.ArrayList<>();
        List<Diagnostic> p = problems("kind: A\nname: a\nname: b\n", docs);
        assertThat(p).singleElement().satisfies(d -> assertThat(d.line()).isEqualTo(3));
        assertThat(docs.get(0).mapping().orElseThrow().text("name")).contains("b");
    }

    @Test
    void neverConstructsObjectsFromTags() {
        List<YamlDocument> docs = new java.util.ArrayList<>();
        List<Diagnostic> p = problems(
                "x: !!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[!!java.net.URL [\"http://x\"]]]]\n", docs);
        // Either refused with a positioned error or kept as plain data; never an object.
        if (docs.isEmpty()) {
            assertThat(p).singleElement().satisfies(d -> {
                assertThat(d.isError()).isTrue();
                assertThat(d.line()).isEqualTo(1);
            });
        } else {
            assertThat(docs.get(0).mapping().orElseThrow().get("x").orElseThrow()).isInstanceOf(YamlValue.Sequence.class);
        }
    }
}
