package org.topoplanner.importers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Loads test samples from {@code src/test/resources/samples} (see src/test/resources/samples/PROVENANCE.md). */
public final class Samples {
    private Samples() {
    }

    public static SourceText load(String relative) {
        try (InputStream in = Samples.class.getResourceAsStream("/samples/" + relative)) {
            if (in == null) {
                throw new IllegalArgumentException("no sample " + relative);
            }
            return new SourceText(relative, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
