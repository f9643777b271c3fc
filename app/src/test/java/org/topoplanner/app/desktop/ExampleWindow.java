package org.topoplanner.app.desktop;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

/** The real window on the built-in example cluster, as the TestFX window tests start it. */
final class ExampleWindow {
    private ExampleWindow() {
    }

    /** Starts the app in {@code stage} with {@code home} as its settings folder, autosave off, in front and focused. */
    static WindowController open(Stage stage, Path home) {
        return open(stage, home, javafx.util.Duration.ZERO);
    }

    /** As {@link #open(Stage, Path)} with autosave every {@code autosaveEvery} (tests about autosave and recovery). */
    static WindowController open(Stage stage, Path home, javafx.util.Duration autosaveEvery) {
        // a drag left over from an earlier test class would swallow this class's first drag
        MonocleDrag.reset();
        WindowController controller = new TopoPlannerApp().start(stage, home, autosaveEvery);
        stage.toFront();
        stage.requestFocus();
        return controller;
    }

    /** Waits until the fabric view shows the example's 7 switches (its layout is computed in the background). */
    static void awaitLayout(WindowController controller) throws TimeoutException {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> controller.window().fabricView().getLayout().switches().size() == 7);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
