package org.topoplanner.app.desktop.inspector;

import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.topoplanner.app.desktop.tree.TreeEntry;
import org.topoplanner.model.cluster.Cluster;

/** The inspector's head: the selected cluster, switch or host, and its properties as a sheet. */
public final class SelectionDetails {
    private Cluster cluster;
    private final VBox box = new VBox(6);
    private final Label title = new Label();
    private final Label detail = new Label();
    private final InspectorSheet sheet = new InspectorSheet("selectionProperties", SelectionProperties.CATEGORIES, null);

    public SelectionDetails(Cluster cluster) {
        this.cluster = cluster;
        box.setPadding(new Insets(12, 8, 4, 8));
        box.setId("details");
        title.getStyleClass().add("inspector-title");
        detail.getStyleClass().add("inspector-detail");
        detail.setWrapText(true);
        box.getChildren().addAll(title, detail, sheet.node());
    }

    public Node node() {
        return box;
    }

    public void setCluster(Cluster c) {
        this.cluster = c;
    }

    public void show(TreeEntry entry) {
        title.setText(entry == null ? "" : entry.name());
        detail.setText(entry == null ? "" : entry.detail());
        sheet.show(SelectionProperties.of(cluster, entry));
    }
}
