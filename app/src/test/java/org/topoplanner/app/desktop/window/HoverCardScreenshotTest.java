package org.topoplanner.app.desktop.window;

import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.PointerRest;
import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.app.desktop.fabric.HoverCard;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.model.job.JobRequest;

/**
 * The hover card (a ControlsFX PopOver) over a host of the real window, in the light and the dark
 * theme, written to {@code target/ui-views-shots/hover-card-light.png} and {@code -dark.png}: the card
 * takes the theme's overlay colour and follows a theme switch while it is up.
 */
@ExtendWith(ApplicationExtension.class)
class HoverCardScreenshotTest {
    @TempDir
    Path home;
    private Stage stage;
    private WindowController controller;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        controller = ExampleWindow.open(stage, home);
    }

    @Test
    void theHoverCardOverAHostIsDrawnInTheLightAndTheDarkTheme(FxRobot robot) throws Exception {
        FabricView fabric = controller.window().fabricView();
        Eventually.until("the example's 7 switches laid out", () -> fabric.getLayout().switches().size() == 7);
        var vm = controller.viewModel();
        robot.interact(() -> {
            vm.drop(JobRequest.nodesWithGpus("finetune", 2, 8), new DropTarget.OnSwitch("leaf3"));
            vm.drop(JobRequest.nodesWithGpus("notebook", 1, 2), new DropTarget.OnHost("node19"));
            fabric.zoomToFit();
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(fabric.localToScreen(8, fabric.getHeight() - 8));
        HoverCard card = fabric.card();
        ExampleWindow.hoverCards(controller, true);
        PointerRest.until(robot, card, () -> hostPoint(fabric, "node19"), "the card over node19");
        WaitForAsyncUtils.waitForFxEvents();
        assertClose(cardBackground(robot, card), Theme.LIGHT.palette().token("-color-bg-overlay"));
        shot(robot, "hover-card-light");

        robot.press(KeyCode.CONTROL).type(KeyCode.T).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(card.isShowing()).isTrue();
        shot(robot, "hover-card-dark");
        assertClose(cardBackground(robot, card), Theme.DARK.palette().token("-color-bg-overlay"));
    }

    /** Equal up to the rounding of the software renderer's shadow pass (a few levels per channel). */
    private static void assertClose(Color actual, Color expected) {
        double tolerance = 4 / 255.0;
        assertThat(Math.abs(actual.getRed() - expected.getRed())).as("red of %s vs %s", actual, expected).isLessThan(tolerance);
        assertThat(Math.abs(actual.getGreen() - expected.getGreen())).as("green of %s vs %s", actual, expected).isLessThan(tolerance);
        assertThat(Math.abs(actual.getBlue() - expected.getBlue())).as("blue of %s vs %s", actual, expected).isLessThan(tolerance);
    }

    private void shot(FxRobot robot, String name) throws Exception {
        Path[] file = new Path[1];
        robot.interact(() -> file[0] = ViewShots.saveWithPopups(stage.getScene(), name));
        BufferedImage img = ImageIO.read(file[0].toFile());
        assertThat(img.getWidth()).isGreaterThan(1000);
    }

    /** The colour of the card's bubble just inside its content's top-left corner, once its fade-in is done. */
    private static Color cardBackground(FxRobot robot, HoverCard card) throws Exception {
        Eventually.until("the card's fade-in to finish", () -> opaque(card.content()));
        Color[] c = new Color[1];
        robot.interact(() -> {
            Bounds b = card.content().localToScene(card.content().getBoundsInLocal());
            BufferedImage img = SwingFXUtils.fromFXImage(card.content().getScene().snapshot(null), null);
            int rgb = img.getRGB((int) b.getMinX() + 3, (int) b.getMinY() + 3);
            c[0] = Color.rgb((rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff);
        });
        return c[0];
    }

    /** The popover fades in by animating the opacity of its skin, an ancestor of the content. */
    private static boolean opaque(javafx.scene.Node n) {
        for (javafx.scene.Node a = n; a != null; a = a.getParent()) {
            if (a.getOpacity() < 1) {
                return false;
            }
        }
        return true;
    }

    private static Point2D hostPoint(FabricView fabric, String host) {
        var l = fabric.getLayout();
        var h = l.hosts().get(l.hostIndex(host));
        var vp = fabric.viewport();
        return fabric.localToScreen(vp.toScreenX(h.x() + h.w() / 2), vp.toScreenY(h.y() + h.h() / 2));
    }
}
