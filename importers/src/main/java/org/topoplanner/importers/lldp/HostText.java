package org.topoplanner.importers.lldp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.importers.SourceText;

/**
 * One machine's part of an LLDP file: its name, its text, and how a line and column of that text
 * map back to the file (pdsh prefixes shift both).
 */
record HostText(String host, boolean named, String text, List<Integer> lineNumbers, int columnShift) {
    /** The machines of a file: one per pdsh prefix, or the whole file named after itself. */
    static List<HostText> of(SourceText source) {
        List<String> lines = source.lines();
        Map<String, PdshPrefix.HostLines> split = PdshPrefix.split(lines);
        List<HostText> out = new ArrayList<>();
        if (split.isEmpty()) {
            List<Integer> numbers = new ArrayList<>(lines.size());
            for (int i = 1; i <= lines.size(); i++) {
                numbers.add(i);
            }
            out.add(new HostText(LldpReaderBase.hostFromFileName(source), false, source.text(), numbers, 0));
            return out;
        }
        for (PdshPrefix.HostLines h : new LinkedHashMap<>(split).values()) {
            out.add(new HostText(h.host(), true, String.join("\n", h.lines()) + "\n", h.lineNumbers(), h.column() - 1));
        }
        return out;
    }

    /** The file's line for line {@code l} (1-based) of this text. */
    int fileLine(int l) {
        if (lineNumbers.isEmpty()) {
            return 1;
        }
        return lineNumbers.get(Math.max(0, Math.min(l, lineNumbers.size()) - 1));
    }

    int fileColumn(int c) {
        return Math.max(1, c) + columnShift;
    }

    /** Line and column (1-based, of this text) of character {@code offset}. */
    int[] position(int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, offset - lineStart + 1};
    }
}
