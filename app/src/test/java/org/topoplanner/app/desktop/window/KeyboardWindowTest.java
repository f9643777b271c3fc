package org.topoplanner.app.desktop.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.fabric.FabricView;

/**
 * The window without a pointer: the fabric view takes the keyboard (a ring shows it), the arrows walk
 * the selection from the top of the fabric down to a host, and Enter on a palette chip places its job
 * there; Escape clears the selection.
 */
@ExtendWith(ApplicationExtension.class)
class KeyboardWindowTest {
    @TempDir
    Path home;
    private WindowController controller;

    @Start
    void start(Stage stage) {
        controller = ExampleWindow.open(stage, home);
    }

    @BeforeEach
    void layoutDone() throws Exception {
        ExampleWindow.awaitLayout(controller);
    }

    @Test
    void theArrowsWalkToAHostAndEnterOnAChipPlacesItsJobThere(FxRobot robot) {
        FabricView fabric = controller.window().fabricView();
        robot.interact(fabric::requestFocus);
        assertThat(fabric.lookup(".focus-ring").isVisible()).as("the focus ring").isTrue();

        robot.type(KeyCode.DOWN, KeyCode.DOWN, KeyCode.DOWN, KeyCode.DOWN, KeyCode.RIGHT);
        WaitForAsyncUtils.waitForFxEvents();
        String host = fabric.selectionProperty().get();
        var cluster = controller.viewModel().plan().cluster();
        assertThat(cluster.hostNames()).as("core, spine, leaf, host, the next host").contains(host);
        assertThat(controller.viewModel().selectionProperty().get()).isEqualTo(host);

        Label chip = robot.lookup((Node n) -> n instanceof Label l && l.getStyleClass().contains("job-chip")
                && "2 GPUs".equals(l.getText())).queryAs(Label.class);
        robot.interact(chip::requestFocus);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();

        var plan = controller.viewModel().plan();
        assertThat(plan.placements()).hasSize(1);
        var placed = plan.placements().values().iterator().next();
        assertThat(Set.copyOf(placed.hostNames())).containsExactly(host);
        assertThat(placed.gpuCount()).isEqualTo(2);
        assertThat(robot.lookup("#status").queryAs(Label.class).getText()).startsWith("placed ");

        robot.interact(fabric::requestFocus);
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fabric.selectionProperty().get()).isNull();
    }
}
