package org.topoplanner.app.desktop.window;

import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.ExampleWindowTest;
import org.topoplanner.app.desktop.state.PlanViewModel;
import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;

/**
 * Renders the real window with jobs placed to {@code target/ui-views-shots/main-window.png}; the
 * README's screenshot is a copy of it (see README "Screenshot").
 */
class WindowScreenshotTest extends ExampleWindowTest {
    @Test
    void rendersTheWindowWithJobsPlaced(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        var vm = controller.viewModel();
        robot.interact(() -> {
            place(vm, "-N 8 --gpus-per-node=8 -J pretrain", new DropTarget.OnSwitch("leaf1"));
            place(vm, "-N 4 --gpus-per-node=8 -J finetune", new DropTarget.OnSwitch("leaf3"));
            place(vm, "-N 2 --gpus-per-node=4 -J eval", DropTarget.ANYWHERE);
            place(vm, "-N 1 --gpus-per-node=2 -J notebook", new DropTarget.OnHost("node26"));
            vm.selectedJobProperty().set("finetune");
            vm.selectionProperty().set("node17");
        });
        WaitForAsyncUtils.waitForFxEvents();
        // Shot once the selected job's check (made in the background) is in the inspector.
        var sheet = robot.lookup("#jobProperties").queryAs(org.controlsfx.control.PropertySheet.class);
        Eventually.until("the job's metrics", () -> sheet.getItems().stream()
                .anyMatch(i -> i.getCategory().equals("Metrics")));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> controller.window().fabricView().zoomToFit());
        WaitForAsyncUtils.waitForFxEvents();
        Path[] file = new Path[1];
        robot.interact(() -> file[0] = ViewShots.save(stage.getScene(), "main-window"));
        BufferedImage img = ImageIO.read(file[0].toFile());
        assertThat(img.getWidth()).isGreaterThan(1000);
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 7) {
            for (int x = 0; x < img.getWidth(); x += 7) {
                colours.add(img.getRGB(x, y));
            }
        }
        // A real window with views, jobs and text, not a blank frame.
        assertThat(colours.size()).isGreaterThan(40);
        assertThat(vm.plan().placements()).hasSize(4);

        // The same window in the dark theme: its inspector sheets must follow the theme too.
        robot.clickOn(robot.lookup((javafx.scene.Node n) -> n instanceof javafx.scene.control.ToggleButton b
                && "Dark".equals(b.getText())).queryAs(javafx.scene.control.ToggleButton.class));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> file[0] = ViewShots.save(stage.getScene(), "main-window-dark"));
        BufferedImage dark = ImageIO.read(file[0].toFile());
        var rows = robot.from(robot.lookup("#jobProperties").queryParent()).lookup(".property-pane").query();
        var at = rows.localToScene(rows.getBoundsInLocal());
        int x = (int) at.getMaxX() - 4;
        int y = (int) at.getMinY() + 3;
        assertThat(brightness(img.getRGB(x, y))).as("light sheet background").isGreaterThan(200);
        assertThat(brightness(dark.getRGB(x, y))).as("dark sheet background").isLessThan(80);
    }

    private static int brightness(int rgb) {
        return (((rgb >> 16) & 0xff) + ((rgb >> 8) & 0xff) + (rgb & 0xff)) / 3;
    }

    private static void place(PlanViewModel vm, String sbatch, DropTarget target) {
        try {
            JobRequest r = SbatchOptions.parseLine(sbatch, "job");
            assertThat(vm.drop(r, target)).as(sbatch).isTrue();
        } catch (JobRequestException e) {
            throw new AssertionError(e);
        }
    }
}
