package org.topoplanner.app.desktop.node;

import java.util.LinkedHashMap;
import java.util.Map;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.node.layout.NodeLayout;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;

/** The key under the node picture: object types in their pastels, NVLink, and the jobs on this host. */
final class NodeLegend extends FlowPane {
    NodeLegend() {
        super(14, 4);
        getStyleClass().add("view-legend");
        setId("nodeLegend");
        setAlignment(Pos.CENTER_LEFT);
    }

    void update(NodeTopology t, Occupancy occ, String host, Palette p, NodeLayout layout) {
        getChildren().clear();
        getChildren().add(swatch(p.token("-tp-node-package"), "Package"));
        getChildren().add(swatch(p.token("-tp-node-numa"), "NUMA node"));
        getChildren().add(swatch(p.token("-tp-node-core"), layout != null && layout.folded() ? "Cores (folded)" : "Core"));
        if (!t.pci().isEmpty()) {
            Rectangle sq = new Rectangle(8, 8, p.token("-tp-node-bridge"));
            getChildren().add(item(sq, "PCIe bridge / switch"));
        }
        if (!t.gpus().isEmpty()) {
            getChildren().add(swatch(p.token("-tp-node-gpu"), "GPU"));
        }
        if (!t.nics().isEmpty()) {
            getChildren().add(swatch(p.token("-tp-node-nic"), "NIC"));
        }
        if (!t.nvSwitches().isEmpty()) {
            getChildren().add(swatch(p.token("-tp-node-nvswitch"), "NVSwitch"));
        }
        if (layout != null && (layout.nvlink().bar() != null || !layout.nvlink().brackets().isEmpty())) {
            Line l = new Line(0, 0, 18, 0);
            l.setStroke(p.token("-tp-nvlink"));
            l.setStrokeWidth(4);
            getChildren().add(item(l, "NVLink (width = links)"));
        }
        Map<String, Integer> jobs = new LinkedHashMap<>();
        for (Gpu g : t.gpus()) {
            String j = occ.jobOn(host, g.index());
            if (j != null) {
                jobs.merge(j, 1, Integer::sum);
            }
        }
        for (String j : occ.jobsOn(host)) {
            jobs.putIfAbsent(j, 0);
        }
        jobs.forEach((job, gpus) -> getChildren().add(swatch(p.jobColour(occ, job),
                job + (gpus > 0 ? "  " + gpus + " GPU" + (gpus == 1 ? "" : "s") : ""))));
    }

    /** The key to the matrix: path classes from best to worst. */
    void updateMatrix(Palette p) {
        getChildren().clear();
        getChildren().add(swatch(p.matrixCell(org.topoplanner.model.node.LinkKind.NV, 18), "NV# NVLink (darker = more links)"));
        String[][] classes = {{"PIX", "one PCIe switch"}, {"PXB", "several PCIe switches"}, {"PHB", "host bridge"},
            {"NODE", "across host bridges, one NUMA node"}, {"SYS", "across NUMA nodes / sockets"}};
        for (String[] c : classes) {
            getChildren().add(swatch(p.matrixCell(org.topoplanner.model.node.LinkKind.valueOf(c[0]), 0), c[0] + "  " + c[1]));
        }
    }

    private static HBox swatch(Color c, String text) {
        Rectangle r = new Rectangle(14, 10, c);
        r.setStroke(Color.gray(0.5, 0.6));
        r.setArcWidth(3);
        r.setArcHeight(3);
        return item(r, text);
    }

    private static HBox item(javafx.scene.Node glyph, String text) {
        HBox box = new HBox(6, glyph, new Label(text));
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }
}
