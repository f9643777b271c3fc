package org.topoplanner.app.desktop;

import org.topoplanner.app.desktop.inspector.JobProperties;
import org.topoplanner.app.desktop.state.PlanViewModel;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.app.desktop.canvas.JobGrab;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * The real window, headless: a placed job grabbed by its GPUs in the fabric view and dragged to a host
 * on another leaf, with the ghost, the status bar, the inspector and undo; Escape, clicks and panning
 * around it; and no hover cards while anything is dragged.
 */
class FabricJobMoveTest extends ExampleWindowTest {
    @BeforeEach
    void layoutDone() throws Exception {
        ExampleWindow.awaitLayout(controller);
    }

    private FabricView fabric() {
        return controller.window().fabricView();
    }

    private PlanViewModel vm() {
        return controller.viewModel();
    }

    @Test
    void draggingAJobsGpusToAHostOnAnotherLeafMovesThatShareAndUndoRestoresIt(FxRobot robot) throws Exception {
        robot.drag(chip(robot, "4 nodes \u00d7 8 GPUs"))
                .dropTo(screenPointOf(p -> "leaf2".equals(fabric().switchAt(p.getX(), p.getY()))));
        WaitForAsyncUtils.waitForFxEvents();
        Placement before = vm().plan().placements().get("n4x8");
        assertThat(before.hostNames()).allSatisfy(h -> assertThat(vm().plan().cluster().fabric().hostsUnder("leaf2")).contains(h));
        String from = before.hostNames().get(0);
        robot.interact(() -> vm().selectedJobProperty().set("n4x8"));
        List<String> beforeCodes = SelectedJobCheck.violationCodes(robot);
        Point2D grab = screenPointOf(p -> new JobGrab("n4x8", from).equals(fabric().jobAt(p.getX(), p.getY())));
        Point2D target = screenPointOf(p -> "node20".equals(fabric().hostAt(p.getX(), p.getY())));
        double held = lightnessAround(grab);

        robot.drag(grab, MouseButton.PRIMARY);
        // Cards on from the press on (off before it, so none can open over the grab point on the way there):
        // none may open while the share is held.
        ExampleWindow.hoverCards(controller, true);
        robot.moveBy(30, 0).moveTo(target);
        WaitForAsyncUtils.waitForFxEvents();
        // The grabbed share is drawn as leaving: its GPUs washed out (and striped) on the host it leaves.
        assertThat(fabric().movingShare()).isEqualTo(new JobGrab("n4x8", from));
        assertThat(lightnessAround(grab)).isGreaterThan(held + 0.1);
        // While it is held over node20: the ghost is amber (the job now spans two leaves) and says why,
        // once the policy has answered on its worker.
        Eventually.until("the answer for node20", () -> vm().liveAdviceProperty().get() != null);
        String status = robot.lookup("#status").queryAs(Label.class).getText();
        assertThat(status).startsWith("\u26a0 on node20").contains("worse: CROSS_LEAF");
        assertThat(vm().liveAdviceProperty().get().placement().hostNames()).contains("node20").doesNotContain(from);
        assertThat(robot.lookup("#moveBadge").queryAs(Label.class).isVisible()).isTrue();
        assertThat(vm().plan().placements().get("n4x8")).isEqualTo(before);
        robot.interact(() -> ViewShots.save(stage.getScene(), "fabric-job-move"));
        // Resting over a host mid-move shows no hover card: none is up and none is waiting out its delay.
        assertThat(Eventually.onFxThread(() -> fabric().card().isShowing() || fabric().card().isPending())).isFalse();
        robot.drop();
        WaitForAsyncUtils.waitForFxEvents();

        Placement after = vm().plan().placements().get("n4x8");
        assertThat(after.hostNames()).containsExactlyElementsOf(
                before.hostNames().stream().map(h -> h.equals(from) ? "node20" : h).toList());
        assertThat(after.on("node20").orElseThrow().gpus()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(vm().selectedJobProperty().get()).isEqualTo("n4x8");
        assertThat(robot.lookup("#jobPlacement").queryAs(Label.class).getText())
                .endsWith(JobProperties.hostlist(after.hostNames()));
        assertThat(SelectedJobCheck.violationCodes(robot)).contains("CROSS_LEAF");
        assertThat(robot.lookup("#moveBadge").queryAs(Label.class).isVisible()).isFalse();
        assertThat(fabric().movingShare()).isNull();
        assertThat(vm().undoTextProperty().get()).isEqualTo("Undo Move " + from + "'s share of n4x8");
        assertThat(robot.lookup("#status").queryAs(Label.class).getText()).startsWith("moved n4x8 to "
                + Hostlist.compressSorted(after.hostNames()) + " \u2014 worse: CROSS_LEAF");

        robot.press(KeyCode.CONTROL).type(KeyCode.Z).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm().plan().placements().get("n4x8")).isEqualTo(before);
        // the re-check of the restored placement, four hosts of leaf2: nothing crosses a leaf any more
        assertThat(vm().selectedJobProperty().get()).isEqualTo("n4x8");
        assertThat(SelectedJobCheck.violationCodes(robot)).isEqualTo(beforeCodes).doesNotContain("CROSS_LEAF");
    }

