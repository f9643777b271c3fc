package org.topoplanner.app.desktop.diagnostics;

import java.util.List;
import java.util.Objects;

/** What the source viewer shows for a diagnostic: lines around its place, or why there are none. */
public sealed interface SourceExcerpt {
    /** The file the diagnostic names, as it names it. */
    String path();

    /**
     * Lines of the file around the diagnostic.
     *
     * @param target    the diagnostic's line, 0 when it is about the whole file or past the file's end
     * @param column    the diagnostic's column, 0 for none
     * @param lines     consecutive lines, in order
     * @param moreBelow true when the file goes on after the last line
     * @param note      what the reader wants to say about the excerpt (a line past the end), or empty
     */
    record Lines(String path, int target, int column, List<SourceLine> lines, boolean moreBelow, String note)
            implements SourceExcerpt {
        public Lines {
            Objects.requireNonNull(path, "path");
            lines = List.copyOf(lines);
            Objects.requireNonNull(note, "note");
        }

        /** The index in {@link #lines} of the target line, or -1 when it is not among them. */
        public int targetIndex() {
            if (target <= 0 || lines.isEmpty()) {
                return -1;
            }
            int i = target - lines.get(0).number();
            return i >= 0 && i < lines.size() ? i : -1;
        }
    }

    /** No lines to show, and a sentence saying why (missing file, a folder, unreadable). */
    record Unavailable(String path, String reason) implements SourceExcerpt {
        public Unavailable {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
