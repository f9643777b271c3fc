package org.topoplanner.app.desktop.dialogs;

import java.util.List;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import java.util.Map;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.plan.BillOfMaterials;
import org.topoplanner.app.plan.CableClasses;
import org.topoplanner.app.plan.PowerBill;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.design.ClusterDesigner;
import org.topoplanner.model.design.FabricDesign;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * "New cluster…": a fat tree or rail-optimised fabric from parameters and a node template, with its bill
 * of materials, its power, its cables by length class and a small picture of its tiers following every change, and
 * designs kept as named presets in the user's settings folder.
 */
public final class NewClusterDialog {
    private NewClusterDialog() {
    }

    public static Optional<Cluster> show(Window owner, DesignPresets presets) {
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
        problem.setWrapText(true);
        Label cablesLabel = new Label();
        cablesLabel.setId("cableClasses");
        cablesLabel.setWrapText(true);
        // the dialog takes its owner's theme (DialogThemes), so the sketch is painted in it too
        FabricSketch sketch = new FabricSketch(Palette.of(Theme.shownIn(owner)), 480, 170);
        ComboBox<String> preset = new ComboBox<>();
        preset.setId("designPreset");
        preset.setPromptText("(none saved yet)");
        Button savePreset = new Button("Save as preset");
        savePreset.setId("savePreset");
        DesignPresets.Read stored = presets.read();
        Map<String, DesignPresets.Preset> known = new java.util.TreeMap<>(stored.presets());
        preset.getItems().setAll(known.keySet());
        preset.setPromptText(known.isEmpty() ? "(none saved yet)" : "choose a saved design");
        problem.setText(stored.problems().stream().map(Object::toString).collect(java.util.stream.Collectors.joining("\n")));
        GridPane g = new GridPane();
        g.setHgap(10);
        g.setVgap(6);
        g.setPadding(new Insets(10));
        Object[][] rows = {{"Preset", new javafx.scene.layout.HBox(6, preset, savePreset)}, {"Name", name}, {"Fabric", kind}, {"Leaves", leaves}, {"Hosts per leaf (per unit for rails)", hostsPerLeaf},
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
        PowerSection power = new PowerSection();
        javafx.scene.layout.VBox side = new javafx.scene.layout.VBox(6, bill, cablesLabel, power.node());
        // the sketch under the form, where the dialog has room whatever the bill's length
        g.add(sketch, 0, rows.length + 1, 2, 1);
        // the bill and cable lines wrap and grow the dialog rather than end in "…"
        bill.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        cablesLabel.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        side.setPrefWidth(360);
        side.setMaxWidth(360);
        g.add(side, 2, 1, 1, rows.length);
        GridPane.setValignment(side, javafx.geometry.VPos.TOP);
        java.util.function.Supplier<FabricDesign> design = () -> new FabricDesign(kind.getValue(), leaves.getValue(),
                hostsPerLeaf.getValue(), leavesPerPod.getValue(), spines.getValue(), cores.getValue(), uplinks.getValue(),
                kind.getValue() == FabricDesign.Kind.RAIL_OPTIMISED ? rails.getValue() : 1, speed.getValue(), "node");
        // the bill follows every change, before anything is created; a design that cannot be built says why
        Runnable recount = () -> {
            try {
                FabricDesign fd = design.get();
                Cluster c = ClusterDesigner.design("design", fd, ShippedData.template(template.getValue()));
                BillOfMaterials b = BillOfMaterials.of(c);
                bill.setText(String.join("\n", b.lines()));
                cablesLabel.setText(String.join("\n", CableClasses.of(b, fd.kind()).lines()));
                sketch.draw(b, fd);
                power.show(PowerBill.of(c, b, ShippedData.switchModel(fd.speed())));
                problem.setText("");
            } catch (IllegalArgumentException ex) {
                bill.setText("");
                cablesLabel.setText("");
                sketch.draw(null, null);
                power.clear();
                problem.setText(ex.getMessage());
            }
        };
        for (Spinner<Integer> sp : List.of(leaves, hostsPerLeaf, leavesPerPod, spines, cores, uplinks, rails)) {
            sp.valueProperty().addListener((o, a, b) -> recount.run());
        }
        kind.valueProperty().addListener((o, a, b) -> recount.run());
        // a fat tree's host has one HCA on its leaf (ClusterDesigner): the rail count only means something for
        // rail-optimised designs, so it is not offered as if it changed a fat tree's bill
        rails.disableProperty().bind(kind.valueProperty().isNotEqualTo(FabricDesign.Kind.RAIL_OPTIMISED));
        speed.valueProperty().addListener((o, a, b) -> recount.run());
        template.valueProperty().addListener((o, a, b) -> recount.run());
        recount.run();
        preset.valueProperty().addListener((o, a, chosen) -> {
            DesignPresets.Preset p = chosen == null ? null : known.get(chosen);
            if (p == null) {
                return;
            }
            FabricDesign fd = p.design();
            name.setText(p.name());
            kind.setValue(fd.kind());
            leaves.getValueFactory().setValue(fd.leaves());
            hostsPerLeaf.getValueFactory().setValue(fd.hostsPerLeaf());
            leavesPerPod.getValueFactory().setValue(fd.leavesPerPod());
            spines.getValueFactory().setValue(fd.spines());
            cores.getValueFactory().setValue(fd.cores());
            uplinks.getValueFactory().setValue(fd.uplinksPerLeaf());
            rails.getValueFactory().setValue(fd.rails());
            speed.setValue(fd.speed());
            template.setValue(p.template());
        });
        // the preset is named as the design is: saving "lab" again replaces the earlier "lab"
        savePreset.setOnAction(e -> {
            try {
                String n = name.getText().isBlank() ? "design" : name.getText().strip();
                DesignPresets.Preset p = new DesignPresets.Preset(n, design.get(), template.getValue());
                presets.save(p);
                known.put(p.name(), p);
                preset.getItems().setAll(known.keySet());
                preset.setValue(p.name());
                preset.setPromptText("choose a saved design");
                problem.setText("saved preset " + p.name() + " in " + presets.file());
            } catch (IllegalArgumentException ex) {
                problem.setText("not saved: " + ex.getMessage());
            } catch (java.io.IOException ex) {
                problem.setText("not saved: cannot write " + presets.file() + ": " + ex.getMessage());
            }
        });
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
