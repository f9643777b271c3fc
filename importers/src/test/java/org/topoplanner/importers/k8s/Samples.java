package org.topoplanner.importers.k8s;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;

/** Test resources by name, read from the classpath so tests need nothing outside the project. */
final class Samples {
    private Samples() {
    }

    static SourceText sample(String name) {
        return new SourceText(name, resource("/samples/k8s/" + name));
    }

    static String resource(String path) {
        try (InputStream in = Samples.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Diagnostic> of(ImportResult r, Severity s) {
        return r.diagnostics().stream().filter(d -> d.severity() == s).toList();
    }
}
