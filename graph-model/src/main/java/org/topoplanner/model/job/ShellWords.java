package org.topoplanner.model.job;

import java.util.ArrayList;
import java.util.List;

/** Splits a typed command line into words the way a POSIX shell would (quotes and backslashes; no expansion). */
final class ShellWords {
    private ShellWords() {
    }

    static List<String> split(String line) throws JobRequestException {
        List<String> words = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < line.length() && "$`\"\\\n".indexOf(line.charAt(i + 1)) >= 0) {
                    // In double quotes a backslash escapes only these, as in POSIX sh; elsewhere it stays.
                    cur.append(line.charAt(++i));
                } else {
                    cur.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                cur.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(cur.toString());
                    cur.setLength(0);
                    inWord = false;
                }
            } else {
                cur.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new JobRequestException(List.of("unclosed " + quote + " quote"));
        }
        if (inWord) {
            words.add(cur.toString());
        }
        return words;
    }
}
