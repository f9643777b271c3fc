package org.topoplanner.app.desktop.dialogs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.resources.NodeTemplate;

/** New cluster…'s bill shows power per tier and in total, with each figure's kind and source on hover. */
@ExtendWith(ApplicationExtension.class)
class NewClusterPowerTest {
    private Stage stage;

    @TempDir
    Path settings;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 400, 300));
        stage.show();
    }

    private static List<String> lines(FxRobot robot) {
        VBox box = robot.lookup("#powerLines").queryAs(VBox.class);
        return box.getChildren().stream().map(n -> ((Label) n).getText()).toList();
    }

    @Test
    void theDefaultH100DesignShowsHostsLeavesSpinesAndATotalWithSourcesOnHover(FxRobot robot) {
        Platform.runLater(() -> NewClusterDialog.show(stage, new DesignPresets(settings.resolve(DesignPresets.FILE))));
        Eventually.until("the designer", () -> robot.lookup("#powerLines").tryQuery().isPresent());
        // the default design: 8 leaves of 16 HGX H100 under 4 spines at NDR
        assertThat(lines(robot)).containsExactly("128 hosts \u00d7 10.2 kW max = 1,306 kW",
                "8 leaf switches \u00d7 1,720 W max = 13.8 kW (747 W typical each)",
                "4 spine switches \u00d7 1,720 W max = 6.9 kW (747 W typical each)");
        Label total = robot.lookup("#powerTotal").queryAs(Label.class);
        assertThat(total.getText()).isEqualTo("total 1,326 kW (max figures)");

        Label hosts = (Label) robot.lookup("#powerLines").queryAs(VBox.class).getChildren().get(0);
        robot.interact(() -> ViewShots.save(hosts.getScene(), "new-cluster-power-lines"));
        robot.moveTo(hosts);
        Eventually.until("the host line's tooltip", () -> hosts.getTooltip().isShowing());
        assertThat(hosts.getTooltip().getText()).contains("maximum (vendor's figure)")
                .contains("Source: NVIDIA DGX H100/H200 User Guide").contains("10.2 kW max");
        robot.interact(() -> ViewShots.saveWithPopups(hosts.getScene(), "new-cluster-power"));
        Label leaves = (Label) robot.lookup("#powerLines").queryAs(VBox.class).getChildren().get(1);
        assertThat(leaves.getTooltip().getText()).startsWith("NVIDIA Quantum-2 QM9700")
                .contains("maximum (vendor's figure)").contains("typical draw (vendor's figure)");

        @SuppressWarnings("unchecked")
        ComboBox<NodeTemplate> template = robot.lookup((javafx.scene.Node n) -> n instanceof ComboBox<?> c
                && c.getValue() instanceof NodeTemplate).queryAs(ComboBox.class);
        robot.interact(() -> template.setValue(NodeTemplate.WORKSTATION_4GPU));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lines(robot).get(0)).isEqualTo("128 hosts: the node template gives no power figure");
        assertThat(total.getText()).isEqualTo("total 20.6 kW (max figures), without 128 hosts");

        DialogPane pane = (DialogPane) total.getScene().getRoot();
        robot.interact(() -> ((javafx.scene.control.Button) pane.lookupButton(ButtonType.CANCEL)).fire());
    }
}
