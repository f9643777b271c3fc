package org.topoplanner.app.desktop.window;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.ExampleWindowTest;
import org.topoplanner.app.desktop.fabric.NvlinkLayerTestClusters;
import org.topoplanner.app.plan.Plan;

/**
 * The background warm-up (allocator index, NVLink domains, the policies' tables) waits for the window's
 * first frame at launch (issue 15, start-up), and starts at once for a cluster opened in a window that is
 * already up: either way the node view gets the NVLink domains.
 */
class WarmUpAfterFirstFrameTest extends ExampleWindowTest {

    @Test
    void aClusterOpenedInTheShownWindowGetsItsNvlinkDomains(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        var nvl72 = NvlinkLayerTestClusters.nvl72();
        robot.interact(() -> controller.viewModel().reset(Plan.of(nvl72)));
        // looked up in the node view itself: it joins the scene only when its tab is first selected
        Label subtitle = (Label) controller.window().nodeView().lookup("#nodeSubtitle");
        // the first host of the NVL72 rack is a tray of an 18-tray NVLink domain
        Eventually.until("the node view names the first tray's NVLink domain",
                () -> subtitle.getText().contains("NVLink domain"));
        assertThat(subtitle.getText()).contains("+68 GPUs on 17 other trays");
    }
}
