package org.topoplanner.importers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.topoplanner.model.input.InputFile;
import org.topoplanner.model.input.InputLimits;
import org.topoplanner.model.input.InputRefusal;
import org.topoplanner.model.input.TextDecoding;

/**
 * The text of one input file and the name it is reported under. Readers work on text, not on
 * paths, so tests and the window can feed them strings, and so a file is read once.
 */
public record SourceText(String path, String text) {
    public SourceText {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
    }

    /**
     * Reads a whole file within the largest input limit, decoded as every input is (see
     * {@link TextDecoding}: a byte order mark or UTF-16 decides, else UTF-8, else ISO-8859-1).
     *
     * @throws IOException with the refusal's sentence when the file is special, too big or unreadable
     */
    public static SourceText read(Path file) throws IOException {
        try {
            return read(file, InputLimits.DEFAULT.largest(), "an input");
        } catch (InputRefusal r) {
            throw new IOException(r.getMessage(), r);
        }
    }

    /** Reads a whole file of a kind allowed {@code limit} bytes, refusing special files and larger ones. */
    public static SourceText read(Path file, long limit, String kind) throws InputRefusal {
        return new SourceText(file.toString(), InputFile.readText(file, limit, kind));
    }

    /** Lines without their terminators ({@code \n}, {@code \r\n} or {@code \r}); line i is number i+1. */
    public List<String> lines() {
        return text.lines().toList();
    }

    /** The first {@code chars} characters, cut back to a whole line; the text itself when it is shorter. */
    public SourceText head(int chars) {
        if (text.length() <= chars) {
            return this;
        }
        int cut = text.lastIndexOf('\n', chars);
        return new SourceText(path, text.substring(0, cut > 0 ? cut + 1 : chars));
    }

    /** The file name without folders, for messages and default host names. */
    public String fileName() {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return path.substring(slash + 1);
    }
}
