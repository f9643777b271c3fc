package org.topoplanner.app.desktop;

import javafx.geometry.Insets;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.topoplanner.model.cluster.Cluster;

/**
 * The main window: the cluster tree (with search) on the left, the selection's details in the
 * centre, a status bar below.
 */
final class MainWindow {
    private final Cluster cluster;
    private final BorderPane root = new BorderPane();
    private final TreeView<TreeEntry> tree;
    private final SelectionDetails details;
    private final Label status = new Label();

    MainWindow(Cluster cluster) {
        this.cluster = cluster;
        TreeItem<TreeEntry> all = ClusterTreeItems.build(cluster);
        tree = new TreeView<>(all);
        tree.setId("clusterTree");
        tree.setShowRoot(true);
        details = new SelectionDetails(cluster);
        TextField search = new TextField();
        search.setId("treeSearch");
        search.setPromptText("Search switches, hosts, devices");
        search.textProperty().addListener((obs, old, text) -> selectFirstMatch(all, text));
        VBox left = new VBox(6, search, tree);
        left.setPadding(new Insets(6));
        VBox.setVgrow(tree, Priority.ALWAYS);
        tree.getSelectionModel().selectedItemProperty().addListener((obs, old, item) -> {
            details.show(item == null ? null : item.getValue());
            status.setText(item == null ? summary() : item.getValue().name() + " \u2014 " + item.getValue().detail());
        });
        SplitPane split = new SplitPane(left, details.node());
        split.setDividerPositions(0.3);
        root.setCenter(split);
        status.setText(summary());
        HBox bar = new HBox(status);
        bar.setPadding(new Insets(3, 8, 3, 8));
        bar.setStyle("-fx-border-color: -fx-box-border transparent transparent transparent;");
        root.setBottom(bar);
        tree.getSelectionModel().select(0);
    }

    Parent root() {
        return root;
    }

    String clusterName() {
        return cluster.name();
    }

    private String summary() {
        return cluster.name() + ": " + cluster.fabric().switches().size() + " switches, "
                + cluster.hostNames().size() + " hosts, " + cluster.gpuCount() + " GPUs";
    }

    /** Selects (and reveals) the first row whose name contains the text, case-insensitively. */
    private void selectFirstMatch(TreeItem<TreeEntry> item, String text) {
        if (text == null || text.isBlank()) {
            return;
        }
        TreeItem<TreeEntry> hit = find(item, text.strip().toLowerCase(java.util.Locale.ROOT));
        if (hit != null) {
            for (TreeItem<TreeEntry> p = hit.getParent(); p != null; p = p.getParent()) {
                p.setExpanded(true);
            }
            tree.getSelectionModel().select(hit);
            tree.scrollTo(tree.getRow(hit));
        }
    }

    private static TreeItem<TreeEntry> find(TreeItem<TreeEntry> item, String needle) {
        if (item.getValue().name().toLowerCase(java.util.Locale.ROOT).contains(needle)
                && item.getValue().kind() != TreeEntry.Kind.CLUSTER) {
            return item;
        }
        for (TreeItem<TreeEntry> c : item.getChildren()) {
            TreeItem<TreeEntry> hit = find(c, needle);
            if (hit != null) {
                return hit;
            }
        }
        return null;
    }
}
