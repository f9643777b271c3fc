package org.topoplanner.app.desktop.dialogs;

import java.util.Optional;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.design.ClusterDesigner;
import org.topoplanner.model.design.FabricDesign;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** "New cluster…": a fat tree or rail-optimised fabric from parameters and a node template. */
public final class NewClusterDialog {
    private NewClusterDialog() {
    }

    public static Optional<Cluster> show(Window owner) {
        Dialog<Cluster> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("New cluster");
        d.setHeaderText("Design a fabric and fill it with one node type");
        ComboBox<FabricDesign.Kind> kind = new ComboBox<>();
        kind.getItems().setAll(FabricDesign.Kind.values());
        kind.setValue(FabricDesign.Kind.FAT_TREE);
        TextField name = new TextField("design");
        Spinner<Integer> leaves = new Spinner<>(1, 4096, 8);
        Spinner<Integer> hostsPerLeaf = new Spinner<>(1, 256, 16);
        Spinner<Integer> leavesPerPod = new Spinner<>(1, 4096, 8);
        Spinner<Integer> spines = new Spinner<>(0, 512, 4);
        Spinner<Integer> cores = new Spinner<>(0, 1024, 0);
        Spinner<Integer> uplinks = new Spinner<>(0, 256, 16);
        Spinner<Integer> rails = new Spinner<>(1, 16, 8);
        ComboBox<LinkSpeed> speed = new ComboBox<>();
        speed.getItems().setAll(LinkSpeed.HDR, LinkSpeed.NDR, LinkSpeed.XDR, LinkSpeed.EDR);
        speed.setValue(LinkSpeed.NDR);
        ComboBox<NodeTemplate> template = new ComboBox<>();
        template.getItems().setAll(NodeTemplate.values());
        template.setValue(NodeTemplate.HGX_H100_SXM);
        Label problem = new Label();
        problem.getStyleClass().add("problem");
        GridPane g = new GridPane();
        g.setHgap(10);
        g.setVgap(6);
        g.setPadding(new Insets(10));
        Object[][] rows = {{"Name", name}, {"Fabric", kind}, {"Leaves", leaves}, {"Hosts per leaf (per unit for rails)", hostsPerLeaf},
                {"Leaves per pod", leavesPerPod}, {"Spines per pod", spines}, {"Core switches", cores},
                {"Uplinks per leaf", uplinks}, {"Rails (HCAs per host)", rails}, {"Link speed", speed},
                {"Node template", template}};
        for (int i = 0; i < rows.length; i++) {
            g.add(new Label((String) rows[i][0]), 0, i);
            g.add((javafx.scene.Node) rows[i][1], 1, i);
        }
        g.add(problem, 0, rows.length, 2, 1);
        d.getDialogPane().setContent(g);
        d.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        Cluster[] built = new Cluster[1];
        // Validate on OK and keep the dialog open with the reason, rather than closing on a bad design.
        d.getDialogPane().lookupButton(ButtonType.OK).addEventFilter(javafx.event.ActionEvent.ACTION, e -> {
            try {
                FabricDesign design = new FabricDesign(kind.getValue(), leaves.getValue(), hostsPerLeaf.getValue(),
                        leavesPerPod.getValue(), spines.getValue(), cores.getValue(), uplinks.getValue(),
                        kind.getValue() == FabricDesign.Kind.RAIL_OPTIMISED ? rails.getValue() : 1, speed.getValue(), "node");
                built[0] = ClusterDesigner.design(name.getText().isBlank() ? "design" : name.getText().strip(), design,
                        ShippedData.template(template.getValue()));
            } catch (IllegalArgumentException ex) {
                problem.setText(ex.getMessage());
                e.consume();
            }
        });
        d.setResultConverter(b -> b == ButtonType.OK ? built[0] : null);
        return d.showAndWait();
    }
}
