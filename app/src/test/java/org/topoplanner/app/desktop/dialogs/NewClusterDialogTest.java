package org.topoplanner.app.desktop.dialogs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.Dialogs;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.fabric.ViewShots;

/** New cluster…: typed numbers, topologies in engineers' words, and a bill of materials that follows the form. */
@ExtendWith(ApplicationExtension.class)
class NewClusterDialogTest {
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 400, 300));
        stage.show();
    }

    @TempDir
    Path settings;

    private DesignPresets presets() {
        return new DesignPresets(settings.resolve(DesignPresets.FILE));
    }

    @Test
    void typedHostsPerLeafChangeTheBillAndLettersAreRefused(FxRobot robot) throws Exception {
        Platform.runLater(() -> NewClusterDialog.show(stage, presets()));
        Eventually.until("the designer", () -> robot.lookup("#billOfMaterials").tryQuery().isPresent());
        Label bill = robot.lookup("#billOfMaterials").queryAs(Label.class);
        assertThat(bill.getText()).contains("8 leaf switches").contains("128 hosts");
        @SuppressWarnings("unchecked")
        ComboBox<Object> kind = robot.lookup((javafx.scene.Node n) -> n instanceof ComboBox<?> c
                && c.getValue() != null && c.getValue().toString().equals("FAT_TREE")).queryAs(ComboBox.class);
        assertThat(kind.getConverter().toString(kind.getValue())).startsWith("Fat tree");

        @SuppressWarnings("unchecked")
        Spinner<Integer> leaves = robot.lookup("#hostsPerLeaf").queryAs(Spinner.class);
        robot.doubleClickOn(leaves.getEditor());
        robot.interact(() -> leaves.getEditor().selectAll());
        robot.write("32x");
        robot.type(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(leaves.getEditor().getText()).as("letters are not taken").isEqualTo("32");
        assertThat(leaves.getValue()).isEqualTo(32);
        assertThat(bill.getText()).as("the bill follows the typed value").contains("8 leaf switches").contains("256 hosts")
                .contains("leaves oversubscribed 2.0:1");
        assertThat(robot.lookup("#cableClasses").queryLabeled().getText())
                .contains("256 host\u2013leaf: copper DAC").contains("leaf\u2013spine: optical");
        FabricSketch sketch = robot.lookup("#fabricSketch").queryAs(FabricSketch.class);
        assertThat(sketch.rows()).containsExactly("4 spines", "8 leaves", "256 hosts");
        robot.interact(() -> ViewShots.save(bill.getScene(), "new-cluster-bill"));

        DialogPane pane = (DialogPane) bill.getScene().getRoot();
        robot.interact(() -> ((javafx.scene.control.Button) pane.lookupButton(ButtonType.CANCEL)).fire());
    }

    @Test
    void aDesignSavedAsAPresetIsOfferedTheNextTime(FxRobot robot) throws Exception {
        Platform.runLater(() -> NewClusterDialog.show(stage, presets()));
        Eventually.until("the designer", () -> robot.lookup("#billOfMaterials").tryQuery().isPresent());
        TextField name = robot.lookup((javafx.scene.Node n) -> n instanceof TextField t && "design".equals(t.getText()))
                .queryAs(TextField.class);
        @SuppressWarnings("unchecked")
        Spinner<Integer> spines = robot.lookup("#spines").queryAs(Spinner.class);
        @SuppressWarnings("unchecked")
        Spinner<Integer> leaves = robot.lookup("#leaves").queryAs(Spinner.class);
        @SuppressWarnings("unchecked")
        Spinner<Integer> cores = robot.lookup("#cores").queryAs(Spinner.class);
        robot.interact(() -> {
            // two pods of 8 leaves, 2 spines each, joined by 4 cores: a three-tier fat tree
            name.setText("lab");
            cores.getValueFactory().setValue(4);
            leaves.getValueFactory().setValue(16);
            spines.getValueFactory().setValue(2);
        });
        robot.clickOn("#savePreset");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(presets().read().presets()).containsKey("lab");
        assertThat(presets().read().presets().get("lab").design().spines()).isEqualTo(2);
        DialogPane first = (DialogPane) name.getScene().getRoot();
        robot.interact(() -> ((javafx.scene.control.Button) first.lookupButton(ButtonType.CANCEL)).fire());
        WaitForAsyncUtils.waitForFxEvents();

        Platform.runLater(() -> NewClusterDialog.show(stage, presets()));
        Eventually.until("the designer again", () -> robot.lookup("#designPreset").tryQuery()
                .filter(n -> n.getScene() != first.getScene()).isPresent());
        @SuppressWarnings("unchecked")
        ComboBox<String> preset = robot.lookup("#designPreset").queryAs(ComboBox.class);
        @SuppressWarnings("unchecked")
        Spinner<Integer> spinesAgain = robot.lookup("#spines").queryAs(Spinner.class);
        assertThat(spinesAgain.getValue()).as("a new dialog starts from the default design").isEqualTo(4);
        Dialogs.pick(robot, preset, "lab");
        assertThat(spinesAgain.getValue()).isEqualTo(2);
        FabricSketch sketch = robot.lookup("#fabricSketch").queryAs(FabricSketch.class);
        assertThat(sketch.rows()).containsExactly("4 cores", "4 spines", "16 leaves", "256 hosts");
        robot.interact(() -> ViewShots.save(preset.getScene(), "new-cluster-preset"));
        DialogPane second = (DialogPane) preset.getScene().getRoot();
        robot.interact(() -> ((javafx.scene.control.Button) second.lookupButton(ButtonType.CANCEL)).fire());
    }

    @Test
    void aRailOptimisedDesignIsSketchedWithItsRailsAndItsHostCablesAsOptics(FxRobot robot) throws Exception {
        Platform.runLater(() -> NewClusterDialog.show(stage, presets()));
        Eventually.until("the designer", () -> robot.lookup("#billOfMaterials").tryQuery().isPresent());
        @SuppressWarnings("unchecked")
        ComboBox<Object> kind = robot.lookup((javafx.scene.Node n) -> n instanceof ComboBox<?> c
                && c.getValue() != null && c.getValue().toString().equals("FAT_TREE")).queryAs(ComboBox.class);
        @SuppressWarnings("unchecked")
        Spinner<Integer> leaves = robot.lookup("#leaves").queryAs(Spinner.class);
        @SuppressWarnings("unchecked")
        Spinner<Integer> leavesPerPod = robot.lookup("#leavesPerPod").queryAs(Spinner.class);
        // a fat tree's hosts have one HCA each: the rail count is offered only for rail-optimised designs
        assertThat(robot.lookup("#rails").queryAs(Spinner.class).isDisabled()).isTrue();
        robot.interact(() -> {
            // two scalable units of 8 rail leaves, 16 hosts each, in one pod
            leavesPerPod.getValueFactory().setValue(16);
            leaves.getValueFactory().setValue(16);
            kind.setValue(org.topoplanner.model.design.FabricDesign.Kind.RAIL_OPTIMISED);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#rails").queryAs(Spinner.class).isDisabled()).isFalse();
        FabricSketch sketch = robot.lookup("#fabricSketch").queryAs(FabricSketch.class);
        assertThat(sketch.rows()).containsExactly("4 spines", "16 leaves", "32 hosts");
        assertThat(robot.lookup("#cableClasses").queryLabeled().getText()).doesNotContain("copper DAC")
                .contains("256 host\u2013leaf: optical");
        robot.interact(() -> ViewShots.save(sketch.getScene(), "new-cluster-rail"));
        DialogPane pane = (DialogPane) sketch.getScene().getRoot();
        robot.interact(() -> ((javafx.scene.control.Button) pane.lookupButton(ButtonType.CANCEL)).fire());
    }
}
