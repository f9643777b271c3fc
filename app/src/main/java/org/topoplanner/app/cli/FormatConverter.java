package org.topoplanner.app.cli;

import java.util.Arrays;
import java.util.Iterator;
import org.topoplanner.importers.Format;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --format} values by their command-line names ({@code nvidia-smi-topo}, ...). */
public final class FormatConverter implements ITypeConverter<Format> {
    @Override
    public Format convert(String value) {
        return Format.fromId(value).orElseThrow(() -> new TypeConversionException(
                "unknown format '" + value + "'; known: " + String.join(", ", new Candidates())));
    }

    /** The format names, for help and completion. */
    public static final class Candidates implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(Format.values()).map(Format::id).iterator();
        }
    }
}
