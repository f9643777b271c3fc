package org.topoplanner.importers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Loads the real sample files copied into the test resources (see src/test/resources/samples/PROVENANCE.md). */
public final class TestSamples {
    private TestSamples() {
    }

    /** The sample at {@code samples/<relative>}, reported under that relative path. */
    public static SourceText load(String relative) {
        return read(relative, relative);
    }

    /** The sample at {@code samples/<relative>}, reported as {@code samples/<relative>}. */
    public static SourceText text(String relative) {
        return read(relative, "samples/" + relative);
    }

    private static SourceText read(String relative, String reportedPath) {
        String resource = "/samples/" + relative;
        try (InputStream in = TestSamples.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no test sample " + resource);
            }
            return new SourceText(reportedPath, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
