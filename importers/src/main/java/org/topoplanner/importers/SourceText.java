package org.topoplanner.importers;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

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
     * Reads a file as UTF-8, falling back to ISO-8859-1 for bytes that are not UTF-8, so that a
     * pasted file with a stray byte still imports.
     */
    public static SourceText read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            text = new String(bytes, StandardCharsets.ISO_8859_1);
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        return new SourceText(file.toString(), text);
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
