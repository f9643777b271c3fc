package org.topoplanner.app.desktop.dialogs;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
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

    @Test
    void typedHostsPerLeafChangeTheBillAndLettersAreRefused(FxRobot robot) throws Exception {
        Platform.runLater(() -> NewClusterDialog.show(stage));
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
        robot.interact(() -> ViewShots.save(bill.getScene(), "new-cluster-bill"));

        DialogPane pane = (DialogPane) bill.getScene().getRoot();
        robot.interact(() -> ((javafx.scene.control.Button) pane.lookupButton(ButtonType.CANCEL)).fire());
    }
}
