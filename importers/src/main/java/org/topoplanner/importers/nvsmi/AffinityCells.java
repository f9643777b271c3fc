package org.topoplanner.importers.nvsmi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.nvsmi.TopoMatrix.AffinityColumn;
import org.topoplanner.importers.nvsmi.TopoMatrix.AffinityKind;
import org.topoplanner.importers.nvsmi.TopoMatrix.Cell;

/**
 * Matches the cells after a row's matrix part to the affinity columns of the header. When every
 * column has a value they go in order. When some are empty (a cgroup-restricted shell prints no CPU
 * list; NIC rows print nothing) the position decides: in tabbed text the field number, knowing that
 * {@code nvidia-smi} writes two tabs before {@code GPU NUMA ID}; in space-aligned text the screen
 * column nearest to each title.
 */
final class AffinityCells {
    private static final Pattern WORD = Pattern.compile("\\S+");

    private final List<AffinityColumn> columns;
    private final Diagnostics diagnostics;

    AffinityCells(List<AffinityColumn> columns, Diagnostics diagnostics) {
        this.columns = columns;
        this.diagnostics = diagnostics;
    }

    void assign(String line, int number, int from, Map<AffinityKind, Cell> out) {
        List<Cell> words = new ArrayList<>();
        List<Integer> screen = new ArrayList<>();
        Matcher m = WORD.matcher(line).region(from, line.length());
        while (m.find()) {
            words.add(new Cell(m.group(), number, m.start() + 1));
            screen.add(ScreenColumns.of(line, m.start()));
        }
        if (words.isEmpty()) {
            return;
        }
        if (words.size() >= columns.size()) {
            for (int k = 0; k < columns.size(); k++) {
                out.put(columns.get(k).kind(), words.get(k));
            }
            if (words.size() > columns.size()) {
                Cell extra = words.get(columns.size());
                diagnostics.warning(number, extra.column(), "cell '" + extra.text()
                        + "' is beyond the columns of the header; ignored");
            }
            return;
        }
        if (line.indexOf('\t', from) >= 0) {
            byTabFields(line, number, from, out);
        } else {
            byScreenColumn(words, screen, out);
        }
    }

    private void byTabFields(String line, int number, int from, Map<AffinityKind, Cell> out) {
        int p = from;
        while (p < line.length() && line.charAt(p) == ' ') {
            p++;
        }
        if (p < line.length() && line.charAt(p) == '\t') {
            p++;
        }
        List<Cell> fields = new ArrayList<>();
        int start = p;
        for (int i = p; i <= line.length(); i++) {
            if (i == line.length() || line.charAt(i) == '\t') {
                String raw = line.substring(start, i);
                int lead = raw.length() - raw.stripLeading().length();
                fields.add(new Cell(raw.strip(), number, start + lead + 1));
                start = i + 1;
            }
        }
        int next = 0;
        for (AffinityColumn column : columns) {
            if (column.kind() == AffinityKind.GPU_NUMA_ID) {
                for (int k = fields.size() - 1; k >= next; k--) {
                    if (!fields.get(k).text().isEmpty()) {
                        out.put(column.kind(), fields.get(k));
                        next = fields.size();
                        break;
                    }
                }
            } else if (next < fields.size()) {
                Cell field = fields.get(next++);
                if (!field.text().isEmpty()) {
                    out.put(column.kind(), field);
                }
            }
        }
    }

    private void byScreenColumn(List<Cell> words, List<Integer> screen, Map<AffinityKind, Cell> out) {
        for (int w = 0; w < words.size(); w++) {
            AffinityColumn best = null;
            for (AffinityColumn column : columns) {
                if (out.containsKey(column.kind())) {
                    continue;
                }
                if (best == null || Math.abs(column.screenColumn() - screen.get(w))
                        < Math.abs(best.screenColumn() - screen.get(w))) {
                    best = column;
                }
            }
            if (best != null) {
                out.put(best.kind(), words.get(w));
            }
        }
    }
}
