package org.topoplanner.importers.workload;

import java.io.IOException;
import java.io.Reader;

/**
 * The lines of a text, read one at a time: split at {@code \n} with one {@code \r} before it dropped, as the
 * whole-text readers split ({@code \r?\n}); a lone {@code \r} stays inside its line, so line numbers agree.
 */
final class LineSource {
    private final Reader in;
    private final char[] buf = new char[8192];
    private int at;
    private int end;
    private boolean eof;

    private LineSource(Reader in) {
        this.in = in;
    }

    static LineSource of(Reader in) {
        return new LineSource(in);
    }

    /** The next line without its terminator; {@code null} after the last. A final newline ends no extra line. */
    String line() throws IOException {
        StringBuilder out = null;
        while (true) {
            if (at == end) {
                if (eof || !fill()) {
                    eof = true;
                    if (out != null) {
                        return out.toString(); // an unterminated last line keeps a '\r', as a split on \r?\n does
                    }
                    // "a\n" is the lines "a" and ""; the empty last line is blank, so it is not given
                    return null;
                }
            }
            int from = at;
            while (at < end && buf[at] != '\n') {
                at++;
            }
            if (out == null) {
                out = new StringBuilder(at - from + 16);
            }
            out.append(buf, from, at - from);
            if (at < end) {
                at++; // the '\n'
                return strip(out.toString());
            }
        }
    }

    void close() throws IOException {
        in.close();
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            return false;
        }
        at = 0;
        end = n;
        return true;
    }

    private static String strip(String l) {
        return l.endsWith("\r") ? l.substring(0, l.length() - 1) : l;
    }
}
