package org.topoplanner.app.desktop.window;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.ExampleWindowTest;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.model.job.JobRequest;

/**
 * The window around its one history and its search: the policy picked in the toolbar is undone like a
 * job and the status bar says so; the search's dimming ends when a match is picked; the Dark button
 * follows the theme's shortcut and the search hint stays readable in the dark theme.
 */
class WindowHistoryAndSearchTest extends ExampleWindowTest {
    @Test
    void thePolicyPickedInTheToolbarIsUndoneAndTheStatusBarSaysWhat(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        var vm = controller.viewModel();
        robot.interact(() -> {
            vm.drop(JobRequest.nodesWithGpus("train", 1, 8), new DropTarget.OnHost("node05"));
            @SuppressWarnings("unchecked")
            var policy = (javafx.scene.control.ComboBox<PolicyId>) robot.lookup("#policySelector").query();
            policy.setValue(PolicyId.SLURM_TREE);
            policy.getOnAction().handle(new javafx.event.ActionEvent());
        });
        assertThat(vm.choice().policy()).isEqualTo(PolicyId.SLURM_TREE);
        assertThat(vm.undoTextProperty().get()).isEqualTo("Undo policy slurm-tree");

        robot.interact(controller::undo);
        Label status = robot.lookup("#status").queryAs(Label.class);
        assertThat(status.getText()).isEqualTo("undone: policy slurm-tree");
        assertThat(robot.lookup("#policySelector").queryComboBox().getValue()).isEqualTo(PolicyId.PLANNER);
        assertThat(vm.plan().job("train")).isPresent();

        robot.interact(controller::undo);
        assertThat(status.getText()).isEqualTo("undone: Place job train");
        robot.interact(controller::redo);
        assertThat(status.getText()).isEqualTo("redone: Place job train");
    }

    @Test
    void pickingAMatchEndsTheSearchDimming(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        var fabric = controller.window().fabricView();
        robot.clickOn("#treeSearch").write("node1");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fabric.isHighlighting()).as("typing dims what does not match").isTrue();

        TreeView<?> tree = robot.lookup("#clusterTree").queryAs(TreeView.class);
        robot.interact(() -> tree.getSelectionModel().clearAndSelect(tree.getSelectionModel().getSelectedIndex() + 1));
        assertThat(fabric.isHighlighting()).as("a match picked in the tree ends the dimming").isFalse();

        robot.clickOn("#treeSearch").write("7");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fabric.isHighlighting()).isTrue();
        robot.type(KeyCode.ENTER);
        assertThat(fabric.isHighlighting()).as("Enter takes the match").isFalse();
    }

    @Test
    void theDarkButtonFollowsTheShortcutAndTheSearchHintIsReadableInTheDark(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        ToggleButton dark = robot.lookup("#darkTheme").queryAs(ToggleButton.class);
        assertThat(dark.isSelected()).isFalse();
        robot.clickOn("#clusterTree").push(KeyCode.SHORTCUT, KeyCode.T);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(dark.isSelected()).as("Dark pressed after the shortcut switched to dark").isTrue();

        TextField search = robot.lookup("#treeSearch").queryAs(TextField.class);
        robot.interact(search::applyCss);
        Color prompt = (Color) search.lookupAll(".text").stream()
                .filter(n -> n instanceof javafx.scene.text.Text t && search.getPromptText().equals(t.getText()))
                .map(n -> ((javafx.scene.text.Text) n).getFill()).findFirst().orElseThrow();
        var fills = search.getBackground().getFills();
        // modena paints the field's inside last, as a short gradient ending in its inner background
        var inside = fills.get(fills.size() - 1).getFill();
        Color field = inside instanceof javafx.scene.paint.LinearGradient g ? g.getStops().get(g.getStops().size() - 1).getColor()
                : (Color) inside;
        assertThat(field.getBrightness()).as("a dark field").isLessThan(0.3);
        assertThat(contrast(prompt, field)).as("prompt %s on %s", prompt, field).isGreaterThan(4.5);

        robot.clickOn(dark);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(dark.isSelected()).isFalse();
    }

    private static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(Color c) {
        return 0.2126 * lin(c.getRed()) + 0.7152 * lin(c.getGreen()) + 0.0722 * lin(c.getBlue());
    }

    private static double lin(double v) {
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }
}
