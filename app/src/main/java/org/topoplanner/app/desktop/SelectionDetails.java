package org.topoplanner.app.desktop;

import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.node.NodeTopology;

/** The inspector's properties of the selected cluster, switch or host. */
final class SelectionDetails {
    private Cluster cluster;
    private final VBox box = new VBox(10);

    SelectionDetails(Cluster cluster) {
        this.cluster = cluster;
        box.setPadding(new Insets(12));
        box.setId("details");
    }

    Node node() {
        return box;
    }

    void setCluster(Cluster c) {
        this.cluster = c;
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
        // The device matrix is the node view's job (its matrix toggle); the inspector stays compact.
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
