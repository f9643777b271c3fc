package org.topoplanner.app.desktop.window;

import java.io.PrintStream;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.application.Application;

/**
 * Starts the JavaFX window (kept apart from {@code Main} so the command line never loads JavaFX).
 * Without a display the window cannot open: that is said in one line with what to do, before JavaFX
 * is touched where it can be known (no {@code DISPLAY} or {@code WAYLAND_DISPLAY} on Linux), and from
 * JavaFX's failure otherwise (the GTK libraries missing), never as a JavaFX stack trace.
 */
public final class DesktopLauncher {
    /** Held so that the level set on it stays (loggers are weakly referenced). */
    private static final Logger JAVAFX_LOG = Logger.getLogger("javafx");

    private DesktopLauncher() {
    }

    /** Opens the window, on the project file given, if any; the exit code when it could not open. */
    public static int launch(PrintStream err, String... args) {
        String missing = missingDisplay();
        if (missing != null) {
            err.println("topoplanner: " + missing + hint(args));
            return 1;
        }
        // "Unsupported JavaFX configuration: classes were loaded from 'unnamed module'" is about the
        // shaded jar's class path, true and harmless; the user can do nothing about it.
        JAVAFX_LOG.setLevel(Level.SEVERE);
        ExampleReadAhead.start();
        try {
            Application.launch(TopoPlannerApp.class, args);
            return 0;
        } catch (RuntimeException | LinkageError e) {
            err.println("topoplanner: the window could not start: " + firstLine(e) + ". A desktop session with GTK 3"
                    + " is needed (Debian/Ubuntu: apt-get install -y libgtk-3-0 libxtst6 libgl1)" + hint(args));
            if (System.getenv("TOPOPLANNER_DEBUG") != null) {
                e.printStackTrace(err);
            }
            return 1;
        }
    }

    /** Why no window can open here, or null when a display may be there. */
    static String missingDisplay() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        boolean headlessPlatform = System.getProperty("glass.platform") != null
                || System.getProperty("monocle.platform") != null;
        if (!os.contains("linux") || headlessPlatform) {
            return null;
        }
        if (blank(System.getenv("DISPLAY")) && blank(System.getenv("WAYLAND_DISPLAY"))) {
            return "no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): run it in a"
                    + " desktop session or over ssh -X";
        }
        return null;
    }

    private static String hint(String... args) {
        return args.length == 1
                ? "; to read " + args[0] + " without a window: topoplanner inspect " + args[0]
                : "; the command line works without one (topoplanner --help)";
    }

    private static String firstLine(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
