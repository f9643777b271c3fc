package org.topoplanner.app.desktop.dialogs;

import java.util.List;
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
        kind.setConverter(DesignWords.converter(DesignWords::kind));
        TextField name = new TextField("design");
        Spinner<Integer> leaves = DesignWords.typed("leaves", 1, 4096, 8);
        Spinner<Integer> hostsPerLeaf = DesignWords.typed("hostsPerLeaf", 1, 256, 16);
        Spinner<Integer> leavesPerPod = DesignWords.typed("leavesPerPod", 1, 4096, 8);
        Spinner<Integer> spines = DesignWords.typed("spines", 0, 512, 4);
        Spinner<Integer> cores = DesignWords.typed("cores", 0, 1024, 0);
        Spinner<Integer> uplinks = DesignWords.typed("uplinks", 0, 256, 16);
        Spinner<Integer> rails = DesignWords.typed("rails", 1, 16, 8);
        ComboBox<LinkSpeed> speed = new ComboBox<>();
        speed.getItems().setAll(LinkSpeed.EDR, LinkSpeed.HDR, LinkSpeed.NDR, LinkSpeed.XDR);
        speed.setValue(LinkSpeed.NDR);
        speed.setConverter(DesignWords.converter(DesignWords::speed));
        ComboBox<NodeTemplate> template = new ComboBox<>();
        template.getItems().setAll(NodeTemplate.values());
        template.setValue(NodeTemplate.HGX_H100_SXM);
        template.setConverter(DesignWords.converter(NodeTemplate::title));
        Label bill = new Label();
        bill.setId("billOfMaterials");
        bill.setWrapText(true);
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
        Label billTitle = new Label("Bill of materials");
        billTitle.getStyleClass().add("section-title");
        g.add(billTitle, 2, 0);
        g.add(bill, 2, 1, 1, rows.length - 1);
        GridPane.setValignment(bill, javafx.geometry.VPos.TOP);
        java.util.function.Supplier<FabricDesign> design = () -> new FabricDesign(kind.getValue(), leaves.getValue(),
                hostsPerLeaf.getValue(), leavesPerPod.getValue(), spines.getValue(), cores.getValue(), uplinks.getValue(),
                kind.getValue() == FabricDesign.Kind.RAIL_OPTIMISED ? rails.getValue() : 1, speed.getValue(), "node");
        // the bill follows every change, before anything is created; a design that cannot be built says why
        Runnable recount = () -> {
            try {
                Cluster c = ClusterDesigner.design("design", design.get(), ShippedData.template(template.getValue()));
                bill.setText(String.join("\n", org.topoplanner.app.plan.BillOfMaterials.of(c).lines()));
                problem.setText("");
            } catch (IllegalArgumentException ex) {
                bill.setText("");
                problem.setText(ex.getMessage());
            }
        };
        for (Spinner<Integer> sp : List.of(leaves, hostsPerLeaf, leavesPerPod, spines, cores, uplinks, rails)) {
            sp.valueProperty().addListener((o, a, b) -> recount.run());
        }
        kind.valueProperty().addListener((o, a, b) -> recount.run());
        speed.valueProperty().addListener((o, a, b) -> recount.run());
        template.valueProperty().addListener((o, a, b) -> recount.run());
        recount.run();
        d.getDialogPane().setContent(g);
        d.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        Cluster[] built = new Cluster[1];
        // Validate on OK and keep the dialog open with the reason, rather than closing on a bad design.
        d.getDialogPane().lookupButton(ButtonType.OK).addEventFilter(javafx.event.ActionEvent.ACTION, e -> {
            try {
                built[0] = ClusterDesigner.design(name.getText().isBlank() ? "design" : name.getText().strip(), design.get(),
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
