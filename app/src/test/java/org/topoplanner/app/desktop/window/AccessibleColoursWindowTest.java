package org.topoplanner.app.desktop.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.scene.control.DialogPane;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.ExampleWindowTest;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.model.job.JobRequest;

/**
 * The real window's colour options: View › Colour-blind-safe job colours redraws the jobs of both
 * views (and the legend's key) in Okabe and Ito's set, and a dialog opened under the dark theme is
 * dark too, not Modena's light grey under the dark theme's light text.
 */
class AccessibleColoursWindowTest extends ExampleWindowTest {
    @BeforeEach
    void layoutDone() throws Exception {
        ExampleWindow.awaitLayout(controller);
    }

    @Test
    void colourBlindSafeJobColoursReachBothViewsAndTheLegend(FxRobot robot) {
        robot.interact(() -> controller.viewModel().drop(JobRequest.nodesWithGpus("pair", 1, 2), DropTarget.ANYWHERE));
        var fabric = controller.window().fabricView();
        Color before = Eventually.onFxThread(() -> legendSwatches().get(0));
        assertThat(before).isEqualTo(Theme.LIGHT.palette().jobColour(0));

        robot.clickOn("View").clickOn("Colour-blind-safe job colours");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(fabric.palette().colourBlindSafe()).isTrue();
        assertThat(controller.window().nodeView().colourBlindSafeProperty().get()).isTrue();
        assertThat(Eventually.onFxThread(() -> legendSwatches().get(0))).as("the legend's key for the job")
                .isEqualTo(Color.web("#E69F00"));
        // the choice survives a change of theme
        robot.clickOn("#darkTheme");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fabric.palette().dark()).isTrue();
        assertThat(fabric.palette().jobColour(0)).isEqualTo(Color.web("#E69F00"));
    }

    @Test
    void aDialogOpenedUnderTheDarkThemeIsDark(FxRobot robot) {
        robot.clickOn("#darkTheme");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("Help").clickOn("About TopoPlanner");
        Eventually.until("the About dialog", () -> dialog() != null);
        Window about = dialog();
        assertThat(about.getScene().getStylesheets()).startsWith(WindowStyles.of(Theme.DARK).toArray(String[]::new));
        DialogPane pane = (DialogPane) about.getScene().getRoot();
        Color back = Eventually.onFxThread(() -> (Color) pane.getBackground().getFills().get(0).getFill());
        assertThat(luminance(back)).as("the dialog's background " + back).isLessThan(0.1);
        robot.type(KeyCode.ENTER);
        Eventually.until("the About dialog closed", () -> dialog() == null);

        // and back: a dialog opened after switching to light is light
        robot.clickOn("#darkTheme");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("Help").clickOn("About TopoPlanner");
        Eventually.until("the About dialog", () -> dialog() != null);
        assertThat(dialog().getScene().getStylesheets()).startsWith(WindowStyles.of(Theme.LIGHT).toArray(String[]::new));
        robot.type(KeyCode.ENTER);
    }

    @Test
    void theNewClusterSketchIsPaintedInTheDarkThemeToo(FxRobot robot) throws Exception {
        robot.clickOn("#darkTheme");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.application.Platform.runLater(controller::newCluster);
        Eventually.until("New cluster…", () -> dialog() != null && dialog().getScene().lookup("#fabricSketch") != null);
        javafx.scene.canvas.Canvas sketch = (javafx.scene.canvas.Canvas) dialog().getScene().lookup("#fabricSketch");
        Color corner = Eventually.onFxThread(() -> sketch.snapshot(null, null).getPixelReader().getColor(2, 2));
        assertThat(luminance(corner)).as("the sketch's background " + corner).isLessThan(0.15);
        robot.type(KeyCode.ESCAPE);
        Eventually.until("New cluster… closed", () -> dialog() == null);
    }

    private Window dialog() {
        return Window.getWindows().stream().filter(w -> w instanceof Stage s && s.getOwner() == stage && w.isShowing())
                .findFirst().orElse(null);
    }

    private List<Color> legendSwatches() {
        Region legend = (Region) stage.getScene().lookup("#fabricLegend");
        return legend.lookupAll("Rectangle").stream().map(n -> (Color) ((Rectangle) n).getFill()).toList();
    }

    private static double luminance(Color c) {
        return 0.2126 * c.getRed() + 0.7152 * c.getGreen() + 0.0722 * c.getBlue();
    }
}
