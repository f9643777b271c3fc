package org.topoplanner.app.desktop.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.control.SplitPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.PointerRest;
import org.topoplanner.app.desktop.canvas.GhostState;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.HostBox;
import org.topoplanner.app.desktop.fabric.layout.SwitchBox;
import org.topoplanner.app.desktop.node.NodeView;
import org.topoplanner.app.desktop.node.layout.NodeBox;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.resources.ShippedData;

/** Both views in a real stage, headless: selection, zoom, pan, hover, search, ghost and GPU picking. */
@ExtendWith(ApplicationExtension.class)
class FabricAndNodeViewsTest {
    private final Cluster cluster = ShippedData.exampleCluster();
    private FabricView fabric;
    private NodeView node;

    @Start
    void start(Stage stage) {
        fabric = new FabricView();
        node = new NodeView();
        fabric.selectionProperty().addListener((o, a, name) -> {
            if (name != null && cluster.fabric().hasHost(name)) {
                node.show(name, cluster.node(name));
                node.setOccupancy(fabric.getOccupancy());
            }
        });
        SplitPane split = new SplitPane(fabric, node);
        split.setDividerPositions(0.55);
        Scene scene = new Scene(split, 1600, 1000);
        scene.getStylesheets().setAll(Theme.LIGHT.stylesheets());
        stage.setScene(scene);
        stage.show();
        stage.toFront();
        stage.requestFocus();
    }

