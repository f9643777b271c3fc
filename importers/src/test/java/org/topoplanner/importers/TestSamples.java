package org.topoplanner.importers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Loads the copied samples under {@code src/test/resources/samples} (see PROVENANCE.md there). */
public final class TestSamples {
    private TestSamples() {
    }

    public static SourceText text(String relative) {
        String resource = "/samples/" + relative;
        try (InputStream in = TestSamples.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no test sample " + resource);
            }
            return new SourceText("samples/" + relative, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
