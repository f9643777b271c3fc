package org.topoplanner.allocator.dra;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.dra.DraDocumentReader;
import org.topoplanner.model.dra.ClaimSpec;
import org.topoplanner.model.dra.DraObjects;

/** The hand-made DRA sample (src/test/resources/dra/README.md), read with the importers' reader. */
final class DraSamples {
    private DraSamples() {
    }

    /** Both nodes' slices and the two device classes. */
    static DraObjects cluster() {
        return read("h100-resourceslices.yaml").plus(read("deviceclasses.yaml"));
    }

    static ClaimSpec alignedClaim() {
        return read("claim-gpu-nic-aligned.yaml").claims().get(0);
    }

    static DraObjects read(String name) {
        return DraDocumentReader.read(new SourceText(name, text(name))).objects();
    }

    static DraObjects readText(String name, String yaml) {
        return DraDocumentReader.read(new SourceText(name, yaml)).objects();
    }

    private static String text(String name) {
        try (InputStream in = DraSamples.class.getResourceAsStream("/dra/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource /dra/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
