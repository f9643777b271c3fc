package org.topoplanner.app.desktop;

import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;

/**
 * The centre pane: properties of the selected switch or host, and for a host its device matrix in
 * the {@code nvidia-smi topo -m} form engineers read every day.
 */
final class SelectionDetails {
    private final Cluster cluster;
    private final VBox box = new VBox(10);
    private final ScrollPane scroll = new ScrollPane(box);

    SelectionDetails(Cluster cluster) {
        this.cluster = cluster;
        box.setPadding(new Insets(12));
        box.setId("details");
        scroll.setFitToWidth(true);
    }

    Node node() {
        return scroll;
    }

    void show(TreeEntry entry) {
        box.getChildren().clear();
        if (entry == null) {
            return;
        }
        Label title = new Label(entry.name());
        title.setStyle("-fx-font-size: 18px; -fx-font-weight: bold;");
        box.getChildren().addAll(title, new Label(entry.detail()));
        switch (entry.kind()) {
            case SWITCH -> showSwitch(entry.name());
            case HOST -> showHost(entry.name());
            case CLUSTER -> showCluster();
            default -> { }
        }
    }

    private void showCluster() {
        Fabric f = cluster.fabric();
        GridPane g = grid();
        int row = 0;
        for (int tier = f.maxTier(); tier >= 0; tier--) {
            int n = f.switchesOfTier(tier).size();
            if (n > 0) {
                row(g, row++, ClusterTreeItems.tierName(tier) + " switches", String.valueOf(n));
            }
        }
        row(g, row++, "hosts", String.valueOf(cluster.hostNames().size()));
        row(g, row++, "GPUs", String.valueOf(cluster.gpuCount()));
        row(g, row, "cables", String.valueOf(f.cables().size()));
        box.getChildren().add(g);
    }

    private void showSwitch(String name) {
        Fabric f = cluster.fabric();
        var s = f.switchNamed(name).orElseThrow();
        GridPane g = grid();
        int row = 0;
        row(g, row++, "tier", s.tier() + " (" + ClusterTreeItems.tierName(s.tier()) + ")");
        if (s.guid() != null) {
            row(g, row++, "GUID", s.guid());
        }
        if (s.description() != null) {
            row(g, row++, "description", s.description());
        }
        row(g, row++, "parents", String.join(", ", f.parents(name)));
        row(g, row++, "child switches", String.join(", ", f.childSwitches(name)));
        row(g, row++, "hosts", String.join(", ", f.hostsOf(name)));
        row(g, row, "hosts below", String.valueOf(f.hostsUnder(name).size()));
        box.getChildren().add(g);
    }

    private void showHost(String host) {
        NodeTopology t = cluster.node(host);
        GridPane g = grid();
        int row = 0;
        row(g, row++, "model", t.model() == null ? "unknown" : t.model());
        row(g, row++, "sockets / NUMA / cores / threads", n(t.sockets()) + " / " + n(t.numaNodes()) + " / "
                + n(t.cores()) + " / " + n(t.threads()));
        row(g, row++, "switches", String.join(", ", cluster.fabric().switchesOf(host)));
        row(g, row, "weight, features", cluster.attributes(host).weight() + ", "
                + String.join(",", cluster.attributes(host).features()));
        box.getChildren().add(g);
        if (!t.gpus().isEmpty() || !t.nics().isEmpty()) {
            box.getChildren().add(matrix(t));
        }
    }

    private static GridPane matrix(NodeTopology t) {
        GridPane g = new GridPane();
        g.setId("topoMatrix");
        g.setHgap(10);
        g.setVgap(4);
        List<String> ids = t.deviceIds();
        for (int j = 0; j < ids.size(); j++) {
            g.add(bold(ids.get(j)), j + 1, 0);
        }
        g.add(bold("CPU Affinity"), ids.size() + 1, 0);
        g.add(bold("NUMA Affinity"), ids.size() + 2, 0);
        for (int i = 0; i < ids.size(); i++) {
            g.add(bold(ids.get(i)), 0, i + 1);
            for (int j = 0; j < ids.size(); j++) {
                String cell = i == j ? "X" : t.link(ids.get(i), ids.get(j)).map(l -> l.token()).orElse("");
                g.add(new Label(cell), j + 1, i + 1);
            }
            String id = ids.get(i);
            String cpus = t.gpu(id).map(Gpu::cpus).map(Object::toString).orElse("");
            String numa = t.gpu(id).map(Gpu::numaNodes).or(() -> t.nic(id).map(Nic::numaNodes))
                    .map(l -> l.isEmpty() ? "N/A" : l.toString().replaceAll("[\\[\\] ]", "")).orElse("");
            g.add(new Label(cpus), ids.size() + 1, i + 1);
            g.add(new Label(numa), ids.size() + 2, i + 1);
        }
        return g;
    }

    private static Label bold(String s) {
        Label l = new Label(s);
        l.setStyle("-fx-font-weight: bold;");
        return l;
    }

    private static GridPane grid() {
        GridPane g = new GridPane();
        g.setHgap(16);
        g.setVgap(6);
        return g;
    }

    private static void row(GridPane g, int row, String key, String value) {
        Label k = new Label(key);
        k.setStyle("-fx-text-fill: -fx-mid-text-color;");
        Label v = new Label(value.isEmpty() ? "\u2014" : value);
        v.setWrapText(true);
        g.add(k, 0, row);
        g.add(v, 1, row);
    }

    private static String n(Integer v) {
        return v == null ? "?" : v.toString();
    }
}
