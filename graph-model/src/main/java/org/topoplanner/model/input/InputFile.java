package org.topoplanner.model.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;

/**
 * One input file, checked before it is opened: it must exist and be a regular file (a FIFO would
 * block the open, a device never ends, a folder is not a file), and its size on disk must be within
 * the limit before a byte is read. Reading then streams through a counter that stops at the limit,
 * so neither a lying size ({@code /proc}) nor a growing file gets past it.
 *
 * <p>Every refusal is an {@link InputRefusal} with the file and a location, worded for the person
 * who gave the file.
 */
public final class InputFile {
    private final Path path;
    private final long size;

    private InputFile(Path path, long size) {
        this.path = path;
        this.size = size;
    }

    /** The file after its type is checked; nothing is opened yet. */
    public static InputFile open(Path path) throws InputRefusal {
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException e) {
            throw new InputRefusal(path.toString(), 1, 1, "cannot read: " + reason(e));
        }
        if (attrs.isDirectory()) {
            throw new InputRefusal(path.toString(), 1, 1, "a folder where a file is expected");
        }
        if (!attrs.isRegularFile()) {
            throw new InputRefusal(path.toString(), 1, 1,
                    "not a regular file (a pipe, device or socket): save the output to a file and give that");
        }
        return new InputFile(path, attrs.size());
    }

    /** Reads a whole file of a kind allowed {@code limit} bytes; {@code kind} names it in the message. */
    public static String readText(Path path, long limit, String kind) throws InputRefusal {
        return open(path).text(limit, kind);
    }

    public Path path() {
        return path;
    }

    /** The size on disk when the file was opened. */
    public long size() {
        return size;
    }

    /** The first {@code bytes} bytes as text, cut back to a whole line, for format detection. */
    public String head(int bytes) throws InputRefusal {
        byte[] buf = new byte[bytes];
        int n;
        try (InputStream in = Files.newInputStream(path)) {
            n = in.readNBytes(buf, 0, bytes);
        } catch (IOException e) {
            throw new InputRefusal(path.toString(), 1, 1, "cannot read: " + reason(e));
        }
        if (n == bytes) {
            // A cut in the middle of a character must not turn valid UTF-8 into Latin-1.
            int cut = n;
            while (cut > 0 && buf[cut - 1] != '\n') {
                cut--;
            }
            // (UTF-16 LE loses the zero after its newline here; decoding drops the odd byte.)
            if (cut > 2) {
                n = cut;
            }
        }
        return TextDecoding.decode(buf, n);
    }

    /**
     * The whole text, refused before reading when the size on disk is over {@code limit}, and at the
     * line and column where the limit is passed when the file turns out longer than it said.
     */
    public String text(long limit, String kind) throws InputRefusal {
        if (size > limit) {
            throw new InputRefusal(path.toString(), 1, 1, InputLimits.describe(size) + " is over the "
                    + InputLimits.describe(limit) + " limit for " + kind
                    + "; give --max-input-size SIZE to read it anyway");
        }
        int cap = (int) Math.min(Integer.MAX_VALUE - 16, limit + 1);
        byte[] buf = new byte[(int) Math.min(cap, Math.max(size + 1, 8192))];
        int n = 0;
        try (InputStream in = Files.newInputStream(path)) {
            while (true) {
                if (n == buf.length) {
                    if (buf.length >= cap) {
                        break;
                    }
                    buf = Arrays.copyOf(buf, (int) Math.min(cap, (long) buf.length * 2));
                }
                int r = in.read(buf, n, buf.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        } catch (IOException e) {
            throw new InputRefusal(path.toString(), 1, 1, "cannot read: " + reason(e));
        }
        if (n > limit) {
            int[] at = position(buf, (int) limit);
            throw new InputRefusal(path.toString(), at[0], at[1], "longer than the " + InputLimits.describe(limit)
                    + " limit for " + kind + " (it grew while being read); give --max-input-size SIZE to read it anyway");
        }
        return TextDecoding.decode(buf, n);
    }

    private static int[] position(byte[] buf, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (buf[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, offset - lineStart + 1};
    }

    /** What the system said, in words (the exception's message is often only the path). */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
