package org.topoplanner.app.desktop.window;

import org.topoplanner.app.desktop.Dialogs;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.ExampleWindowTest;
import org.topoplanner.app.desktop.tree.TreeEntry;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import javafx.geometry.Point2D;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.model.job.Placement;

/**
 * A real fabric without node hardware, end to end in the window: the ibsim 3-level fat tree of
 * 4,096 hosts ({@code ft3-4096.ibnetdiscover.gz}, see src/test/resources/inputs/PROVENANCE.md) imported alone, its
 * hosts given the HGX H100 template in the review's hardware step (the totals say what that gives
 * before anything changes), a 64-node x 8-GPU job dragged onto the fabric, then the hosts of one leaf
 * given other hardware from the cluster tree, and that undone.
 */
class HardwareWindowTest extends ExampleWindowTest {
    private static final String H100 = "HGX H100 8-GPU (NVSwitch, NV18) \u2014 hgx-h100-sxm";
    private static final String A100 = "HGX A100 8-GPU (NVSwitch, NV12) \u2014 hgx-a100-sxm4";
    @TempDir
    Path files;

    @Test
    void a4096HostFabricGetsItsHardwareInTheReviewAndTakesA64NodeJobByDragging(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        Path dump = files.resolve("ft3-4096.ibnetdiscover");
        try (InputStream in = new GZIPInputStream(getClass().getResourceAsStream("/inputs/ft3-4096.ibnetdiscover.gz"))) {
            Files.copy(in, dump);
        }
        robot.interact(() -> controller.importFiles(List.of(dump)));
        DialogPane review = Dialogs.await(robot, "importReview");
        Label totals = robot.lookup("#hardwareTotals").queryAs(Label.class);
        assertThat(totals.getText()).startsWith("Now: 4,096 hosts, 0 GPUs, 0 CPUs (4,096 without hardware)");
        assertThat(robot.lookup("#hardwareSection").queryAs(javafx.scene.control.TitledPane.class).getText())
                .isEqualTo("Hardware: 4,096 hosts have none yet");
        // every host has one mlx5 port on the fabric: one group, told by that pattern
        ComboBox<?> choice = robot.lookup("#hardwareChoice-0").queryAs(ComboBox.class);
        assertThat(robot.lookup("#hardwareChoice-1").tryQuery()).isEmpty();
        assertThat(review.lookupAll(".label").stream().map(n -> ((Label) n).getText()))
                .anyMatch(t -> t.startsWith("node[0001-4096]"))
                .anyMatch(t -> t.contains("mlx5") && t.endsWith("on the fabric"));

        Dialogs.pick(robot, choice, H100);
        assertThat(totals.getText()).endsWith("with these choices: 4,096 hosts, 32,768 GPUs, 917,504 CPUs");
        assertThat(robot.lookup("#importResult").queryAs(Label.class).getText()).contains("32768 GPUs");
        robot.interact(() -> ViewShots.save(review.getScene(), "import-review-hardware-step"));
        Dialogs.click(robot, review, "Import");

        var vm = controller.viewModel();
        Eventually.until("32,768 GPUs in the imported cluster", () -> vm.plan().cluster().gpuCount() == 32768);
        FabricView fabric = controller.window().fabricView();
        Eventually.until("the 4,096 hosts laid out", () -> fabric.getLayout().hosts().size() == 4096);
        WaitForAsyncUtils.waitForFxEvents();

        // a line from a real job script: --time is read, shown as not used for placement, and kept with the job
        robot.interact(() -> robot.lookup("#sbatchField").queryAs(TextField.class)
                .setText("-N 64 --gpus-per-node=8 -t 2:00:00"));
        assertThat(robot.lookup("#sbatchNotes").queryAs(Label.class).getText())
                .isEqualTo("read, not used for placement (held against a partition's MaxTime): --time=2:00:00");
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> ViewShots.save(fabric.getScene(), "palette-job-notes"));
        assertThat(shownInPalette(robot.lookup("#sbatchNotes").queryAs(Label.class)))
                .as("the notes in view while the job is typed, not under the palette's fold").isTrue();
        robot.drag(robot.lookup("#sbatchChip").queryAs(Label.class)).dropTo(background(fabric));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.plan().placements()).hasSize(1);
        Placement p = vm.plan().placements().values().iterator().next();
        assertThat(p.hostNames()).hasSize(64);
        assertThat(p.gpuCount()).isEqualTo(512);
        robot.interact(() -> ViewShots.save(fabric.getScene(), "hardware-ft3-4096-64x8"));

        // The hosts of the job's first leaf get the A100 template from the cluster tree; Undo takes it back.
        String host = p.hostNames().get(0);
        String leaf = vm.plan().cluster().fabric().switchesOf(host).get(0);
        robot.interact(() -> vm.selectionProperty().set(leaf));
        WaitForAsyncUtils.waitForFxEvents();
        // the cluster tree's context menu item "Assign hardware…", with the leaf's row selected
        var tree = robot.lookup("#clusterTree").queryAs(javafx.scene.control.TreeView.class);
        assertThat(((TreeEntry) ((javafx.scene.control.TreeItem<?>) tree.getSelectionModel().getSelectedItem()).getValue()).name())
                .isEqualTo(leaf);
        var item = tree.getContextMenu().getItems().get(0);
        assertThat(item.getText()).isEqualTo("Assign hardware\u2026");
        javafx.application.Platform.runLater(item::fire);
        DialogPane assign = Dialogs.await(robot, "assignHardware");
        List<String> under = vm.plan().cluster().fabric().hostsUnder(leaf);
        assertThat(assign.getHeaderText()).startsWith("Assign hardware to "
                + org.topoplanner.model.hostlist.Hostlist.compress(under));
        Label assignTotals = robot.from(assign).lookup("#hardwareTotals").queryAs(Label.class);
        assertThat(assignTotals.getText()).startsWith("Now: " + under.size() + " hosts, " + under.size() * 8 + " GPUs");
        Dialogs.pick(robot, robot.from(assign).lookup("#hardwareChoice-0").queryAs(ComboBox.class), A100);
        robot.interact(() -> ViewShots.save(assign.getScene(), "assign-hardware"));
        Dialogs.click(robot, assign, "Assign");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.plan().cluster().node(host).model()).isNotEqualTo(org.topoplanner.resources.ShippedData
                .template(org.topoplanner.resources.NodeTemplate.HGX_H100_SXM).model());
        assertThat(vm.plan().cluster().node(host)).isEqualTo(org.topoplanner.resources.ShippedData
                .template(org.topoplanner.resources.NodeTemplate.HGX_A100_SXM4));
        assertThat(vm.plan().placements()).as("8 GPUs per host still: the job stays").hasSize(1);
        assertThat(vm.undoTextProperty().get()).startsWith("Undo Assign hardware to ");
        robot.interact(vm::undo);
        assertThat(vm.plan().cluster().node(host)).isEqualTo(org.topoplanner.resources.ShippedData
                .template(org.topoplanner.resources.NodeTemplate.HGX_H100_SXM));
    }

    /** Whether the whole of {@code label} lies in the visible part of the palette's scroll pane. */
    private static boolean shownInPalette(Label label) {
        javafx.scene.Node n = label;
        while (!(n instanceof javafx.scene.control.ScrollPane)) {
            n = n.getParent();
        }
        javafx.geometry.Bounds view = n.localToScene(n.getLayoutBounds());
        javafx.geometry.Bounds shown = label.localToScene(label.getLayoutBounds());
        return shown.getHeight() > 0 && view.contains(shown);
    }

    /** A point of the fabric view on no switch and no host: a drop there places the job anywhere. */
    private static Point2D background(FabricView f) {
        for (double y = f.getHeight() / 2; y < f.getHeight() - 2; y += 3) {
            for (double x = 40; x < f.getWidth() - 40; x += 7) {
                if (f.switchAt(x, y) == null && f.hostAt(x, y) == null) {
                    return f.localToScreen(x, y);
                }
            }
        }
        throw new AssertionError("no empty spot in the fabric view");
    }
}
