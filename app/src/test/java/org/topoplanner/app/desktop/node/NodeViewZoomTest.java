package org.topoplanner.app.desktop.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.app.desktop.node.layout.NodeBox;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.nvsmi.NvidiaSmiTopoReader;
import org.topoplanner.model.node.NodeTopology;

/**
 * The node view zooms and pans like the fabric view and opens readable: the wide A100 node of
 * {@code inputs/a100-sxm4-epyc7742-nps4-10nic.txt} (8 GPUs and 10 NICs side by side) in a window
 * pane of 940 px used to be fitted whole with 5–7 px text.
 */
@ExtendWith(ApplicationExtension.class)
class NodeViewZoomTest {
    private NodeView view;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        view = new NodeView();
        stage.setScene(new Scene(view, 940, 760));
        stage.show();
    }

    private static NodeTopology a100() throws Exception {
        Path file = Path.of(NodeViewZoomTest.class.getResource("/inputs/a100-sxm4-epyc7742-nps4-10nic.txt").toURI());
        var result = new NvidiaSmiTopoReader().read(new SourceText(file.toString(), Files.readString(file)));
        return result.part().nodes().values().iterator().next();
    }

    @Test
    void aWideNodeOpensWithElevenPixelTitlesAndZoomsAndPans(FxRobot robot) throws Exception {
        NodeTopology t = a100();
        robot.interact(() -> view.show("gpu001", t));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.getScale() * 10.5).as("smallest box title in px").isGreaterThanOrEqualTo(11);
        robot.interact(() -> ViewShots.save(stage.getScene(), "node-a100-readable"));

        NodeBox gpu0 = view.getLayout().boxesOf(NodeBox.Kind.GPU).get(0);
        double before = view.getScale();
        robot.interact(() -> view.zoomAt(2, 100, 100));
        assertThat(view.getScale()).isCloseTo(before * 2, org.assertj.core.data.Offset.offset(1e-9));

        // hit testing follows the zoom: the GPU's centre on screen is still that GPU
        double[] at = onScreen(gpu0);
        assertThat(view.gpuAt(at[0], at[1])).isEqualTo(gpu0.gpu());

        robot.interact(() -> view.panBy(-120, -40));
        double[] moved = onScreen(gpu0);
        assertThat(moved[0]).isCloseTo(at[0] - 120, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(view.gpuAt(moved[0], moved[1])).isEqualTo(gpu0.gpu());

        robot.interact(view::zoomToFit);
        double fit = view.getScale();
        assertThat(fit * view.getLayout().width()).isLessThanOrEqualTo(view.getWidth());
        robot.interact(() -> ViewShots.save(stage.getScene(), "node-a100-fit"));
        robot.interact(view::resetZoom);
        assertThat(view.getScale()).isEqualTo(before);
    }

    @Test
    void dragOnTheBackgroundPans(FxRobot robot) throws Exception {
        NodeTopology t = a100();
        robot.interact(() -> view.show("gpu001", t));
        WaitForAsyncUtils.waitForFxEvents();
        NodeBox machine = view.getLayout().machine();
        double[] start = onScreen(machine);
        var scene = view.localToScreen(20, view.getHeight() - 160);
        robot.drag(scene.getX(), scene.getY()).moveBy(-200, 0).release(javafx.scene.input.MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onScreen(machine)[0]).isLessThan(start[0] - 100);
    }

    @Test
    void theMatrixHeadersShowWholeNamesWithTooltips(FxRobot robot) throws Exception {
        NodeTopology t = a100();
        robot.interact(() -> {
            view.show("gpu001", t);
            view.matrixShownProperty().set(true);
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> ViewShots.save(stage.getScene(), "node-a100-matrix"));
        var headers = robot.lookup("#nodeMatrix").lookup(".header").queryAllAs(javafx.scene.control.Label.class);
        assertThat(headers).hasSizeGreaterThanOrEqualTo(2 * t.deviceIds().size());
        for (var h : headers) {
            String drawn = h.lookupAll(".text").stream().filter(n -> n instanceof javafx.scene.text.Text)
                    .map(n -> ((javafx.scene.text.Text) n).getText()).findFirst().orElse("");
            assertThat(drawn).as("header %s as drawn", h.getText()).isEqualTo(h.getText());
            assertThat(h.getTooltip()).isNotNull();
        }
        var nv = robot.lookup("#nodeMatrix").lookup(".cell").queryAllAs(javafx.scene.control.Label.class).stream()
                .filter(c -> c.getText().startsWith("NV")).findFirst().orElseThrow();
        assertThat(nv.getTooltip().getText()).contains("\u2194").contains("bonded set of");
    }

    /** The view-local point where a box's centre is drawn. */
    private double[] onScreen(NodeBox b) {
        double cx = b.centerX();
        double cy = b.y() + b.h() / 2;
        var p = view.layoutToLocal(cx, cy);
        return new double[] {p.getX(), p.getY()};
    }
}
