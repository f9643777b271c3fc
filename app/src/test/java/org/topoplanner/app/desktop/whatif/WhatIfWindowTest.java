package org.topoplanner.app.desktop.whatif;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.stage.Window;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.whatif.JobRecord;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.fabric.FabricView;

/**
 * Tools &gt; What-if… on the example cluster: a small generated workload runs in the background, the charts
 * show one series per policy, and choosing a job in the table shows the design at its start in the window's
 * fabric view. A screenshot goes to {@code target/ui-views-shots/whatif-window.png}.
 */
@ExtendWith(ApplicationExtension.class)
class WhatIfWindowTest {
    @TempDir
    Path home;

    @Start
    void start(Stage stage) {
        ExampleWindow.open(stage, home);
    }

    private static Stage whatIfStage(FxRobot robot) {
        return (Stage) robot.listTargetWindows().stream().filter(w -> w instanceof Stage s
                && s.getTitle() != null && s.getTitle().startsWith("What-if")).findFirst().orElseThrow();
    }

    @Test
    @SuppressWarnings("unchecked")
    void runsEveryPolicyAndShowsAJobsPlacementAtItsStart(FxRobot robot) throws Exception {
        robot.clickOn("Tools").clickOn("What-if\u2026");
        WaitForAsyncUtils.waitForFxEvents();
        Stage stage = whatIfStage(robot);
        Node root = stage.getScene().getRoot();
        TextField workload = robot.from(root).lookup("#whatifWorkload").queryAs(TextField.class);
        robot.interact(() -> workload.setText("gen:helios:jobs=150:seed=2:rate=300"));
        robot.interact(() -> robot.from(root).lookup("#whatifRun").queryButton().fire());
        TableView<JobRecord> table = robot.from(root).lookup("#whatifJobs").queryAs(TableView.class);
        Eventually.until("the study done and its records listed", () -> !table.getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        LineChart<Number, Number> utilisation = robot.from(root).lookup((java.util.function.Predicate<Node>) n -> n instanceof LineChart).queryAs(LineChart.class);
        assertThat(utilisation.getData()).hasSize(PolicyCatalog.policies().size());
        assertThat(table.getItems()).hasSize(150);

        JobRecord multi = table.getItems().stream().filter(r -> r.ran() && r.hosts().size() > 1).findFirst()
                .orElse(table.getItems().get(0));
        robot.interact(() -> table.getSelectionModel().select(multi));
        WaitForAsyncUtils.waitForFxEvents();
        FabricView fabric = robot.from(root).lookup((java.util.function.Predicate<Node>) n -> n instanceof FabricView).queryAs(FabricView.class);
        assertThat(fabric.getOccupancy().jobs()).contains(multi.job());
        assertThat(fabric.selectionProperty().get()).isEqualTo(multi.hosts().get(0));
        assertThat(robot.from(root).lookup((Label l) -> l.getText().startsWith("Job " + multi.job() + " at its start"))
                .tryQuery()).isPresent();

        Path shots = Path.of("target", "ui-views-shots");
        Files.createDirectories(shots);
        robot.interact(() -> {
            try {
                ImageIO.write(SwingFXUtils.fromFXImage(stage.getScene().snapshot(null), null), "png",
                        shots.resolve("whatif-window.png").toFile());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(shots.resolve("whatif-window.png")).exists();
        robot.interact(stage::close);
    }

    @Test
    void aLongRunCanBeCancelledAndABadSpecificationIsSaid(FxRobot robot) {
        robot.clickOn("Tools").clickOn("What-if\u2026");
        WaitForAsyncUtils.waitForFxEvents();
        Stage stage = whatIfStage(robot);
        Node root = stage.getScene().getRoot();
        TextField workload = robot.from(root).lookup("#whatifWorkload").queryAs(TextField.class);
        robot.interact(() -> {
            workload.setText("gen:nosuch");
            robot.from(root).lookup("#whatifRun").queryButton().fire();
        });
        assertThat(robot.from(root).lookup((Label l) -> l.getText().startsWith("unknown profile")).tryQuery()).isPresent();
        robot.interact(() -> {
            workload.setText("gen:pai:jobs=1000000");
            robot.from(root).lookup("#whatifRun").queryButton().fire();
        });
        robot.interact(() -> robot.from(root).lookup("#whatifCancel").queryButton().fire());
        Eventually.until("the run cancelled", () -> Eventually.onFxThread(() -> robot.from(root)
                .lookup((Label l) -> l.getText().equals("What-if cancelled")).tryQuery().isPresent()));
        assertThat(robot.from(root).lookup("#whatifRun").queryButton().isDisabled()).isFalse();
        robot.interact(stage::close);
        assertThat(Window.getWindows()).noneMatch(w -> w == stage && w.isShowing());
    }
}
