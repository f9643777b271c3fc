package org.topoplanner.app;

import org.topoplanner.app.cli.TopoPlannerCommand;
import org.topoplanner.app.desktop.window.DesktopLauncher;

/**
 * The one entry point of both faces: with no arguments the desktop window opens on the example
 * cluster, with files it opens on them; with a subcommand it runs headless and exits with the
 * command's code.
 *
 * <p>This class must not extend {@code javafx.application.Application}: the shaded jar runs on the
 * class path, where the JavaFX launcher refuses a main class that does.
 */
public final class Main {
    private Main() {
    }

    /**
     * {@code topoplanner FILE...} (as a file manager passes files) opens the window on them: every
     * argument an existing file or folder and the first not a subcommand's name. A project opens,
     * anything else goes through the import review.
     */
    static boolean opensWindow(String[] args) {
        // Files first, then the names: neither builds the command model nor loads a command's class.
        if (args.length == 0 || !java.util.Arrays.stream(args).allMatch(
                a -> !a.startsWith("-") && java.nio.file.Files.exists(java.nio.file.Path.of(a)))) {
            return false;
        }
        return !TopoPlannerCommand.isSubcommand(args[0]);
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            exitOnFailure(DesktopLauncher.launch(System.err));
            return;
        }
        if (opensWindow(args)) {
            exitOnFailure(DesktopLauncher.launch(System.err, args));
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
