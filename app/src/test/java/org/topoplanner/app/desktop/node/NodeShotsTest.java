package org.topoplanner.app.desktop.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** Renders the node view headless to PNG: the example node and two HGX templates, light and dark, and the matrix. */
@ExtendWith(ApplicationExtension.class)
@EnabledIfSystemProperty(named = "shots", matches = "true", disabledReason = "writes PNGs to look at; run with -Dshots=true")
class NodeShotsTest {
    private Stage stage;
    private NodeView view;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        view = new NodeView();
        stage.setScene(new Scene(view, 1600, 1000));
        stage.show();
    }

    /** Three jobs on one host: GPUs with their NUMA-local cores and a NIC, as Slurm would bind them. */
    static Occupancy jobsOn(String host, NodeTopology t) {
        int cores = t.coreList().size();
        Occupancy.Builder b = Occupancy.builder();
        b.holdGpus(host, List.of(0, 1, 2, 3), "train-llm-70b");
        b.holdCores(host, IntStream.range(0, Math.max(1, cores / 4)).boxed().toList(), "train-llm-70b");
        b.holdNic(host, "NIC0", "train-llm-70b");
        b.holdGpus(host, List.of(4, 5), "finetune-7b");
        b.holdCores(host, IntStream.range(cores / 2, cores / 2 + Math.max(1, cores / 8)).boxed().toList(), "finetune-7b");
        b.hold(host, 6, "eval-batch");
        b.holdCores(host, IntStream.range(cores / 2 + cores / 8, cores / 2 + cores / 8 + 2).boxed().toList(), "eval-batch");
        return b.build();
    }

    @Test
    void rendersExampleNodeAndHgxTemplates(FxRobot robot) {
        record Case(String name, NodeTemplate template) {
        }
        List<Case> cases = List.of(new Case("example-node", NodeTemplate.EXAMPLE_2S16C_8GPU),
                new Case("hgx-h100", NodeTemplate.HGX_H100_SXM), new Case("hgx-a100", NodeTemplate.HGX_A100_SXM4));
        for (Theme theme : Theme.values()) {
            for (Case c : cases) {
                NodeTopology t = ShippedData.template(c.template());
                String host = c.name().equals("example-node") ? "node17" : "gpu00042";
                robot.interact(() -> {
                    view.setTheme(theme);
                    view.matrixShownProperty().set(false);
                    view.show(host, t);
                    view.setOccupancy(jobsOn(host, t));
                    view.getSelectedGpus().add(7);
                });
                WaitForAsyncUtils.waitForFxEvents();
                shot(robot, "node-" + c.name() + "-" + theme.name().toLowerCase());
            }
            robot.interact(() -> view.matrixShownProperty().set(true));
            WaitForAsyncUtils.waitForFxEvents();
            shot(robot, "node-hgx-a100-matrix-" + theme.name().toLowerCase());
        }
        // A 2 x 96-core CPU node in a small pane: cores fold into ranges, one per job.
        NodeTopology manyCores = new NodeTopologyBuilder().model("2 x 96-core CPU node").cpuLayout(2, 2, 96, 2, 393216)
                .build();
        robot.interact(() -> {
            view.setTheme(Theme.LIGHT);
            view.matrixShownProperty().set(false);
            view.show("cpu007", manyCores);
            view.setOccupancy(Occupancy.builder().holdCores("cpu007", IntStream.range(0, 60).boxed().toList(), "mpi-cfd")
                    .holdCores("cpu007", IntStream.range(100, 112).boxed().toList(), "postproc").build());
            stage.setWidth(900);
            stage.setHeight(560);
        });
        WaitForAsyncUtils.waitForFxEvents();
        shot(robot, "node-cpu192-small-folded-light");
        assertThat(view.getLayout().folded()).isTrue();
        robot.interact(() -> {
            stage.setWidth(1600);
            stage.setHeight(1000);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.getLayout().folded()).isFalse();
    }

    private void shot(FxRobot robot, String name) {
        Path[] file = new Path[1];
        robot.interact(() -> {
            view.redraw();
            file[0] = ViewShots.save(stage.getScene(), name);
        });
        assertThat(file[0].toFile().length()).isGreaterThan(5000);
    }
}
