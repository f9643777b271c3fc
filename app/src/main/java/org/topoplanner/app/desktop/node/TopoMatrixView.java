package org.topoplanner.app.desktop.node;

import java.util.List;
import java.util.stream.Collectors;
import javafx.geometry.HPos;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.paint.Color;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;

/**
 * The {@code nvidia-smi topo -m} matrix of a node, cells coloured by class from best (NVLink,
 * darker green with more links) to worst (SYS), with the CPU and NUMA affinity columns. Column
 * headers stand on their side so 18 devices fit a column of a cell's width each, and no header or
 * cell is ever cut to "G…"; every header and cell says in a tooltip what it is (the pair and what
 * its class means), the legend under the view names the classes.
 */
final class TopoMatrixView extends GridPane {
    TopoMatrixView() {
        getStyleClass().add("topo-matrix");
        setId("nodeMatrix");
    }

    void show(NodeTopology t, Palette p) {
        getChildren().clear();
        List<String> ids = t.deviceIds();
        for (int j = 0; j < ids.size(); j++) {
            add(columnHeader(ids.get(j), describe(t, ids.get(j))), j + 1, 0);
        }
        add(columnHeader("CPU Affinity", "The CPUs nearest the GPU (nvidia-smi's CPU Affinity column)"), ids.size() + 1, 0);
        add(columnHeader("NUMA Affinity", "The NUMA node(s) the device is attached to"), ids.size() + 2, 0);
        for (int i = 0; i < ids.size(); i++) {
            add(header(ids.get(i), describe(t, ids.get(i))), 0, i + 1);
            for (int j = 0; j < ids.size(); j++) {
                Label cell;
                if (i == j) {
                    cell = cell("X", p.token("-tp-mx-self"), p);
                } else {
                    DeviceLink l = t.link(ids.get(i), ids.get(j)).orElse(null);
                    cell = l == null ? cell("", p.bg(), p)
                            : cell(l.token(), p.matrixCell(l.kind(), l.kind() == LinkKind.NV ? l.count() : 0), p);
                    if (l != null) {
                        cell.setTooltip(new javafx.scene.control.Tooltip(ids.get(i) + " \u2194 " + ids.get(j) + ": "
                                + l.token() + " \u2014 " + meaning(l)));
                    }
                }
                add(cell, j + 1, i + 1);
            }
            String id = ids.get(i);
            String cpus = t.gpu(id).map(Gpu::cpus).filter(c -> !c.isEmpty()).map(Object::toString).orElse("N/A");
            List<Integer> numa = t.gpu(id).map(Gpu::numaNodes).or(() -> t.nic(id).map(Nic::numaNodes)).orElse(List.of());
            add(affinity(t.gpu(id).isPresent() ? cpus : ""), ids.size() + 1, i + 1);
            add(affinity(numa.isEmpty() ? "N/A" : numa.stream().map(String::valueOf).collect(Collectors.joining(","))),
                    ids.size() + 2, i + 1);
        }
    }

    private static Label header(String s, String tip) {
        Label l = new Label(s);
        l.getStyleClass().add("header");
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        l.setTooltip(new javafx.scene.control.Tooltip(tip));
        GridPane.setHalignment(l, HPos.CENTER);
        return l;
    }

    /** A column header turned on its side (read bottom to top), in a group so the column takes its height as width. */
    private static javafx.scene.Group columnHeader(String s, String tip) {
        Label l = header(s, tip);
        l.setRotate(-90);
        javafx.scene.Group g = new javafx.scene.Group(l);
        GridPane.setHalignment(g, HPos.CENTER);
        GridPane.setValignment(g, javafx.geometry.VPos.BOTTOM);
        return g;
    }

    /** What a device is, for its header's tooltip. */
    private static String describe(NodeTopology t, String id) {
        return t.gpu(id).map(g -> id + ": GPU " + g.index() + (g.model() == null ? "" : ", " + g.model())
                        + (g.numaNodes().isEmpty() ? "" : ", NUMA " + g.numaNodes()))
                .or(() -> t.nic(id).map(n -> id + ": network adapter" + (n.numaNodes().isEmpty() ? "" : ", NUMA " + n.numaNodes())))
                .orElse(id);
    }

    /** What a path class means, in nvidia-smi's legend's words. */
    static String meaning(DeviceLink l) {
        return switch (l.kind()) {
            case NV -> (l.count() == null ? "NVLink" : "a bonded set of " + l.count() + " NVLinks");
            case PIX -> "at most a single PCIe bridge";
            case PXB -> "multiple PCIe bridges, without the PCIe host bridge";
            case PHB -> "PCIe and a PCIe host bridge (typically the CPU)";
            case NODE -> "PCIe and the interconnect between host bridges within a NUMA node";
            case SYS -> "PCIe and the SMP interconnect between NUMA nodes (QPI/UPI/xGMI)";
        };
    }

    private static Label cell(String s, Color bg, Palette p) {
        Label l = new Label(s);
        l.getStyleClass().add("cell");
        l.setMaxWidth(Double.MAX_VALUE);
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        l.setStyle("-fx-background-color: " + web(bg) + "; -fx-text-fill: " + web(Palette.textOn(bg)) + ";");
        return l;
    }

    private static Label affinity(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("affinity");
        return l;
    }

    static String web(Color c) {
        return String.format("#%02x%02x%02x", (int) Math.round(c.getRed() * 255), (int) Math.round(c.getGreen() * 255),
                (int) Math.round(c.getBlue() * 255));
    }
}
