package org.topoplanner.app.desktop.diagnostics;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.diag.Diagnostic;

/**
 * Reads the few lines of a file that the source viewer shows for a diagnostic. It streams the file
 * and keeps only the lines of the {@link SourceWindow}, each clipped to a bounded stretch, and stops
 * after the window: a diagnostic on line 40,000 of a several-megabyte file costs one pass to there
 * and memory for a few hundred short lines. Run it off the FX thread.
 *
 * <p>Lines are numbered as the importers number them ({@code String.lines()}: {@code \n}, {@code \r\n}
 * or {@code \r} end a line) and a leading byte-order mark is skipped, so line and column point at the
 * same character. Bytes that are not UTF-8 show as the replacement character.
 */
public final class SourceExcerptReader {
    /** Lines read either side of the diagnostic's line. */
    public static final int CONTEXT = 250;
    /** Characters kept of one line; longer lines keep a stretch around the column. */
    public static final int LINE_CHARS = 400;

    private final int context;
    private final int lineChars;

    public SourceExcerptReader() {
        this(CONTEXT, LINE_CHARS);
    }

    public SourceExcerptReader(int context, int lineChars) {
        if (context < 0 || lineChars < 1) {
            throw new IllegalArgumentException("context " + context + ", line chars " + lineChars);
        }
        this.context = context;
        this.lineChars = lineChars;
    }

    public SourceExcerpt read(Diagnostic d) {
        return read(d.path(), d.line(), d.column());
    }

    /** The excerpt of {@code path} around 1-based {@code line} (0: the file's head) with {@code column} marked. */
    public SourceExcerpt read(String path, int line, int column) {
        if (path.isBlank()) {
            return new SourceExcerpt.Unavailable(path, "This finding is about the sources together, not one place in a file.");
        }
        Path file;
        try {
            file = Path.of(path);
        } catch (InvalidPathException e) {
            return new SourceExcerpt.Unavailable(path, "\u201c" + path + "\u201d does not name a file.");
        }
        if (!Files.exists(file)) {
            return new SourceExcerpt.Unavailable(path, "The file is not there any more: " + path);
        }
        if (Files.isDirectory(file)) {
            return new SourceExcerpt.Unavailable(path, path + " is a folder; the finding is about the folder as a whole.");
        }
        if (!Files.isRegularFile(file)) {
            // a FIFO would block the reading thread, a device would never end
            return new SourceExcerpt.Unavailable(path, path + " is not a regular file; it has no lines to show.");
        }
        try {
            Scan scan = scan(file, SourceWindow.around(line, context), column);
            if (line > 0 && scan.lines().isEmpty() || line > scan.lineCount()) {
                // Past the end (a file that changed since the import): show its tail instead of nothing.
                Scan tail = scan(file, SourceWindow.around(Math.max(1, scan.lineCount()), context), 0);
                return new SourceExcerpt.Lines(path, 0, 0, tail.lines(), false, scan.lineCount() == 0
                        ? "The file is empty now; the finding was about line " + line + "."
                        : "Line " + line + " is past the end of the file, which has " + scan.lineCount() + " lines now.");
            }
            return new SourceExcerpt.Lines(path, line, column, scan.lines(), scan.moreBelow(), "");
        } catch (IOException | RuntimeException e) {
            return new SourceExcerpt.Unavailable(path, "Cannot read " + path + ": " + reasonOf(e));
        }
    }

    private static String reasonOf(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** The kept lines, whether the file goes on after them, and the lines counted up to where reading stopped. */
    private record Scan(List<SourceLine> lines, boolean moreBelow, int lineCount) {
    }

    private Scan scan(Path file, SourceWindow window, int column) throws IOException {
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        try (Reader in = new InputStreamReader(Files.newInputStream(file), decoder)) {
            return new LineScanner(window, column).scan(in);
        }
    }

    /** One pass over the characters, keeping what the window asks for. */
    private final class LineScanner {
        private final SourceWindow window;
        private final int column;
        private final List<SourceLine> kept = new ArrayList<>();
        private final StringBuilder text = new StringBuilder();
        private int number = 1;
        private int chars;
        private int keepFrom;

        LineScanner(SourceWindow window, int column) {
            this.window = window;
            this.column = column;
            startLine();
        }

        Scan scan(Reader in) throws IOException {
            char[] buf = new char[16 * 1024];
            boolean first = true;
            boolean afterCr = false;
            boolean windowDone = false;
            int n;
            while ((n = in.read(buf)) > 0) {
                for (int i = 0; i < n; i++) {
                    char c = buf[i];
                    if (first) {
                        first = false;
                        if (c == '\uFEFF') {
                            continue;
                        }
                    }
                    if (afterCr && c == '\n') {
                        afterCr = false;
                        continue;
                    }
                    afterCr = false;
                    if (windowDone) {
                        return new Scan(kept, true, number);
                    }
                    if (c == '\n' || c == '\r') {
                        endLine();
                        afterCr = c == '\r';
                        windowDone = number > window.last();
                    } else {
                        if (window.contains(number) && chars >= keepFrom && chars < keepFrom + lineChars) {
                            text.append(c);
                        }
                        chars++;
                    }
                }
            }
            // A last line without a terminator still counts; an empty tail after one does not.
            if (chars > 0) {
                endLine();
            }
            return new Scan(kept, false, number - 1);
        }

        private void startLine() {
            text.setLength(0);
            chars = 0;
            keepFrom = number == window.target() && column > lineChars ? column - 1 - lineChars / 2 : 0;
        }

        private void endLine() {
            if (window.contains(number)) {
                kept.add(new SourceLine(number, text.toString(), keepFrom + 1, chars > keepFrom + lineChars));
            }
            number++;
            startLine();
        }
    }
}
