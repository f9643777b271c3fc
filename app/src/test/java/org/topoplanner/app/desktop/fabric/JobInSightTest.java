package org.topoplanner.app.desktop.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.window.WindowController;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.model.job.JobRequest;

/**
 * The job stays in sight in the real window on the example: selecting it in the list brings it into
 * view, zoom to selection shows the whole job, the minimap marks it, and a drag near an edge pans.
 */
@ExtendWith(ApplicationExtension.class)
class JobInSightTest {
    @TempDir
    Path home;
    private WindowController controller;

    @Start
    void start(Stage stage) {
        controller = ExampleWindow.open(stage, home);
        stage.setWidth(1600);
        stage.setHeight(1000);
    }

    @Test
    void aJobSelectedInTheListComesIntoViewAndIsMarkedOnTheMinimap(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        var vm = controller.viewModel();
        FabricView fabric = controller.window().fabricView();
        robot.interact(() -> {
            vm.drop(JobRequest.nodesWithGpus("far", 2, 8), new DropTarget.OnSwitch("leaf4"));
            vm.selectedJobProperty().set(null);
            fabric.zoomToFit();
            // close in on the far left: leaf4's hosts are off screen
            fabric.zoomAt(8, 5, fabric.getHeight() - 60);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(inView(fabric)).as("the job is off screen before it is selected").isFalse();

        robot.interact(() -> vm.selectedJobProperty().set("far"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(inView(fabric)).as("selecting it in the list reveals it").isTrue();

        // the minimap (shown while zoomed in) outlines the job's racks in the job's colour
        robot.interact(() -> fabric.zoomAt(3, fabric.getWidth() / 2, fabric.getHeight() / 2));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fabric.minimap().isVisible()).isTrue();
        Canvas marks = robot.lookup("#minimapMarks").queryAs(Canvas.class);
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> {
            var params = new javafx.scene.SnapshotParameters();
            params.setFill(Color.TRANSPARENT);
            img[0] = marks.snapshot(params, null);
        });
        Color jobColour = fabric.frame().palette().jobColour(fabric.getOccupancy(), "far");
        assertThat(countNear(img[0], jobColour)).as("job-coloured outline pixels on the minimap").isGreaterThan(20);

        // zoom to selection shows the job (the last thing selected), not the old host or switch
        robot.interact(() -> {
            fabric.zoomToFit();
            fabric.zoomAt(8, 5, 5);
            fabric.zoomToSelection();
        });
        assertThat(inView(fabric)).isTrue();
    }

    @Test
    void aDragNearTheLeftEdgePansLeft(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        FabricView fabric = controller.window().fabricView();
        robot.interact(() -> {
            fabric.zoomToFit();
            fabric.zoomAt(6, fabric.getWidth() / 2, fabric.getHeight() / 2);
        });
        double before = fabric.viewport().ox();
        boolean[] moved = new boolean[2];
        robot.interact(() -> {
            moved[0] = fabric.panNearEdge(3, fabric.getHeight() / 2);
            moved[1] = fabric.panNearEdge(fabric.getWidth() / 2, fabric.getHeight() / 2);
        });
        assertThat(moved[0]).isTrue();
        assertThat(fabric.viewport().ox()).isLessThan(before);
        assertThat(moved[1]).as("the middle of the view does not pan").isFalse();
    }

    @Test
    void aCpuOnlyJobIsDrawnOnItsHost(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        var vm = controller.viewModel();
        FabricView fabric = controller.window().fabricView();
        JobRequest cpuOnly = org.topoplanner.model.job.SbatchOptions.parseLine("-N 1 -n 4 -J prep", "job");
        robot.interact(() -> {
            assertThat(vm.drop(cpuOnly, new DropTarget.OnHost("node05"))).isTrue();
            vm.selectionProperty().set("node05");
            fabric.zoomToSelection();
            // no selection outline (the accent may share the job's blue): only the job's band can match
            fabric.selectionProperty().set(null);
            vm.selectedJobProperty().set(null);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fabric.getOccupancy().jobsWithoutGpusOn("node05")).containsExactly("prep");
        assertThat(fabric.levelOfDetail().hosts()).isTrue();
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> {
            fabric.redraw();
            img[0] = fabric.snapshot(null, null);
        });
        var l = fabric.getLayout();
        var hb = l.hosts().get(l.hostIndex("node05"));
        var vp = fabric.viewport();
        Color prep = fabric.frame().palette().jobColour(fabric.getOccupancy(), "prep");
        int n = 0;
        var r = img[0].getPixelReader();
        for (int y = (int) vp.toScreenY(hb.y()); y < vp.toScreenY(hb.y() + hb.h()); y++) {
            for (int x = (int) vp.toScreenX(hb.x()); x < vp.toScreenX(hb.x() + hb.w()); x++) {
                Color p = r.getColor(x, y);
                if (Math.abs(p.getRed() - prep.getRed()) + Math.abs(p.getGreen() - prep.getGreen())
                        + Math.abs(p.getBlue() - prep.getBlue()) < 0.1) {
                    n++;
                }
            }
        }
        assertThat(n).as("pixels of the CPU-only job's colour on node05").isGreaterThan(30);
    }

    private boolean inView(FabricView fabric) {
        var l = fabric.getLayout();
        double[] v = fabric.viewport().visibleWorld();
        for (String name : controller.viewModel().plan().placements().get("far").hostNames()) {
            var h = l.hosts().get(l.hostIndex(name));
            if (h.x() < v[0] || h.x() + h.w() > v[2] || h.y() < v[1] || h.y() + h.h() > v[3]) {
                return false;
            }
        }
        return true;
    }

    private static int countNear(WritableImage img, Color c) {
        int n = 0;
        var r = img.getPixelReader();
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                Color p = r.getColor(x, y);
                if (p.getOpacity() > 0.5 && Math.abs(p.getRed() - c.getRed()) + Math.abs(p.getGreen() - c.getGreen())
                        + Math.abs(p.getBlue() - c.getBlue()) < 0.25) {
                    n++;
                }
            }
        }
        return n;
    }
}
