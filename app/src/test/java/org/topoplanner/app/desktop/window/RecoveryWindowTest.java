package org.topoplanner.app.desktop.window;

import org.topoplanner.app.desktop.Dialogs;
import org.topoplanner.app.desktop.ExampleWindow;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.ProjectSession;
import org.topoplanner.model.job.JobRequest;

/**
 * Crash and recover in the real window: a window with unsaved work autosaves and is abandoned (as a
 * killed process leaves it); a second window on the same settings folder offers the work back with
 * what it holds, keeps it when told "Not now", and a clean quit does not delete it.
 */
@ExtendWith(ApplicationExtension.class)
class RecoveryWindowTest {
    @TempDir
    Path home;
    @TempDir
    Path files;
    private WindowController crashed;

    @Start
    void start(Stage stage) {
        // The window that will "crash": its autosave is written by the test, at a known moment.
        crashed = ExampleWindow.open(stage, home, CrashRecovery.ON);
    }

    @Test
    void aSavedProjectsUnsavedJobIsOfferedBackAfterACrashWithWhatChanged(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(crashed);
        Path file = files.resolve("plan.topoplanner.json");
        robot.interact(() -> crashed.projects().saveAs(file));
        Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        robot.interact(() -> {
            crashed.viewModel().drop(JobRequest.nodesWithGpus("train", 2, 8), new DropTarget.OnSwitch("leaf2"));
            crashed.projects().autosaveNow();
        });
        assertThat(new ProjectSession(home).leftovers()).hasSize(1);

        // A new start without a file offers it; "Not now" keeps it, and a clean quit leaves it alone.
        WindowController second = startAnother(robot);
        var prompt = Dialogs.await(robot, "recoveryPrompt");
        assertThat(prompt.getHeaderText()).contains("plan.topoplanner.json");
        assertThat(changes(robot)).contains("\u2022 1 job added: train");
        var shown = prompt;
        robot.interact(() -> org.topoplanner.app.desktop.fabric.ViewShots.save(shown.getScene(), "recovery-prompt"));
        Dialogs.click(robot, prompt, "Not now");
        robot.interact(second::quit);
        assertThat(new ProjectSession(home).leftovers()).as("kept for later").hasSize(1);

        // Opening the project offers it again; Recover brings the job back as unsaved work on that file.
        WindowController third = startAnother(robot);
        Dialogs.click(robot, Dialogs.await(robot, "recoveryPrompt"), "Not now");
        Platform.runLater(() -> third.projects().open(file));
        prompt = Dialogs.await(robot, "recoveryPrompt");
        assertThat(changes(robot)).contains("\u2022 1 job added: train");
        Dialogs.click(robot, prompt, "Recover");
        var vm = third.viewModel();
        assertThat(vm.plan().jobs()).extracting(j -> j.name()).containsExactly("train");
        assertThat(vm.plan().placements().get("train").hostNames()).hasSize(2);
        assertThat(vm.dirtyProperty().get()).isTrue();
        assertThat(title(third)).contains("(plan.topoplanner.json)").endsWith("*");

        // Quitting asks; Save writes the recovered job to the project and the autosave is gone.
        Platform.runLater(third::quit);
        Dialogs.click(robot, Dialogs.await(robot, "unsavedChanges"), "Save");
        assertThat(Files.readString(file)).contains("\"train\"");
        assertThat(new ProjectSession(home).leftovers()).isEmpty();
    }

    @Test
    void anUntitledProjectIsRecoveredAtTheNextStart(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(crashed);
        robot.interact(() -> {
            crashed.viewModel().drop(JobRequest.nodesWithGpus("solo", 1, 4), DropTarget.ANYWHERE);
            crashed.projects().autosaveNow();
        });
        WindowController next = startAnother(robot);
        var prompt = Dialogs.await(robot, "recoveryPrompt");
        assertThat(prompt.getHeaderText()).contains("an untitled project");
        assertThat(changes(robot)).contains("\u2022 1 job added: solo");
        Dialogs.click(robot, prompt, "Recover");
        assertThat(next.viewModel().plan().jobs()).extracting(j -> j.name()).containsExactly("solo");
        assertThat(title(next)).contains("(untitled)").endsWith("*");
        robot.interact(() -> org.topoplanner.app.desktop.fabric.ViewShots.save(next.root().getScene(), "recovered-untitled"));

        // Discarding on quit removes the recovered autosave: nothing is offered any more.
        Platform.runLater(next::quit);
        Dialogs.click(robot, Dialogs.await(robot, "unsavedChanges"), "Discard changes");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(new ProjectSession(home).leftovers()).isEmpty();
    }

    /** A second window on the same settings folder, as the next start after a crash. */
    private WindowController startAnother(FxRobot robot) {
        WindowController[] c = new WindowController[1];
        robot.interact(() -> c[0] = new TopoPlannerApp().start(new Stage(), home, CrashRecovery.ON));
        return c[0];
    }

    private static String title(WindowController c) {
        return ((Stage) c.root().getScene().getWindow()).getTitle();
    }

    private static java.util.List<String> changes(FxRobot robot) {
        return robot.lookup("#recoveryChanges").lookup((Node n) -> n instanceof Label).queryAllAs(Label.class)
                .stream().map(Label::getText).toList();
    }
}
