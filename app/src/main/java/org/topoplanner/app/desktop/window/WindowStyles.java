package org.topoplanner.app.desktop.window;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.app.desktop.canvas.Theme;

/** The stylesheets of the whole window in a theme: the theme's tokens and view styles, then the window's own. */
final class WindowStyles {
    private WindowStyles() {
    }

    static List<String> of(Theme theme) {
        List<String> all = new ArrayList<>(theme.stylesheets());
        all.add(WindowStyles.class.getResource("/org/topoplanner/app/desktop/window.css").toExternalForm());
        return all;
    }
}
