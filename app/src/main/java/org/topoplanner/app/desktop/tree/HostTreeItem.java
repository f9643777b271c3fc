package org.topoplanner.app.desktop.tree;

import javafx.collections.ObservableList;
import javafx.scene.control.TreeItem;
import org.topoplanner.model.node.NodeTopology;

/**
 * A host's row in the cluster tree whose GPU and NIC rows are made the first time anything asks for
 * them (the row is opened, or a test reads them), not when the tree is built.
 */
final class HostTreeItem extends TreeItem<TreeEntry> {
    private final NodeTopology topology;
    private boolean built;

    HostTreeItem(TreeEntry entry, NodeTopology topology) {
        super(entry);
        this.topology = topology;
    }

    @Override
    public boolean isLeaf() {
        return topology.gpus().isEmpty() && topology.nics().isEmpty();
    }

    @Override
    public ObservableList<TreeItem<TreeEntry>> getChildren() {
        if (!built) {
            built = true;
            super.getChildren().setAll(ClusterTreeItems.parts(topology));
        }
        return super.getChildren();
    }
}
