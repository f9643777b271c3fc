package org.topoplanner.app.desktop;

import javafx.application.Application;

/** Starts the JavaFX window (kept apart from {@code Main} so the command line never loads JavaFX). */
public final class DesktopLauncher {
    private DesktopLauncher() {
    }

    public static void launch() {
        Application.launch(TopoPlannerApp.class);
    }
}
