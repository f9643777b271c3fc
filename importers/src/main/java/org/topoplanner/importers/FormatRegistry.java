package org.topoplanner.importers;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.topoplanner.importers.project.ProjectReader;

/**
 * Every reader TopoPlanner has, and format detection over them: the reader most sure of a text
 * wins; below {@link #MIN_CONFIDENCE} the format is unknown and the user is asked for
 * {@code --format}.
 */
public final class FormatRegistry {
    /** The confidence below which detection gives up rather than guess. */
    public static final int MIN_CONFIDENCE = 30;
    private final List<FormatReader> readers;

    public FormatRegistry(List<FormatReader> readers) {
        this.readers = List.copyOf(readers);
    }

    /** All shipped readers. */
    public static FormatRegistry standard() {
        return new FormatRegistry(List.of(new ProjectReader()));
    }

    public List<FormatReader> readers() {
        return readers;
    }

    public Optional<FormatReader> reader(Format format) {
        return readers.stream().filter(r -> r.format() == format).findFirst();
    }

    /** The reader for a text, judged from content; empty when no reader is sure enough. */
    public Optional<FormatReader> detect(SourceText source) {
        return readers.stream()
                .map(r -> new Scored(r, safeDetect(r, source)))
                .filter(s -> s.score >= MIN_CONFIDENCE)
                .max(Comparator.comparingInt(Scored::score))
                .map(Scored::reader);
    }

    private static int safeDetect(FormatReader r, SourceText source) {
        try {
            return r.detect(source);
        } catch (RuntimeException e) {
            // Detection must never stop an import; a reader that fails here just is not chosen.
            return 0;
        }
    }

    private record Scored(FormatReader reader, int score) {
    }
}
