package org.topoplanner.app.desktop.canvas;

import java.net.URL;
import java.util.List;
import java.util.Objects;

/**
 * The two colour themes. Each is a user-agent-style stylesheet of semantic tokens
 * ({@code -color-fg-default}, {@code -color-danger-fg}, ...) that the rest of the window uses,
 * plus the same tokens as a {@link Palette} for the canvas views.
 */
public enum Theme {
    LIGHT("light.css"),
    DARK("dark.css");

    private static final String BASE = "/org/topoplanner/app/desktop/";
    private final String file;

    Theme(String file) {
        this.file = file;
    }

    /** The theme's token stylesheet, for {@code scene.getStylesheets()}. */
    public String stylesheet() {
        return url(file).toExternalForm();
    }

    /** The stylesheets a scene needs to show the views in this theme: tokens, then view styles. */
    public List<String> stylesheets() {
        return List.of(stylesheet(), url("views.css").toExternalForm());
    }

    /**
     * The theme a window is shown in, read from its scene's stylesheets (light when it has none of
     * ours): a dialog drawing on a canvas paints in its owner's theme.
     */
    public static Theme shownIn(javafx.stage.Window window) {
        boolean dark = window != null && window.getScene() != null
                && window.getScene().getStylesheets().contains(DARK.stylesheet());
        return dark ? DARK : LIGHT;
    }

    /** The tokens of this theme for drawing on a canvas. */
    public Palette palette() {
        return Palette.of(this);
    }

    URL resource() {
        return url(file);
    }

    private static URL url(String name) {
        return Objects.requireNonNull(Theme.class.getResource(BASE + name), "missing stylesheet " + name);
    }
}
