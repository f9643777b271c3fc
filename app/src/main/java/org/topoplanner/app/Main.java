package org.topoplanner.app;

import org.topoplanner.app.cli.TopoPlannerCommand;
import org.topoplanner.app.desktop.DesktopLauncher;

/**
 * The one entry point of both faces: with no arguments the desktop window opens on the example
 * cluster; with a subcommand it runs headless and exits with the command's code.
 *
 * <p>This class must not extend {@code javafx.application.Application}: the shaded jar runs on the
 * class path, where the JavaFX launcher refuses a main class that does.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            exitOnFailure(DesktopLauncher.launch(System.err));
            return;
        }
        // A file manager opens a project as `topoplanner FILE`: that is the window, not a subcommand.
        if (args.length == 1 && !args[0].startsWith("-") && java.nio.file.Files.isRegularFile(java.nio.file.Path.of(args[0]))) {
            exitOnFailure(DesktopLauncher.launch(System.err, args[0]));
            return;
        }
        System.exit(TopoPlannerCommand.run(args, System.out, System.err));
    }

    /** The window's launcher returns when the window closes (0) or could not open (not 0: exit with it). */
    private static void exitOnFailure(int code) {
        if (code != 0) {
            System.exit(code);
        }
    }
}
