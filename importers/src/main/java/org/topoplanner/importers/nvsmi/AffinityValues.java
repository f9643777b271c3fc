package org.topoplanner.importers.nvsmi;

import java.util.List;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.nvsmi.TopoMatrix.Cell;
import org.topoplanner.model.cpu.CpuSet;

/**
 * Reads the values of affinity cells: CPU lists ({@code 0-63,128-191}, {@code 0,2,4}, degenerate
 * {@code 0-0,8-8}), NUMA lists ({@code 0-1}, {@code 0,3-9,11-17}) and {@code GPU NUMA ID}; an empty
 * cell or {@code N/A} means unknown.
 */
final class AffinityValues {
    /** Far above any real machine; keeps a corrupt range from allocating gigabytes of bits. */
    static final int MAX_ID = 1 << 20;

    private final Diagnostics diagnostics;

    AffinityValues(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    CpuSet cpus(Cell cell) {
        return list(cell, "CPU list");
    }

    List<Integer> numaNodes(Cell cell) {
        return list(cell, "NUMA node list").toList();
    }

    Integer gpuNumaId(Cell cell) {
        if (unknown(cell)) {
            return null;
        }
        try {
            int id = Integer.parseInt(cell.text());
            if (id >= 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        diagnostics.warning(cell.line(), cell.column(), "GPU NUMA ID '" + cell.text() + "' is not a NUMA node number");
        return null;
    }

    private CpuSet list(Cell cell, String what) {
        if (unknown(cell)) {
            return CpuSet.empty();
        }
        if (!cell.text().matches("[\\d,\\-\\[\\]]+")) {
            diagnostics.warning(cell.line(), cell.column(), "'" + cell.text() + "' is not a " + what);
            return CpuSet.empty();
        }
        if (!java.util.Arrays.stream(cell.text().split("[^\\d]+")).filter(n -> !n.isEmpty())
                .allMatch(n -> n.length() <= 7 && Integer.parseInt(n) <= MAX_ID)) {
            diagnostics.warning(cell.line(), cell.column(), "'" + cell.text() + "' names an id above " + MAX_ID);
            return CpuSet.empty();
        }
        try {
            return CpuSet.parse(cell.text());
        } catch (IllegalArgumentException e) {
            diagnostics.warning(cell.line(), cell.column(), "'" + cell.text() + "' is not a " + what);
            return CpuSet.empty();
        }
    }

    private static boolean unknown(Cell cell) {
        return cell == null || cell.text().isEmpty() || cell.text().equalsIgnoreCase("N/A");
    }
}
