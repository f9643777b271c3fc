package org.topoplanner.app.desktop.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Optional;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.BigFabrics;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.ExampleWindowTest;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.PlanEdits;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/**
 * The real window (1600×1000) at its default zoom (as it opens), at fit with a job selected, and close
 * up on a leaf, light and dark, on the 32-host example, ibsim's 4,096-host fat tree and (when the shared
 * fabrics are there) the 16,384-host one, to {@code target/ui-views-shots/zoom-<hosts>-<zoom>-<theme>.png}
 * for people to look at. Close up, the view must draw the hosts one by one with their names; the
 * inspector's every-policy table must show its headers whole at this width.
 */
class ZoomShotsTest extends ExampleWindowTest {
    @TempDir
    Path files;

    @Override
    protected void open(Stage stage) {
        super.open(stage);
        stage.setWidth(1600);
        stage.setHeight(1000);
    }

    @Test
    void theExampleOf32Hosts(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        var vm = controller.viewModel();
        robot.interact(() -> {
            vm.drop(JobRequest.nodesWithGpus("pretrain", 8, 8), new DropTarget.OnSwitch("leaf1"));
            vm.drop(JobRequest.nodesWithGpus("finetune", 4, 8), new DropTarget.OnSwitch("leaf3"));
            vm.drop(JobRequest.nodesWithGpus("eval", 2, 4), DropTarget.ANYWHERE);
        });
        shoot(robot, "32", "finetune", "leaf3");
    }

    @Test
    void theFatTreeOf4096Hosts(FxRobot robot) throws Exception {
        show(robot, BigFabrics.ft3x4096(files), 39, 64);
        shoot(robot, "4096", "train1", "leaf37");
    }

    @Test
    void theFatTreeOf16384HostsWhenTheSharedFabricsAreThere(FxRobot robot) throws Exception {
        Optional<Cluster> big = BigFabrics.ft3x16384();
        assumeTrue(big.isPresent(), BigFabrics.SHARED_16384 + " is not there: the 16,384-host shots need the shared fabrics");
        show(robot, big.get(), 38, 256);
        shoot(robot, "16384", "train1", "leaf37");
    }

    private void show(FxRobot robot, Cluster cluster, int jobs, int size) {
        var vm = controller.viewModel();
        robot.interact(() -> {
            vm.perform(PlanEdits.replaceCluster(cluster, "Import " + cluster.name()));
            BigFabrics.occupy(vm, cluster, jobs, size);
        });
        FabricView fabric = controller.window().fabricView();
        Eventually.until("the hosts laid out", () -> fabric.getLayout().hosts().size() == cluster.hostNames().size());
    }

    private void shoot(FxRobot robot, String hosts, String job, String leaf) throws Exception {
        FabricView fabric = controller.window().fabricView();
        var vm = controller.viewModel();
        for (String theme : new String[] {"light", "dark"}) {
            robot.interact(fabric::zoomToFit);
            settle();
            robot.interact(() -> ViewShots.save(stage.getScene(), "zoom-" + hosts + "-default-" + theme));

            robot.interact(() -> {
                vm.selectedJobProperty().set(job);
                fabric.zoomToFit();
            });
            settle();
            robot.interact(() -> ViewShots.save(stage.getScene(), "zoom-" + hosts + "-fit-" + theme));
            assertThat(legend(fabric).isFolded()).as("at fit the key has its own strip, open").isFalse();

            robot.interact(() -> {
                vm.selectionProperty().set(leaf);
                fabric.zoomToSelection();
            });
            settle();
            robot.interact(() -> ViewShots.save(stage.getScene(), "zoom-" + hosts + "-close-" + theme));
            assertThat(fabric.levelOfDetail().hosts()).as("close up, hosts drawn one by one").isTrue();
            assertThat(fabric.levelOfDetail().labels()).as("close up, names drawn").isTrue();
            assertThat(legend(fabric).isFolded()).as("close up, the key folds off the racks it would cover").isTrue();
            robot.clickOn("#legendFolded");
            assertThat(legend(fabric).isFolded()).as("a click opens it").isFalse();
            var comparison = robot.lookup("#comparison").queryAs(javafx.scene.control.TableView.class);
            for (Object c : comparison.getColumns()) {
                var column = (javafx.scene.control.TableColumn<?, ?>) c;
                double header = new javafx.scene.text.Text(column.getText()).getLayoutBounds().getWidth();
                assertThat(column.getWidth()).as("the " + column.getText() + " header is read whole").isGreaterThan(header);
            }
            robot.interact(() -> vm.selectionProperty().set(null));
            if (theme.equals("light")) {
                robot.clickOn("#darkTheme");
            }
        }
    }

    private static org.topoplanner.app.desktop.fabric.FabricLegend legend(FabricView fabric) {
        return (org.topoplanner.app.desktop.fabric.FabricLegend) fabric.lookup("#fabricLegend");
    }

    private static void settle() {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
    }
}
