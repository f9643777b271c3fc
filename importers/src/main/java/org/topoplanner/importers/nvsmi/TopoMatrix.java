package org.topoplanner.importers.nvsmi;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An {@code nvidia-smi topo} matrix as written, before it means anything: header, rows, legend and
 * the shell prompt it was pasted with. Every piece keeps its line and column for diagnostics.
 *
 * @param promptHost  the host of a shell prompt before the matrix ({@code user@dgx01:~$ nvidia-smi ...}),
 *                    else {@code null}
 * @param promptLine  the line of that prompt, 0 when there is none
 * @param command     the {@code nvidia-smi} command of that prompt, else {@code null}
 * @param header      the header line, {@code null} when the text has none
 * @param rows        the rows, in order
 * @param nicLegend   {@code NIC0 -> mlx5_0} from the {@code NIC Legend} section
 * @param legendWords the words the {@code Legend} section defines ({@code X}, {@code SYS}, {@code NV#}, ...)
 * @param legendSeen  whether a {@code Legend:} section was present at all
 */
record TopoMatrix(String promptHost, int promptLine, String command, Header header, List<Row> rows,
                  Map<String, String> nicLegend, Set<String> legendWords, boolean legendSeen) {

    /** One piece of text and where it starts (1-based). */
    record Cell(String text, int line, int column) {
    }

    enum AffinityKind {
        CPU("CPU Affinity"), NUMA("NUMA Affinity"), GPU_NUMA_ID("GPU NUMA ID");

        private final String title;

        AffinityKind(String title) {
            this.title = title;
        }

        String title() {
            return title;
        }
    }

    /** An affinity column title and the screen column (tabs expanded to 8) where it starts. */
    record AffinityColumn(AffinityKind kind, int screenColumn) {
    }

    /** The header: device labels in column order, then the affinity columns present. */
    record Header(int line, List<Cell> devices, List<AffinityColumn> affinity) {
        List<String> labels() {
            return devices.stream().map(Cell::text).toList();
        }
    }

    /**
     * A row: its label, the matrix cells it has (possibly fewer than the header when the row ends
     * early), and its affinity cells by column.
     */
    record Row(Cell label, List<Cell> cells, Map<AffinityKind, Cell> affinity) {
        Optional<Cell> cell(int column) {
            return column < cells.size() ? Optional.of(cells.get(column)) : Optional.empty();
        }
    }
}
