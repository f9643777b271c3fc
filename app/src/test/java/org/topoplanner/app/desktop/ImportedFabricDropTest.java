package org.topoplanner.app.desktop;

import org.topoplanner.app.desktop.inspector.JobProperties;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.app.desktop.fabric.layout.SwitchBox;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.app.desktop.fabric.Viewport;

/**
 * The real window on a big imported fabric: the ibsim 3-level fat tree of 4,096 hosts
 * ({@code ft3-4096.ibnetdiscover.gz}, see src/test/resources/inputs/PROVENANCE.md) imported as a user does it, with an
 * {@code nvidia-smi topo -m} of the node type so the hosts have GPUs, then a 4-node job dragged from
 * the palette onto one leaf switch.
 */
class ImportedFabricDropTest extends ExampleWindowTest {
    private static final String LEAF = "leaf37";
    @TempDir
    Path files;

    @Test
    void aShapeDroppedOnALeafOfA4096HostFabricLandsUnderThatLeaf(FxRobot robot) throws Exception {
        // File > Import… with the dump and a node type: the node type applies to every host as a template,
        // which the import says in its diagnostics list; the user takes the cluster.
        ExampleWindow.importFatTreeOf4096Hosts(robot, controller, files);
        var vm = controller.viewModel();
        assertThat(vm.plan().cluster().gpuCount()).isEqualTo(4096 * 8);
        FabricView fabric = controller.window().fabricView();

        // Find the leaf in the tree (as clicking it there does) and zoom to it.
        robot.interact(() -> {
            vm.selectionProperty().set(LEAF);
            fabric.zoomToSelection();
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(propertyNamesAsDrawn(robot)).containsExactly("tier", "GUID", "description", "parents",
                "child switches", "hosts", "hosts below");
        Point2D leaf = switchPoint(fabric, LEAF);
        assertThat(fabric.switchAt(fabric.screenToLocal(leaf).getX(), fabric.screenToLocal(leaf).getY())).isEqualTo(LEAF);

        robot.drag(chip(robot, "4 nodes \u00d7 8 GPUs")).dropTo(leaf);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(vm.plan().placements()).containsKey("n4x8");
        List<String> hosts = vm.plan().placements().get("n4x8").hostNames();
        assertThat(hosts).hasSize(4);
        assertThat(vm.plan().cluster().fabric().hostsUnder(LEAF)).containsAll(hosts);
        assertThat(vm.plan().placements().get("n4x8").gpuCount()).isEqualTo(32);
        assertThat(vm.selectedJobProperty().get()).isEqualTo("n4x8");
        assertThat(robot.lookup("#jobPlacement").queryAs(Label.class).getText()).contains("n4x8")
                .endsWith(JobProperties.hostlist(hosts));
        assertThat(fabric.getOccupancy().gpusHeld("n4x8")).isEqualTo(32);
        robot.interact(() -> ViewShots.save(fabric.getScene(), "imported-ft3-4096-drop"));

        // The leaf in the inspector, each category open in a narrower window: names are readable, not cut to "\u2026".
        robot.interact(() -> fabric.getScene().getWindow().setWidth(1100));
        WaitForAsyncUtils.waitForFxEvents();
        var sheet = robot.lookup("#selectionProperties").queryAs(org.controlsfx.control.PropertySheet.class);
        for (String category : List.of("Links", "Switch")) {
            robot.clickOn(robot.from(sheet).lookup((Node n) -> n instanceof javafx.scene.control.TitledPane t
                    && t.getText().equals(category)).lookup(".title").queryAs(Node.class));
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> ViewShots.save(fabric.getScene(), "imported-ft3-4096-leaf-" + category.toLowerCase()));
            assertThat(propertyNamesAsDrawn(robot)).containsExactly("tier", "GUID", "description", "parents",
                    "child switches", "hosts", "hosts below");
        }
    }

    /** The selection sheet's property names as their labels draw them. */
    private static List<String> propertyNamesAsDrawn(FxRobot robot) {
        var sheet = robot.lookup("#selectionProperties").queryAs(org.controlsfx.control.PropertySheet.class);
        return robot.from(sheet).lookup((Node n) -> n instanceof Label l && !l.getStyleClass().contains("property-value"))
                .queryAllAs(Label.class).stream().map(ImportedFabricDropTest::drawnText).toList();
    }

    /** The text a label's skin draws (with "\u2026" where it had to cut it). */
    private static String drawnText(Label l) {
        return l.lookupAll(".text").stream().filter(n -> n instanceof javafx.scene.text.Text)
                .map(n -> ((javafx.scene.text.Text) n).getText()).findFirst().orElse(l.getText());
    }

    private static Point2D switchPoint(FabricView fabric, String name) {
        FabricLayout l = fabric.getLayout();
        SwitchBox s = l.switches().get(l.switchIndex(name));
        Viewport vp = fabric.viewport();
        return fabric.localToScreen(vp.toScreenX(s.centerX()), vp.toScreenY(s.y()) + 5);
    }

    private static Label chip(FxRobot robot, String title) {
        return robot.lookup((Node n) -> n instanceof Label l && l.getStyleClass().contains("job-chip")
                && title.equals(l.getText())).queryAs(Label.class);
    }
}
