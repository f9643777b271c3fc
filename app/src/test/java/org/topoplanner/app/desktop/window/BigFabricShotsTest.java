package org.topoplanner.app.desktop.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.ExampleWindowTest;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.model.job.JobRequest;

/**
 * The real window at 1600×1000 on the ibsim 3-level fat tree of 4,096 hosts
 * ({@code ft3-4096.ibnetdiscover.gz}, see src/test/resources/inputs/PROVENANCE.md) with the A100 node
 * type, jobs placed, shot at fit and close zoom, light and dark, and the node tab, to
 * {@code target/ui-views-shots/big-*.png} for people to look at.
 */
class BigFabricShotsTest extends ExampleWindowTest {
    @TempDir
    Path files;

    @Override
    protected void open(Stage stage) {
        super.open(stage);
        stage.setWidth(1600);
        stage.setHeight(1000);
    }

    @Test
    void shotsOfA4096HostFabricAtFitAndCloseZoom(FxRobot robot) throws Exception {
        ExampleWindow.importFatTreeOf4096Hosts(robot, controller, files);
        var vm = controller.viewModel();
        var fabric = controller.window().fabricView();
        robot.interact(() -> {
            vm.drop(JobRequest.nodesWithGpus("pretrain", 64, 8), DropTarget.ANYWHERE);
            vm.drop(JobRequest.nodesWithGpus("finetune", 8, 8), new DropTarget.OnSwitch("leaf37"));
            vm.drop(JobRequest.nodesWithGpus("eval", 1, 4), DropTarget.ANYWHERE);
            vm.selectedJobProperty().set("finetune");
            fabric.zoomToFit();
        });
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(500);
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> ViewShots.save(stage.getScene(), "big-fit"));
        robot.interact(() -> {
            vm.selectionProperty().set("leaf37");
            fabric.zoomToSelection();
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> ViewShots.save(stage.getScene(), "big-leaf"));
        robot.interact(() -> fabric.zoomAt(4, fabric.getWidth() / 2, fabric.getHeight() / 2));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> ViewShots.save(stage.getScene(), "big-close"));
        robot.clickOn("#darkTheme");
        robot.interact(() -> {
            fabric.zoomToFit();
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> ViewShots.save(stage.getScene(), "big-fit-dark"));
        robot.interact(() -> {
            String host = vm.plan().placements().get("eval").hostNames().get(0);
            vm.selectionProperty().set(host);
            controller.window().centre().getSelectionModel().select(1);
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> ViewShots.save(stage.getScene(), "big-node-dark"));
        assertThat(vm.plan().placements()).containsKeys("pretrain", "finetune", "eval");
    }
}
