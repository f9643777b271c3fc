package org.topoplanner.app.desktop;

import java.nio.file.Path;
import javafx.stage.Stage;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.app.desktop.window.WindowController;

/**
 * The start-up the TestFX window tests share: before each test the real window on the built-in example
 * cluster ({@link ExampleWindow#open(Stage, Path)}) in the test's own settings folder {@link #home}, its
 * stage and controller in {@link #stage} and {@link #controller}. A test that wants the window otherwise
 * (a larger stage) overrides {@link #open} and calls it first.
 */
@ExtendWith(ExampleWindowStart.class)
public abstract class ExampleWindowTest {
    @TempDir
    protected Path home;
    protected Stage stage;
    protected WindowController controller;

    /** Opens the example window in {@code stage} (on the FX thread, before each test). */
    protected void open(Stage stage) {
        this.stage = stage;
        controller = ExampleWindow.open(stage, home);
    }
}
