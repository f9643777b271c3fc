package org.topoplanner.app.desktop.dialogs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.Dialogs;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.importers.export.ExportFile;
import org.topoplanner.importers.export.ExportOptions;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.resources.ShippedData;

/** Export…: the files and the export check first, the folder only when "Write to folder…" is pressed. */
@ExtendWith(ApplicationExtension.class)
class ExportDialogTest {
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 400, 300));
        stage.show();
    }

    private static Plan plan(String host) {
        return Plan.of(new ProjectDocument(ShippedData.exampleCluster(),
                List.of(new Job("train", List.of("-N", "1", "--gpus-per-node=4"))),
                List.of(new Placement("train", List.of(HostAllocation.of(host, List.of(0, 1, 2, 3), CpuSet.parse("0-15"))))),
                null));
    }

    @SuppressWarnings("unchecked")
    private static ListView<ExportFile> files(FxRobot robot) {
        return robot.lookup("#exportFiles").queryAs(ListView.class);
    }

    /** Waits for the background build to land in the pane, and returns it. */
    private static ExportPreview built(FxRobot robot) throws Exception {
        ExportPreviewPane pane = robot.lookup((Node n) -> n instanceof ExportPreviewPane).queryAs(ExportPreviewPane.class);
        Eventually.until("the export built", () -> pane.preview() != null);
        WaitForAsyncUtils.waitForFxEvents();
        return pane.preview();
    }

    private static void select(FxRobot robot, String relativePath) {
        ListView<ExportFile> files = files(robot);
        robot.interact(() -> files.getSelectionModel().select(files.getItems().stream()
                .filter(f -> f.relativePath().equals(relativePath)).findFirst().orElseThrow()));
    }

    @Test
    void showsEveryFileAsItWillBeWrittenBeforeAskingForAFolder(FxRobot robot, @TempDir Path dir) throws Exception {
        AtomicInteger asked = new AtomicInteger();
        Path out = dir.resolve("export");
        Platform.runLater(() -> ExportDialog.show(stage, plan("node07"), ExportOptions.DEFAULT, w -> {
            asked.incrementAndGet();
            return Optional.of(out);
        }));
        DialogPane pane = Dialogs.await(robot, "exportPreview");
        assertThat(asked).as("no folder is asked for to show the preview").hasValue(0);
        built(robot);
        ListView<ExportFile> files = files(robot);
        assertThat(files.getItems()).extracting(ExportFile::relativePath)
                .contains("slurm/topology.conf", "slurm/gres.conf", "jobs/train.sbatch", "k8s/kubelet-config.yaml");
        select(robot, "jobs/train.sbatch");
        TextArea text = robot.lookup("#exportText").queryAs(TextArea.class);
        ExportFile sbatch = files.getSelectionModel().getSelectedItem();
        assertThat(text.getText()).isEqualTo(sbatch.text()).contains("#SBATCH --nodelist=node07");
        assertThat(text.isEditable()).isFalse();

        robot.clickOn("#target-topology-yaml");
        WaitForAsyncUtils.waitForFxEvents();
        ExportPreview withYaml = built(robot);
        assertThat(withYaml.file("slurm/topology.yaml")).isPresent();
        assertThat(files.getItems()).isEqualTo(withYaml.files()).extracting(ExportFile::relativePath).contains("slurm/topology.yaml");
        assertThat(files.getSelectionModel().getSelectedItem().relativePath()).as("the selection stays on its file")
                .isEqualTo("jobs/train.sbatch");
        select(robot, "slurm/topology.conf");
        robot.interact(() -> ViewShots.save(pane.getScene(), "export-preview"));

        List<ExportFile> shown = List.copyOf(files.getItems());
        Dialogs.click(robot, pane, "Write to folder\u2026");
        DialogPane result = Dialogs.await(robot, "exportResult");
        assertThat(asked).hasValue(1);
        for (ExportFile f : shown) {
            assertThat(Files.readString(out.resolve(f.relativePath()), StandardCharsets.UTF_8))
                    .as(f.relativePath()).isEqualTo(f.text());
        }
        robot.interact(() -> ((Button) result.lookupButton(javafx.scene.control.ButtonType.OK)).fire());
        Dialogs.awaitClosed(robot, "exportPreview");
    }

    @Test
    void aFindingIsShownBesideItsFileAndAnExportWithErrorsCannotBeWritten(FxRobot robot) throws Exception {
        AtomicInteger asked = new AtomicInteger();
        Platform.runLater(() -> ExportDialog.show(stage, plan("node99"), ExportOptions.DEFAULT, w -> {
            asked.incrementAndGet();
            return Optional.empty();
        }));
        DialogPane pane = Dialogs.await(robot, "exportPreview");
        built(robot);
        ExportFile bad = files(robot).getItems().stream().filter(ExportFile::hasErrors).findFirst().orElseThrow();
        select(robot, bad.relativePath());
        @SuppressWarnings("unchecked")
        ListView<Diagnostic> findings = robot.lookup("#exportFindings").queryAs(ListView.class);
        assertThat(findings.getItems()).isEqualTo(bad.validation()).anyMatch(d -> d.message().contains("node99"));
        WaitForAsyncUtils.waitForFxEvents();
        // coloured by the theme's danger token (window.css), so the same list reads in the dark theme
        assertThat(findings.lookupAll(".list-cell.finding-error")).as("the error's cell").isNotEmpty();
        Node write = robot.from(pane).lookup((Node n) -> n instanceof Button b && b.getText().startsWith("Write to folder"))
                .query();
        assertThat(write.isDisabled()).isTrue();
        assertThat(robot.lookup("#exportVerdict").queryLabeled().getText()).contains("an export with errors writes nothing");
        robot.interact(() -> ViewShots.save(pane.getScene(), "export-preview-errors"));
        assertThat(asked).hasValue(0);
        robot.interact(() -> ((Button) pane.lookupButton(javafx.scene.control.ButtonType.CANCEL)).fire());
        Dialogs.awaitClosed(robot, "exportPreview");
    }

    @Test
    void theChangesAgainstThePreviousExportAreShownBeforeAFolderIsAskedFor(FxRobot robot, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("export");
        assertThat(ExportPreview.of(plan("node07").toDocument(), org.topoplanner.importers.export.ExportTarget.all(),
                ExportOptions.DEFAULT).writeTo(out, false).written()).isTrue();
        PreviousExport previous = new PreviousExport();
        previous.wrote(out);
        AtomicInteger asked = new AtomicInteger();
        Platform.runLater(() -> ExportDialog.show(stage, plan("node08"), ExportOptions.DEFAULT, w -> {
            asked.incrementAndGet();
            return Optional.empty();
        }, previous));
        DialogPane pane = Dialogs.await(robot, "exportPreview");
        built(robot);
        select(robot, "jobs/train.sbatch");
        WaitForAsyncUtils.waitForFxEvents();
        TextArea diff = robot.lookup("#exportDiff").queryAs(TextArea.class);
        assertThat(diff.getText()).contains("-#SBATCH --nodelist=node07", "+#SBATCH --nodelist=node08");
        ListView<ExportFile> files = files(robot);
        assertThat(robot.from(files).lookup((Node n) -> n instanceof javafx.scene.control.ListCell<?> c
                && c.getText() != null && c.getText().endsWith("jobs/train.sbatch  \u00b7 changed")).tryQuery()).isPresent();
        select(robot, "slurm/topology.conf");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(diff.getText()).as("the fabric did not change").startsWith("(unchanged");
        assertThat(asked).as("all of it before a folder is asked for").hasValue(0);
        robot.interact(() -> ViewShots.save(pane.getScene(), "export-preview-changes"));
        robot.interact(() -> ((Button) pane.lookupButton(javafx.scene.control.ButtonType.CANCEL)).fire());
        Dialogs.awaitClosed(robot, "exportPreview");
    }
}
