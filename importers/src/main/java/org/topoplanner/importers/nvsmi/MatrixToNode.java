package org.topoplanner.importers.nvsmi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.nvsmi.TopoMatrix.AffinityKind;
import org.topoplanner.importers.nvsmi.TopoMatrix.Cell;
import org.topoplanner.importers.nvsmi.TopoMatrix.Row;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

/**
 * Gives a {@code topo -m} matrix its meaning: GPUs with affinity, NICs with device names, and the
 * class of every device pair.
 *
 * <p>What the matrix does not say stays unknown: socket, core and NUMA counts are {@code null}
 * and the NUMA list is empty, because the affinity columns only name the NUMA nodes that have a
 * GPU (an EPYC in NPS4 has 8 nodes, its GPUs sit on 4), so any count derived from them would be a
 * guess. GPU models are not in the matrix either. NICs get ids {@code NIC0..} in column order; their
 * RDMA device comes from the {@code NIC Legend}, or is the column label in old matrices
 * ({@code mlx5_0}). A pair the two rows disagree on keeps the upper-triangle cell and is reported.
 */
final class MatrixToNode {
    private final Diagnostics diagnostics;
    private final AffinityValues values;

    MatrixToNode(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
        this.values = new AffinityValues(diagnostics);
    }

    NodeTopology build(TopoMatrix matrix) {
        List<Cell> labels = matrix.header().devices();
        List<String> ids = new ArrayList<>();
        Map<String, Row> rows = rowsByLabel(matrix.rows());
        NodeTopologyBuilder node = new NodeTopologyBuilder().derivePcieLinks(false);
        int nics = 0;
        boolean legendMissingReported = false;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Cell label : labels) {
            boolean gpu = label.text().matches("GPU\\d{1,6}");
            String key = gpu ? "GPU" + Integer.parseInt(label.text().substring(3)) : label.text();
            if (!seen.add(key) || label.text().startsWith("GPU") && !gpu) {
                diagnostics.warning(label.line(), label.column(), "column " + label.text()
                        + " is a repeated or impossible device; it is ignored");
                ids.add(null);
                continue;
            }
            Row row = rows.get(label.text());
            if (row == null) {
                diagnostics.warning(label.line(), label.column(), "no row for " + label.text()
                        + "; its links come from the other rows");
            }
            if (gpu) {
                int index = Integer.parseInt(label.text().substring(3));
                ids.add("GPU" + index);
                node.gpu(gpu(index, row));
            } else {
                String id = "NIC" + nics++;
                ids.add(id);
                String device = label.text();
                if (label.text().matches("NIC\\d+")) {
                    device = matrix.nicLegend().get(label.text());
                    if (device == null && !legendMissingReported) {
                        legendMissingReported = true;
                        diagnostics.info(label.line(), label.column(), "no NIC Legend entry for " + label.text()
                                + ": NIC device names are unknown");
                    }
                }
                node.nic(new Nic(id, device, List.of(), null, null, null));
            }
        }
        for (Row row : matrix.rows()) {
            checkDiagonal(row, labels);
        }
        for (int i = 0; i < labels.size(); i++) {
            for (int j = i + 1; j < labels.size(); j++) {
                if (ids.get(i) != null && ids.get(j) != null) {
                    link(ids.get(i), ids.get(j), pairCell(rows, labels, i, j)).ifPresent(node::link);
                }
            }
        }
        return node.build();
    }

    private Gpu gpu(int index, Row row) {
        if (row == null) {
            return new Gpu("GPU" + index, index, null, List.of(), null, null, null, null);
        }
        return new Gpu("GPU" + index, index, null, values.numaNodes(row.affinity().get(AffinityKind.NUMA)),
                values.cpus(row.affinity().get(AffinityKind.CPU)), null, null,
                values.gpuNumaId(row.affinity().get(AffinityKind.GPU_NUMA_ID)));
    }

    /** The upper-triangle cell, else its mirror; a disagreement between the two is reported. */
    private Optional<Cell> pairCell(Map<String, Row> rows, List<Cell> labels, int i, int j) {
        Optional<Cell> upper = Optional.ofNullable(rows.get(labels.get(i).text())).flatMap(r -> r.cell(j));
        Optional<Cell> lower = Optional.ofNullable(rows.get(labels.get(j).text())).flatMap(r -> r.cell(i));
        if (upper.isPresent() && lower.isPresent() && !sameClass(upper.get().text(), lower.get().text())) {
            Cell l = lower.get();
            diagnostics.warning(l.line(), l.column(), labels.get(j).text() + "-" + labels.get(i).text() + " says "
                    + l.text() + " but " + labels.get(i).text() + "-" + labels.get(j).text() + " says "
                    + upper.get().text() + "; keeping " + upper.get().text());
        }
        if (upper.isEmpty() && lower.isEmpty()) {
            Cell label = labels.get(i);
            diagnostics.warning(label.line(), label.column(), "no cell for the pair " + label.text() + "-"
                    + labels.get(j).text());
        }
        return upper.or(() -> lower);
    }

    private Optional<DeviceLink> link(String a, String b, Optional<Cell> cell) {
        if (cell.isEmpty()) {
            return Optional.empty();
        }
        String token = cell.get().text();
        Optional<LinkKind> kind = LinkKind.fromToken(token);
        if (kind.isEmpty() || token.equals("X")) {
            diagnostics.warning(cell.get().line(), cell.get().column(), "'" + token + "' between " + a + " and " + b
                    + " is not a path class");
            return Optional.empty();
        }
        if (kind.get() == LinkKind.NV) {
            int lanes = Integer.parseInt(token.substring(2));
            if (lanes < 1) {
                diagnostics.warning(cell.get().line(), cell.get().column(), token + " has no NVLink lanes");
                return Optional.empty();
            }
            return Optional.of(DeviceLink.nvlink(a, b, lanes));
        }
        return Optional.of(DeviceLink.pcie(a, b, kind.get()));
    }

    private void checkDiagonal(Row row, List<Cell> labels) {
        int self = firstIndex(labels, row.label().text());
        row.cell(self).filter(c -> !c.text().equals("X")).ifPresent(c -> diagnostics.warning(c.line(), c.column(),
                "the cell of " + row.label().text() + " with itself should be X, not " + c.text()));
    }

    private Map<String, Row> rowsByLabel(List<Row> rows) {
        Map<String, Row> byLabel = new HashMap<>();
        for (Row row : rows) {
            if (byLabel.putIfAbsent(row.label().text(), row) != null) {
                diagnostics.warning(row.label().line(), row.label().column(), "second row for "
                        + row.label().text() + " ignored");
            }
        }
        return byLabel;
    }

    private static boolean sameClass(String x, String y) {
        return x.equals(y) || LinkKind.fromToken(x).equals(LinkKind.fromToken(y)) && !x.startsWith("NV");
    }

    private static int firstIndex(List<Cell> labels, String text) {
        for (int i = 0; i < labels.size(); i++) {
            if (labels.get(i).text().equals(text)) {
                return i;
            }
        }
        return -1;
    }
}
