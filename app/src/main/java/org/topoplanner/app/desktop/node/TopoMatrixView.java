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
 * darker green with more links) to worst (SYS), with the CPU and NUMA affinity columns.
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
            add(header(ids.get(j)), j + 1, 0);
        }
        add(header("CPU Affinity"), ids.size() + 1, 0);
        add(header("NUMA Affinity"), ids.size() + 2, 0);
        for (int i = 0; i < ids.size(); i++) {
            add(header(ids.get(i)), 0, i + 1);
            for (int j = 0; j < ids.size(); j++) {
                Label cell;
                if (i == j) {
                    cell = cell("X", p.token("-tp-mx-self"), p);
                } else {
                    DeviceLink l = t.link(ids.get(i), ids.get(j)).orElse(null);
                    cell = l == null ? cell("", p.bg(), p)
                            : cell(l.token(), p.matrixCell(l.kind(), l.kind() == LinkKind.NV ? l.count() : 0), p);
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

    private static Label header(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("header");
        GridPane.setHalignment(l, HPos.CENTER);
        return l;
    }

    private static Label cell(String s, Color bg, Palette p) {
        Label l = new Label(s);
        l.getStyleClass().add("cell");
        l.setMaxWidth(Double.MAX_VALUE);
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
