package org.topoplanner.app.desktop.window;

import java.nio.file.Path;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.stage.Stage;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.ProjectSession;

/**
 * The desktop application: one main window, opened on the built-in example cluster, then on the
 * files given as arguments (a project opens, anything else goes through the import review).
 */
public final class TopoPlannerApp extends Application {
    public static final String TITLE = "TopoPlanner";

    @Override
    public void start(Stage stage) {
        start(stage, ProjectSession.defaultHome());
    }

    /** Starts with settings under {@code home}, autosaving and offering recovery. */
    public WindowController start(Stage stage, Path home) {
        return start(stage, home, CrashRecovery.ON);
    }

    /** Starts with settings under {@code home} (tests pass a temporary folder of their own). */
    public WindowController start(Stage stage, Path home, CrashRecovery recovery) {
        // taken before any of the window's objects is made: until the read-ahead is done, only its thread
        // touches the model's classes
        var example = ExampleReadAhead.take();
        PlanViewModel vm = new PlanViewModel(Plan.of(example));
        MainWindow window = new MainWindow(vm);
        WindowController controller = new WindowController(stage, vm, window, new ProjectSession(home), recovery);
        // As large as the design wants but no larger than the screen; set on the stage too, because a
        // stage that was shown before keeps its old size when it gets a new scene.
        var screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        double w = Math.min(1440, screen.getWidth());
        double h = Math.min(900, screen.getHeight());
        Scene scene = new Scene(controller.root(), w, h);
        scene.getStylesheets().setAll(WindowStyles.of(Theme.LIGHT));
        stage.setScene(scene);
        var icon = TopoPlannerApp.class.getResource("/org/topoplanner/app/desktop/topoplanner-48.png");
        if (icon != null) {
            stage.getIcons().add(new Image(icon.toExternalForm()));
        }
        controller.updateTitle();
        stage.setWidth(w);
        stage.setHeight(h);
        stage.show();
        var args = getParameters() == null ? java.util.List.<String>of() : getParameters().getRaw();
        if (args.isEmpty()) {
            if (recovery == CrashRecovery.ON) {
                // once the window is up (and start has returned): the prompt is a dialog of this window
                javafx.application.Platform.runLater(controller::offerRecovery);
            }
        } else {
            // after the window is up: an import reads in the background and its review is a dialog of this window
            java.util.List<Path> files = args.stream().map(Path::of).toList();
            javafx.application.Platform.runLater(() -> controller.openFiles(files));
        }
        return controller;
    }
}