    @BeforeEach
    void loadCluster() throws Exception {
        Occupancy jobs = FabricShotsTest.exampleJobs();
        java.util.concurrent.CompletableFuture<FabricLayout> shown = new java.util.concurrent.CompletableFuture<>();
        javafx.application.Platform.runLater(() -> {
            fabric.setCluster(cluster).thenAccept(shown::complete);
            fabric.setOccupancy(jobs);
        });
        shown.get(Eventually.HANG_GUARD_SECONDS, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private Point2D hostPoint(String host) {
        FabricLayout l = fabric.getLayout();
        HostBox h = l.hosts().get(l.hostIndex(host));
        Viewport vp = fabric.viewport();
        return fabric.localToScreen(vp.toScreenX(h.x() + h.w() / 2), vp.toScreenY(h.y() + h.h() / 2));
    }

    private Point2D switchPoint(String sw) {
        FabricLayout l = fabric.getLayout();
        SwitchBox s = l.switches().get(l.switchIndex(sw));
        Viewport vp = fabric.viewport();
        return fabric.localToScreen(vp.toScreenX(s.centerX()), vp.toScreenY(s.y()) + 5);
    }

    @Test
    void clickingAHostSelectsItAndOpensItInTheNodeView(FxRobot robot) {
        robot.clickOn(hostPoint("node20"), MouseButton.PRIMARY);
        assertThat(fabric.selectionProperty().get()).isEqualTo("node20");
        assertThat(node.getHost()).isEqualTo("node20");
        assertThat(node.getLayout().boxesOf(NodeBox.Kind.GPU)).hasSize(8);
        robot.clickOn(switchPoint("leaf3"), MouseButton.PRIMARY);
        assertThat(fabric.selectionProperty().get()).isEqualTo("leaf3");
    }

    @Test
    void zoomToFitBringsBackTheWholeFabric(FxRobot robot) {
        Viewport fit = fabric.viewport();
        assertThat(fit.showsAll()).isTrue();
        robot.interact(() -> fabric.zoomAt(3, 200, 200));
        assertThat(fabric.viewport().showsAll()).isFalse();
        assertThat(fabric.viewport().sx()).isCloseTo(fit.sx() * 3, within(1e-9));
        robot.clickOn(fabric).type(KeyCode.F);
        assertThat(fabric.viewport().showsAll()).isTrue();
        assertThat(fabric.viewport().sx()).isCloseTo(fit.sx(), within(1e-9));
    }

    @Test
    void zoomToSelectionShowsTheSubtree(FxRobot robot) {
        robot.interact(() -> {
            fabric.selectionProperty().set("spine2");
            fabric.zoomToSelection();
        });
        FabricLayout l = fabric.getLayout();
        double[] b = l.subtreeBounds(l.switchIndex("spine2"));
        double[] v = fabric.viewport().visibleWorld();
        assertThat(v[0]).isLessThanOrEqualTo(b[0]);
        assertThat(v[2]).isGreaterThanOrEqualTo(b[2]);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fabric.levelOfDetail().hosts()).isTrue();
        assertThat(fabric.viewport().sx()).isGreaterThan(fabric.viewport().fitScale());
    }

    @Test
    void draggingTheBackgroundPans(FxRobot robot) {
        robot.interact(() -> fabric.zoomAt(2.5, 300, 300));
        Viewport before = fabric.viewport();
        Point2D empty = fabric.localToScreen(40, fabric.getHeight() - 30);
        robot.drag(empty, MouseButton.PRIMARY).moveBy(120, 0).drop();
        Viewport after = fabric.viewport();
        assertThat(after.ox()).isCloseTo(before.ox() - 120 / before.sx(), within(2 / before.sx()));
        assertThat(fabric.selectionProperty().get()).isNull();
    }

    @Test
    void hoveringASwitchShowsItsCardWithoutTakingTheFocus(FxRobot robot) throws Exception {
        robot.interact(fabric::requestFocus);
        HoverCard card = fabric.card();
        PointerRest.until(robot, card, () -> switchPoint("spine1"), "the card of spine1");
        assertThat(fabric.hoveredProperty().get()).isEqualTo("spine1");
        assertThat(robot.from(card.content()).lookup(".title").queryLabeled().getText()).isEqualTo("spine1");
        // spine1 is above leaf1-2: 128 GPUs, of which the example jobs hold 104.
        assertThat(robot.from(card.content()).lookup("24 / 128").tryQuery()).isPresent();
        // The card is a popup: the view keeps the keyboard, so its shortcuts still work.
        assertThat(fabric.isFocused()).isTrue();
        assertThat(fabric.getScene().getWindow().isFocused()).isTrue();
        double before = fabric.viewport().sx();
        robot.type(KeyCode.ADD);
        assertThat(fabric.viewport().sx()).isGreaterThan(before);
        robot.moveTo(fabric.localToScreen(5, fabric.getHeight() - 5));
        Eventually.until("the hover card to hide", () -> !card.isShowing());
        assertThat(fabric.hoveredProperty().get()).isNull();
    }

    @Test
    void aHostsCardNamesItsLeafLinkAndJobs(FxRobot robot) throws Exception {
        HoverCard card = fabric.card();
        PointerRest.until(robot, card, () -> hostPoint("node17"), "the card of node17");
        assertThat(robot.from(card.content()).lookup(".title").queryLabeled().getText()).isEqualTo("node17");
        List<String> texts = robot.from(card.content()).lookup((javafx.scene.Node n) -> n instanceof javafx.scene.control.Label)
                .queryAllAs(javafx.scene.control.Label.class).stream().map(javafx.scene.control.Label::getText).toList();
        assertThat(texts).contains("host \u00b7 8 GPUs", "6 / 8", "leaf", "leaf3", "link",
                "eval-batch  \u00b7  2 GPUs");
    }

    @Test
    void searchCountsMatchesAndHitTestsFindDropTargets(FxRobot robot) {
        int[] n = new int[3];
        robot.interact(() -> {
            n[0] = fabric.highlight("node1");
            n[1] = fabric.highlight("node[01-04],leaf2");
            n[2] = fabric.highlight("finetune");
        });
        assertThat(n[0]).isEqualTo(10);
        assertThat(n[1]).isEqualTo(5);
        assertThat(n[2]).isEqualTo(2);
        Point2D p = fabric.screenToLocal(hostPoint("node22"));
        assertThat(fabric.hostAt(p.getX(), p.getY())).isEqualTo("node22");
        assertThat(fabric.hostsAt(p.getX(), p.getY())).containsExactly("node22");
        Point2D s = fabric.screenToLocal(switchPoint("leaf2"));
        assertThat(fabric.switchAt(s.getX(), s.getY())).isEqualTo("leaf2");
        assertThat(fabric.hostsAt(s.getX(), s.getY())).hasSize(8).contains("node09", "node16");
        robot.interact(() -> fabric.ghost(Set.of("node21", "node22", "ghost-host"), Map.of("node21", List.of(0, 1)),
                GhostState.IMPOSSIBLE));
        robot.interact(fabric::clearGhost);
    }

    @Test
    void clickingGpusInTheNodeViewSelectsThem(FxRobot robot) {
        robot.interact(() -> node.show("node03", cluster.node("node03")));
        WaitForAsyncUtils.waitForFxEvents();
        // clicks on the whole node; the readable default zoom may show part of it
        robot.interact(node::zoomToFit);
        NodeBox g2 = node.getLayout().box("GPU2").orElseThrow();
        NodeBox g5 = node.getLayout().box("GPU5").orElseThrow();
        robot.clickOn(gpuPoint(g2), MouseButton.PRIMARY);
        assertThat(node.getSelectedGpus()).containsExactly(2);
        robot.press(KeyCode.SHIFT).clickOn(gpuPoint(g5), MouseButton.PRIMARY).release(KeyCode.SHIFT);
        assertThat(node.getSelectedGpus()).containsExactlyInAnyOrder(2, 5);
        Point2D local = node.screenToLocal(gpuPoint(g5));
        assertThat(node.gpuAt(local.getX(), local.getY())).isEqualTo(5);
        robot.clickOn("#nodeMatrixToggle");
        assertThat(node.matrixShownProperty().get()).isTrue();
        assertThat(robot.lookup("#nodeMatrix").queryAs(javafx.scene.layout.GridPane.class).isVisible()).isTrue();
        assertThat(node.gpuAt(local.getX(), local.getY())).isEqualTo(-1);
    }

    /** Screen point of a GPU box: the view scales the layout to fit and centres it. */
    private Point2D gpuPoint(NodeBox g) {
        // where the view draws the box now, at whatever zoom it opened with
        return node.localToScreen(node.layoutToLocal(g.x() + g.w() / 2, g.y() + g.h() / 2));
    }
}
