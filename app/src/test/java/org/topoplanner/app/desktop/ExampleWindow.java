package org.topoplanner.app.desktop;

import java.nio.file.Path;
import java.util.concurrent.TimeoutException;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.window.CrashRecovery;
import org.topoplanner.app.desktop.window.TopoPlannerApp;
import org.topoplanner.app.desktop.window.WindowController;

/** The real window on the built-in example cluster, as the TestFX window tests start it. */
public final class ExampleWindow {
    private ExampleWindow() {
    }

    /**
     * Starts the app in {@code stage} with {@code home} as its settings folder, in front and focused.
     * Give each test its own {@code home} (an instance {@code @TempDir}). Autosave and the recovery offer
     * are off: a test about them starts the app itself with {@link CrashRecovery#ON}. The fabric view's
     * hover cards are off too (see {@link org.topoplanner.app.desktop.fabric.HoverCard#setEnabled}); a
     * test about them turns them on with {@link #hoverCards}.
     */
    public static WindowController open(Stage stage, Path home) {
        return open(stage, home, CrashRecovery.OFF);
    }

    /** As {@link #open(Stage, Path)} with autosave and the recovery offer as {@code recovery} says. */
    public static WindowController open(Stage stage, Path home, CrashRecovery recovery) {
        // a drag left over from an earlier test class would swallow this class's first drag
        MonocleDrag.reset();
        WindowController controller = new TopoPlannerApp().start(stage, home, recovery);
        controller.window().fabricView().card().setEnabled(false);
        stage.toFront();
        stage.requestFocus();
        return controller;
    }

    /** Turns the fabric view's hover cards on or off (on the FX thread). */
    public static void hoverCards(WindowController controller, boolean on) {
        Eventually.onFxThread(() -> {
            controller.window().fabricView().card().setEnabled(on);
            return null;
        });
    }

    /** Waits until the fabric view shows the example's 7 switches (its layout is computed in the background). */
    public static void awaitLayout(WindowController controller) throws TimeoutException {
        Eventually.until("the example's 7 switches laid out",
                () -> controller.window().fabricView().getLayout().switches().size() == 7);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
