package org.topoplanner.app.desktop.whatif;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.whatif.JobRecord;
import org.topoplanner.allocator.whatif.WhatIfCase;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.importers.workload.SacctJob;
import org.topoplanner.importers.workload.SacctWriter;
import org.topoplanner.model.workload.WorkloadGenerator;
import org.topoplanner.model.workload.WorkloadJob;
import org.topoplanner.resources.ShippedData;

/**
 * The What-if view as a design review uses it: a site's {@code sacct} history (made with the generator and written
 * in sacct's format) on the open design and a second design read from files ({@code inputs/tree32}, the Slurm
 * harness's seed cluster), two policies ticked. The charts carry one series per design and policy, and a job of
 * the second design's run opens on that design's fabric at its start. Screenshot:
 * {@code target/ui-views-shots/whatif-two-designs.png}.
 */
@ExtendWith(ApplicationExtension.class)
class WhatIfStudyWindowTest {
    @TempDir
    Path dir;

    private WhatIfWindow window;

    @Start
    void start(Stage owner) {
        owner.show();
        window = new WhatIfWindow(owner, ShippedData.exampleCluster(), PolicyChoice.of(PolicyId.PLANNER));
        window.show();
    }

    private static Path input(String name) throws Exception {
        return Path.of(WhatIfStudyWindowTest.class.getResource("/inputs/" + name).toURI());
    }

    /** {@code jobs} jobs of the helios profile as accounting would list them, started when submitted. */
    private Path sacctHistory(int jobs) throws Exception {
        LocalDateTime epoch = LocalDateTime.of(2025, 3, 1, 8, 0);
        List<SacctJob> history = new ArrayList<>();
        for (WorkloadJob j : WorkloadGenerator.parse("gen:helios:jobs=" + jobs + ":seed=4:rate=200:gpn=8")) {
            LocalDateTime submit = epoch.plusSeconds(j.submit());
            history.add(new SacctJob(j.id(), submit, submit, submit.plusSeconds(j.runSeconds()), j.nodes(), j.gpus(),
                    "", "", "gpu", "COMPLETED", 0));
        }
        Path file = dir.resolve("history.sacct");
        Files.writeString(file, SacctWriter.write(history));
        return file;
    }

    @Test
    @SuppressWarnings("unchecked")
    void aSacctHistoryOnTwoDesignsUnderTwoPolicies(FxRobot robot) throws Exception {
        Node root = window.stage().getScene().getRoot();
        Path history = sacctHistory(120);
        Path tree32 = input("tree32");
        robot.interact(() -> {
            assertThat(window.addDesign(List.of(tree32))).isTrue();
            robot.from(root).lookup("#whatifWorkload").queryAs(TextField.class).setText(history.toString());
            for (PolicyId p : PolicyCatalog.policies()) {
                robot.from(root).lookup("#whatifPolicy-" + p.id()).queryAs(CheckBox.class)
                        .setSelected(p == PolicyId.PLANNER || p == PolicyId.SLURM_TREE);
            }
            robot.from(root).lookup("#whatifRun").queryButton().fire();
        });
        TableView<JobRecord> table = robot.from(root).lookup("#whatifJobs").queryAs(TableView.class);
        Eventually.until("the study done and its records listed", () -> !table.getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        LineChart<Number, Number> utilisation = robot.from(root)
                .lookup((java.util.function.Predicate<Node>) n -> n instanceof LineChart).queryAs(LineChart.class);
        String open = ShippedData.exampleCluster().name();
        assertThat(utilisation.getData()).extracting(s -> s.getName()).containsExactly(open + " / slurm-tree",
                open + " / planner", "tree32 / slurm-tree", "tree32 / planner");
        assertThat(table.getItems()).hasSize(120);

        ChoiceBox<WhatIfCase> runs = robot.from(root).lookup((java.util.function.Predicate<Node>) n ->
                n instanceof ChoiceBox<?> c && !c.getItems().isEmpty() && c.getItems().get(0) instanceof WhatIfCase)
                .queryAs(ChoiceBox.class);
        WhatIfCase onTree32 = runs.getItems().stream().filter(c -> c.design().equals("tree32")
                && c.policy().id().equals("slurm-tree")).findFirst().orElseThrow();
        robot.interact(() -> runs.setValue(onTree32));
        JobRecord multi = table.getItems().stream().filter(r -> r.ran() && r.hosts().size() > 1).findFirst()
                .orElseThrow();
        robot.interact(() -> table.getSelectionModel().select(multi));
        WaitForAsyncUtils.waitForFxEvents();
        SplitPane lower = robot.from(root).lookup((java.util.function.Predicate<Node>) n -> n instanceof SplitPane s
                && s.getItems().size() == 2 && s.getItems().get(1) instanceof FabricView).queryAs(SplitPane.class);
        FabricView fabric = (FabricView) lower.getItems().get(1);
        assertThat(fabric.getOccupancy().jobs()).contains(multi.job());
        assertThat(fabric.selectionProperty().get()).isEqualTo(multi.hosts().get(0));
        assertThat(onTree32.cluster().hostNames()).contains(multi.hosts().get(0));
        assertThat(robot.from(root).lookup((Label l) -> l.getText().startsWith("Job " + multi.job() + " at its start"))
                .tryQuery()).isPresent();

        Path shots = Path.of("target", "ui-views-shots");
        Files.createDirectories(shots);
        robot.interact(() -> {
            try {
                ImageIO.write(SwingFXUtils.fromFXImage(window.stage().getScene().snapshot(null), null), "png",
                        shots.resolve("whatif-two-designs.png").toFile());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        robot.interact(window.stage()::close);
    }

    @Test
    void badFilesAreSaidWithTheirPlaceAndNothingRuns(FxRobot robot) throws Exception {
        Node root = window.stage().getScene().getRoot();
        Path bad = dir.resolve("bad.sacct");
        Files.writeString(bad, "JobID|Submit|Start|End|NNodes|AllocTRES\n42|yesterday|x|y|1|gres/gpu=1\n");
        Path broken = input("broken");
        robot.interact(() -> assertThat(window.addDesign(List.of(broken))).isFalse());
        assertThat(robot.from(root).lookup((Label l) -> l.getText().startsWith("Design not added: ")
                && l.getText().contains("topology.conf:")).tryQuery()).isPresent();
        robot.interact(() -> {
            robot.from(root).lookup("#whatifWorkload").queryAs(TextField.class).setText(bad.toString());
            robot.from(root).lookup("#whatifRun").queryButton().fire();
        });
        assertThat(robot.from(root).lookup((Label l) -> l.getText().startsWith(bad.toString() + ":2:"))
                .tryQuery()).as("the first error, with its line").isPresent();
        assertThat(robot.from(root).lookup("#whatifCancel").queryButton().isDisabled()).isTrue();
        robot.interact(window.stage()::close);
    }
}
