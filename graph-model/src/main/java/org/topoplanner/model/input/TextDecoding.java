package org.topoplanner.model.input;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Bytes of an input to text, the same way for every reader: a byte order mark decides (UTF-8,
 * UTF-16 LE/BE, which is what PowerShell's {@code >} writes), UTF-16 without a mark is recognised by
 * its zero bytes, anything else is UTF-8, or ISO-8859-1 when it is not valid UTF-8 (a pasted file
 * with one stray byte still reads).
 */
public final class TextDecoding {
    private TextDecoding() {
    }

    /** The text of {@code length} bytes; never throws, the mark is not part of the text. */
    public static String decode(byte[] bytes, int length) {
        if (startsWith(bytes, length, 0xEF, 0xBB, 0xBF)) {
            return utf8OrLatin1(bytes, 3, length - 3);
        }
        if (startsWith(bytes, length, 0xFF, 0xFE)) {
            return utf16(bytes, 2, length - 2, StandardCharsets.UTF_16LE);
        }
        if (startsWith(bytes, length, 0xFE, 0xFF)) {
            return utf16(bytes, 2, length - 2, StandardCharsets.UTF_16BE);
        }
        Charset unmarked = unmarkedUtf16(bytes, length);
        if (unmarked != null) {
            return utf16(bytes, 0, length, unmarked);
        }
        return utf8OrLatin1(bytes, 0, length);
    }

    /** The name of the encoding {@link #decode} would use, for messages. */
    public static String encodingOf(byte[] bytes, int length) {
        if (startsWith(bytes, length, 0xFF, 0xFE) || startsWith(bytes, length, 0xFE, 0xFF)
                || unmarkedUtf16(bytes, length) != null) {
            return "UTF-16";
        }
        return "UTF-8";
    }

    /**
     * UTF-16 without a mark: ASCII text in UTF-16 has a zero in every other byte. Judged on the first
     * bytes; at least 4 characters and three quarters of them so.
     */
    private static Charset unmarkedUtf16(byte[] b, int length) {
        int n = Math.min(length, 512) & ~1;
        if (n < 8) {
            return null;
        }
        int evenZero = 0;
        int oddZero = 0;
        for (int i = 0; i < n; i += 2) {
            evenZero += b[i] == 0 && b[i + 1] != 0 ? 1 : 0;
            oddZero += b[i + 1] == 0 && b[i] != 0 ? 1 : 0;
        }
        int pairs = n / 2;
        if (oddZero * 4 >= pairs * 3) {
            return StandardCharsets.UTF_16LE;
        }
        if (evenZero * 4 >= pairs * 3) {
            return StandardCharsets.UTF_16BE;
        }
        return null;
    }

    private static String utf16(byte[] b, int off, int len, Charset cs) {
        // An odd byte at the end (a cut file) is dropped rather than shown as a replacement character.
        return new String(b, off, len & ~1, cs);
    }

    private static String utf8OrLatin1(byte[] b, int off, int len) {
        // Dumps and configuration files are nearly always plain ASCII, which is the same text in UTF-8
        // and ISO-8859-1: taken as ISO-8859-1 the bytes are copied once into the string. The checking
        // decoder would widen all of them to a char buffer and narrow them back (a 9 MB dump: 18 MB of
        // chars and about a tenth of a warm convert).
        if (isAscii(b, off, len)) {
            return new String(b, off, len, StandardCharsets.ISO_8859_1);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b, off, len)).toString();
        } catch (CharacterCodingException e) {
            return new String(b, off, len, StandardCharsets.ISO_8859_1);
        }
    }

    private static boolean isAscii(byte[] b, int off, int len) {
        for (int i = off, end = off + len; i < end; i++) {
            if (b[i] < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(byte[] b, int length, int... prefix) {
        if (length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((b[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
