package org.topoplanner.app.desktop.diagnostics;

import java.util.regex.Pattern;

/**
 * A finding's message with every absolute path cut to its file name. Merge findings name the other
 * source by its full path, and imports from deep folders then fill the Message column with folders;
 * the File column already says which file a finding is about, and the row's tooltip keeps the full text.
 */
final class ShortPaths {
    /** An absolute path at the start, after a blank or an opening bracket; group 1 is its last part. */
    private static final Pattern ABSOLUTE = Pattern.compile("(?<=^|[\\s(\\[])(?:/[^/\\s]+)*/([^/\\s:;,()\\[\\]]+)");

    private ShortPaths() {
    }

    static String of(String message) {
        return ABSOLUTE.matcher(message).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(m.group(1)));
    }
}
