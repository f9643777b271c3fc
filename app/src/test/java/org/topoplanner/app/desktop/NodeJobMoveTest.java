package org.topoplanner.app.desktop;

import org.topoplanner.app.desktop.state.PlanViewModel;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.app.desktop.node.NodeView;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * The real window, headless: a placed job grabbed by one of its GPUs in the node view and dragged onto
 * other GPUs of the host (example cluster: GPUs 0-3 on socket 0, 4-7 on socket 1), with the ghost, the
 * status bar, the inspector and undo; Escape and a plain click around it.
 */
class NodeJobMoveTest extends ExampleWindowTest {
    @BeforeEach
    void pairOnGpus01OfNode01InTheNodeTab(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        robot.interact(() -> {
            vm().drop(JobRequest.nodesWithGpus("pair", 1, 2), new DropTarget.OnGpus("node01", List.of(0, 1)));
            controller.window().centre().getSelectionModel().select(1);
        });
        WaitForAsyncUtils.waitForFxEvents();
        // the node tab is laid out on a later pulse than the selection; the moves are tried on the whole
        // node (Fit), the readable default zoom shows part of it (NodeViewZoomTest)
        Eventually.until("node01 laid out in the node view", () -> "node01".equals(node().getHost())
                && node().getLayout() != null && node().getWidth() > 100);
        robot.interact(() -> node().zoomToFit());
        Eventually.until("node01's GPUs drawn in the node view", () -> drawn(0) && drawn(7));
        assertThat(node().getHost()).isEqualTo("node01");
        assertThat(gpus()).containsExactly(0, 1);
    }

    @Test
    void draggingAJobsGpusOntoOtherGpusMovesItThereAndUndoRestoresIt(FxRobot robot) throws Exception {
        // To the other socket: the cores go along, so nothing gets worse.
        robot.drag(centreOf(0), MouseButton.PRIMARY).moveBy(12, 0).moveTo(centreOf(4));
        // the policy answers on a worker; the ghost comes when it lands
        Eventually.until("the ghost on GPUs 4,5", () -> List.of(4, 5).equals(List.copyOf(node().ghostGpus())));
        assertThat(node().ghostGpus()).containsExactly(4, 5);
        assertThat(node().movingJob()).isEqualTo("pair");
        assertThat(status(robot)).isEqualTo("\u2714 on node01 GPUs 4,5: no violation added");
        assertThat(robot.lookup("#nodeMoveBadge").queryAs(Label.class).isVisible()).isTrue();
        assertThat(gpus()).containsExactly(0, 1);
        robot.interact(() -> ViewShots.save(stage.getScene(), "node-job-move"));
        robot.drop();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(gpus()).containsExactly(4, 5);
        assertThat(coreSockets()).containsOnly(1);
        assertThat(node().ghostGpus()).isEmpty();
        assertThat(node().movingJob()).isNull();
        assertThat(robot.lookup("#nodeMoveBadge").queryAs(Label.class).isVisible()).isFalse();
        List<String> onSocket1 = violationCodes(robot);
        assertThat(onSocket1).doesNotContain("GPU_NUMA_SPLIT", "CPU_NOT_LOCAL");
        assertThat(vm().undoTextProperty().get()).isEqualTo("Undo Move job pair");

        // Grabbed by GPU 4 and dropped on GPU 3: the pair now straddles the sockets while one could hold it.
        robot.drag(centreOf(4), MouseButton.PRIMARY).moveBy(-12, 0).moveTo(centreOf(3));
        // the policy answers on a worker; the ghost comes when it lands
        Eventually.until("the ghost on GPUs 3,4", () -> List.of(3, 4).equals(List.copyOf(node().ghostGpus())));
        assertThat(node().ghostGpus()).containsExactly(3, 4);
        assertThat(status(robot)).startsWith("\u26a0 on node01 GPUs 3,4: worse: GPU_NUMA_SPLIT");
        robot.drop();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(gpus()).containsExactly(3, 4);
        assertThat(violationCodes(robot)).contains("GPU_NUMA_SPLIT");
        assertThat(status(robot)).startsWith("moved pair to node01 GPUs 3,4 \u2014 worse: GPU_NUMA_SPLIT");

        robot.press(KeyCode.CONTROL).type(KeyCode.Z).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(gpus()).containsExactly(4, 5);
        // the re-check of the restored placement: the same answer as before the second move
        assertThat(violationCodes(robot)).isEqualTo(onSocket1).doesNotContain("GPU_NUMA_SPLIT");
        robot.press(KeyCode.CONTROL).type(KeyCode.Z).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(gpus()).containsExactly(0, 1);
        assertThat(coreSockets()).containsOnly(0);
        assertThat(violationCodes(robot)).doesNotContain("GPU_NUMA_SPLIT", "CPU_NOT_LOCAL");
    }

