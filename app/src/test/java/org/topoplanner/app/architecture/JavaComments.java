package org.topoplanner.app.architecture;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.app.architecture.DocumentationLinks.Comment;

/**
 * The comments of a Java source, found by a small lexer that knows string, character and text-block
 * literals, so that a file name in a string, or a comment opener in one, is never taken for a comment.
 */
final class JavaComments {
    private JavaComments() {
    }

    static List<Comment> of(String src) {
        List<Comment> comments = new ArrayList<>();
        int line = 1;
        int i = 0;
        while (i < src.length()) {
            char c = src.charAt(i);
            if (src.startsWith("//", i)) {
                int end = src.indexOf('\n', i);
                end = end < 0 ? src.length() : end;
                comments.add(new Comment(line, src.substring(i + 2, end)));
                i = end;
            } else if (src.startsWith("/*", i)) {
                int end = src.indexOf("*/", i + 2);
                end = end < 0 ? src.length() : end;
                String text = src.substring(i + 2, end);
                comments.add(new Comment(line, text));
                line += newlines(text);
                i = Math.min(src.length(), end + 2);
            } else if (src.startsWith("\"\"\"", i)) {
                int end = src.indexOf("\"\"\"", i + 3);
                end = end < 0 ? src.length() : end + 3;
                line += newlines(src.substring(i, end));
                i = end;
            } else if (c == '"' || c == '\'') {
                i = endOfLiteral(src, i, c);
            } else {
                if (c == '\n') {
                    line++;
                }
                i++;
            }
        }
        return comments;
    }

    /** The index after a string or character literal that starts at {@code start} (they end at the line's end at the latest). */
    private static int endOfLiteral(String src, int start, char quote) {
        int i = start + 1;
        while (i < src.length() && src.charAt(i) != '\n') {
            char c = src.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == quote) {
                return i + 1;
            } else {
                i++;
            }
        }
        return i;
    }

    private static int newlines(String s) {
        return (int) s.chars().filter(ch -> ch == '\n').count();
    }
}
