package org.topoplanner.importers.inspect;

import java.util.Objects;
import org.topoplanner.importers.Format;

/** A source listed in the inspect document: its path as given and the format it was read as. */
public record InspectSource(String path, Format format) {
    public InspectSource {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(format, "format");
    }
}
