package org.topoplanner.app.desktop;

import javafx.application.Application;

/** Starts the JavaFX window (kept apart from {@code Main} so the command line never loads JavaFX). */
public final class DesktopLauncher {
    private DesktopLauncher() {
    }

    /** Opens the window, on the project file given, if any. */
    public static void launch(String... args) {
        Application.launch(TopoPlannerApp.class, args);
    }
}
