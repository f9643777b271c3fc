package org.topoplanner.app.desktop.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.canvas.GhostState;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.FatTreeFixture;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.resources.ShippedData;

/** Renders the fabric view headless to PNG files: the example cluster with jobs and the 16k fabric, light and dark. */
@ExtendWith(ApplicationExtension.class)
@EnabledIfSystemProperty(named = "shots", matches = "true", disabledReason = "writes PNGs to look at; run with -Dshots=true")
class FabricShotsTest {
    private Stage stage;
    private FabricView view;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        view = new FabricView();
        stage.setScene(new Scene(view, 1600, 1000));
        stage.show();
    }

    static Occupancy exampleJobs() {
        Occupancy.Builder b = Occupancy.builder();
        for (int n = 1; n <= 8; n++) {
            b.holdGpus(String.format("node%02d", n), List.of(0, 1, 2, 3, 4, 5, 6, 7), "train-llm-70b");
        }
        for (int n = 9; n <= 12; n++) {
            b.holdGpus(String.format("node%02d", n), List.of(0, 1, 2, 3, 4, 5, 6, 7), "train-llm-70b");
        }
        b.holdGpus("node13", List.of(0, 1, 2, 3), "finetune-7b");
        b.holdGpus("node14", List.of(0, 1, 2, 3), "finetune-7b");
        b.holdGpus("node17", List.of(0, 1), "eval-batch");
        b.holdGpus("node18", List.of(4, 5, 6, 7), "eval-batch");
        b.holdGpus("node25", List.of(0), "eval-batch");
        return b.build();
    }

    @Test
    void rendersExampleAndLargeFabrics(FxRobot robot) throws Exception {
        Cluster example = ShippedData.exampleCluster();
        FabricLayout small = FabricLayout.compute(example);
        Cluster large = FatTreeFixture.large();
        FabricLayout big = FabricLayout.compute(large);
        Occupancy bigJobs = FatTreeFixture.someJobs(large, 0.55, 5);
        for (Theme theme : Theme.values()) {
            String t = theme.name().toLowerCase();
            robot.interact(() -> {
                view.setTheme(theme);
                view.setLayout(small);
                view.setOccupancy(exampleJobs());
                view.selectionProperty().set(null);
            });
            WaitForAsyncUtils.waitForFxEvents();
            shot(robot, "fabric-example-" + t);
            robot.interact(() -> {
                view.selectionProperty().set("spine1");
                view.ghost(Set.of("node19", "node20", "node21", "node22"), Map.of("node19", List.of(0, 1, 2, 3)),
                        GhostState.WARNING);
            });
            WaitForAsyncUtils.waitForFxEvents();
            shot(robot, "fabric-example-selected-ghost-" + t);
            robot.interact(() -> {
                view.clearGhost();
                view.selectionProperty().set(null);
                view.setLayout(big);
                view.setOccupancy(bigJobs);
            });
            WaitForAsyncUtils.waitForFxEvents();
            shot(robot, "fabric-16k-fit-" + t);
            robot.interact(() -> view.setViewport(view.viewport().showing(
                    big.subtreeBounds(big.switchIndex("p03-spine01"))[0], 0,
                    big.subtreeBounds(big.switchIndex("p03-spine01"))[2], big.height(), 4)));
            WaitForAsyncUtils.waitForFxEvents();
            shot(robot, "fabric-16k-pod-" + t);
            robot.interact(() -> {
                view.selectionProperty().set("gpu02060");
                view.zoomToSelection();
            });
            WaitForAsyncUtils.waitForFxEvents();
            shot(robot, "fabric-16k-rack-" + t);
            robot.interact(() -> {
                view.selectionProperty().set(null);
                view.highlight("finetune");
                view.setViewport(view.viewport().zoomAt(0.25, 800, 500));
            });
            WaitForAsyncUtils.waitForFxEvents();
            shot(robot, "fabric-16k-search-" + t);
            robot.interact(() -> view.highlight(""));
        }
    }

    private void shot(FxRobot robot, String name) {
        Path[] file = new Path[1];
        robot.interact(() -> {
            view.redraw();
            file[0] = ViewShots.save(stage.getScene(), name);
        });
        assertThat(file[0]).exists();
        assertThat(file[0].toFile().length()).isGreaterThan(5000);
    }
}