    @Test
    void escapeGivesUpTheMoveAndAPlainClickStillSelectsTheGpu(FxRobot robot) {
        Placement before = vm().plan().placements().get("pair");
        String undo = vm().undoTextProperty().get();
        robot.drag(centreOf(1), MouseButton.PRIMARY).moveBy(12, 0).moveTo(centreOf(6));
        // the policy answers on a worker; the ghost comes when it lands
        Eventually.until("the ghost on GPUs 5,6", () -> List.of(5, 6).equals(List.copyOf(node().ghostGpus())));
        assertThat(node().ghostGpus()).containsExactly(5, 6);
        assertThat(vm().liveAdviceProperty().get()).isNotNull();
        assertThat(node().isFocused()).isTrue();
        robot.type(KeyCode.ESCAPE);
        robot.drop();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm().plan().placements().get("pair")).isEqualTo(before);
        assertThat(vm().undoTextProperty().get()).isEqualTo(undo);
        assertThat(vm().liveAdviceProperty().get()).isNull();
        assertThat(node().ghostGpus()).isEmpty();
        assertThat(status(robot)).isEqualTo("move of pair cancelled");
        assertThat(node().getSelectedGpus()).isEmpty();

        robot.clickOn(centreOf(1), MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(node().getSelectedGpus()).containsExactly(1);
        assertThat(vm().plan().placements().get("pair")).isEqualTo(before);
    }

    private PlanViewModel vm() {
        return controller.viewModel();
    }

    private NodeView node() {
        return controller.window().nodeView();
    }

    private List<Integer> gpus() {
        return vm().plan().placements().get("pair").on("node01").map(HostAllocation::gpus).orElseThrow();
    }

    private List<Integer> coreSockets() {
        SlurmCpuIds ids = ClusterIndex.of(vm().plan().cluster()).cpuIdsOf("node01");
        HostAllocation a = vm().plan().placements().get("pair").on("node01").orElseThrow();
        return ids.coresOfCpus(a.cpus()).toList().stream().map(ids::socketOfCore).distinct().toList();
    }

    private static String status(FxRobot robot) {
        return robot.lookup("#status").queryAs(Label.class).getText();
    }

    /** The codes once the background re-check of the selected job (pair) has finished. */
    private static List<String> violationCodes(FxRobot robot) {
        return SelectedJobCheck.violationCodes(robot);
    }

    private boolean drawn(int g) {
        NodeView v = node();
        for (double y = 1; y < v.getHeight(); y += 2) {
            for (double x = 1; x < v.getWidth(); x += 2) {
                if (v.gpuAt(x, y) == g) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The screen point at the middle of GPU {@code g}'s box in the node view. */
    private Point2D centreOf(int g) {
        NodeView v = node();
        double sx = 0;
        double sy = 0;
        int n = 0;
        for (double y = 1; y < v.getHeight(); y += 2) {
            for (double x = 1; x < v.getWidth(); x += 2) {
                if (v.gpuAt(x, y) == g) {
                    sx += x;
                    sy += y;
                    n++;
                }
            }
        }
        assertThat(n).as("GPU %d drawn", g).isPositive();
        return v.localToScreen(sx / n, sy / n);
    }
}