    @Test
    void escapeGivesUpTheMoveAndAPlainClickStillSelectsTheHost(FxRobot robot) {
        robot.interact(() -> vm().drop(JobRequest.nodesWithGpus("pair", 1, 2), new DropTarget.OnHost("node03")));
        WaitForAsyncUtils.waitForFxEvents();
        Placement before = vm().plan().placements().get("pair");
        String undo = vm().undoTextProperty().get();
        Point2D grab = screenPointOf(p -> new JobGrab("pair", "node03").equals(fabric().jobAt(p.getX(), p.getY())));
        Point2D target = screenPointOf(p -> "node27".equals(fabric().hostAt(p.getX(), p.getY())));

        robot.drag(grab, MouseButton.PRIMARY).moveBy(20, 0).moveTo(target);
        Eventually.until("the answer for node27", () -> vm().liveAdviceProperty().get() != null);
        // The press kept the keyboard in the view (not in the tab pane around it), so Escape reaches it.
        assertThat(fabric().isFocused()).isTrue();
        robot.type(KeyCode.ESCAPE);
        robot.drop();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm().plan().placements().get("pair")).isEqualTo(before);
        assertThat(vm().undoTextProperty().get()).isEqualTo(undo);
        assertThat(vm().liveAdviceProperty().get()).isNull();
        assertThat(robot.lookup("#status").queryAs(Label.class).getText()).isEqualTo("move of pair cancelled");
        assertThat(robot.lookup("#moveBadge").queryAs(Label.class).isVisible()).isFalse();
        assertThat(fabric().movingShare()).isNull();

        robot.clickOn(grab, MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fabric().selectionProperty().get()).isEqualTo("node03");
        assertThat(vm().plan().placements().get("pair")).isEqualTo(before);
    }

    @Test
    void pressingTheEmptyBackgroundStillPans(FxRobot robot) {
        robot.interact(() -> {
            vm().drop(JobRequest.nodesWithGpus("pair", 1, 2), new DropTarget.OnHost("node03"));
            fabric().zoomAt(2, fabric().getWidth() / 2, fabric().getHeight() / 2);
        });
        WaitForAsyncUtils.waitForFxEvents();
        var before = fabric().viewport();
        Point2D empty = screenPointOf(p -> fabric().hostsAt(p.getX(), p.getY()).isEmpty()
                && fabric().switchAt(p.getX(), p.getY()) == null && p.getY() > fabric().getHeight() * 0.9);
        robot.drag(empty, MouseButton.PRIMARY).moveBy(-80, 0).drop();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fabric().viewport().ox()).isGreaterThan(before.ox());
        assertThat(vm().plan().placements()).containsOnlyKeys("pair");
        assertThat(vm().canRedoProperty().get()).isFalse();
    }

    @Test
    void draggingAPaletteShapeOverTheFabricShowsNoHoverCard(FxRobot robot) throws Exception {
        Point2D host = screenPointOf(p -> "node12".equals(fabric().hostAt(p.getX(), p.getY())));
        ExampleWindow.hoverCards(controller, true);
        PointerRest.until(robot, fabric().card(),
                () -> screenPointOf(p -> "node12".equals(fabric().hostAt(p.getX(), p.getY()))), "the card over node12");
        robot.drag(chip(robot, "1 GPU")).moveTo(host).moveBy(4, 0);
        WaitForAsyncUtils.waitForFxEvents();
        // the drag hid the card, and resting over a host while dragging schedules none
        assertThat(Eventually.onFxThread(() -> fabric().card().isShowing() || fabric().card().isPending())).isFalse();
        robot.drop();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm().plan().placements().get("gpu1").hostNames()).containsExactly("node12");
    }

    /** Mean relative luminance (0-1) of the fabric view's pixels in a 7 x 7 square around a screen point, as drawn now. */
    private double lightnessAround(Point2D screen) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        Point2D local = fabric().screenToLocal(screen);
        javafx.scene.image.WritableImage shot = WaitForAsyncUtils.asyncFx(() -> {
            fabric().redraw();
            return fabric().snapshot(null, null);
        }).get(Eventually.HANG_GUARD_SECONDS, TimeUnit.SECONDS);
        double sum = 0;
        int n = 0;
        for (int dy = -3; dy <= 3; dy++) {
            for (int dx = -3; dx <= 3; dx++) {
                javafx.scene.paint.Color c = shot.getPixelReader().getColor((int) local.getX() + dx, (int) local.getY() + dy);
                sum += 0.2126 * c.getRed() + 0.7152 * c.getGreen() + 0.0722 * c.getBlue();
                n++;
            }
        }
        return sum / n;
    }

    private Label chip(FxRobot robot, String title) {
        return robot.lookup((Node n) -> n instanceof Label l && l.getStyleClass().contains("job-chip")
                && title.equals(l.getText())).queryAs(Label.class);
    }

    /** The screen point of the first place in the fabric view where {@code hit} holds (scanned every 3 px). */
    private Point2D screenPointOf(Predicate<Point2D> hit) {
        FabricView f = fabric();
        for (double y = 2; y < f.getHeight(); y += 3) {
            for (double x = 2; x < f.getWidth(); x += 3) {
                if (hit.test(new Point2D(x, y))) {
                    return f.localToScreen(x + 1, y + 1);
                }
            }
        }
        throw new AssertionError("nothing in the fabric view matches");
    }
}
