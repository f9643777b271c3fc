package org.topoplanner.app.desktop.window;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import javafx.collections.ListChangeListener;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.topoplanner.app.desktop.canvas.Theme;

/**
 * Every dialog and window the main window opens (alerts, import review, New cluster…, Export, the
 * hardware step, What-if) in the window's theme. Each dialog builds its own scene, and a scene that is
 * not given the theme's stylesheets is Modena's light grey with the dark theme's light text on it; so
 * a window is styled as it appears, and the open ones again when the theme changes. The theme's sheets
 * go first and a dialog's own sheets stay after them.
 */
final class DialogThemes {
    private DialogThemes() {
    }

    /** From now on, styles each window other than {@code main} as it appears, in {@code theme}'s current value. */
    static void follow(Stage main, Supplier<Theme> theme) {
        Window.getWindows().addListener((ListChangeListener<Window>) c -> {
            while (c.next()) {
                for (Window w : c.getAddedSubList()) {
                    if (ownedBy(w, main)) {
                        style(w, theme.get());
                    }
                }
            }
        });
    }

    /** Restyles the windows open now, other than {@code main}, in {@code theme}. */
    static void restyleOpen(Stage main, Theme theme) {
        for (Window w : List.copyOf(Window.getWindows())) {
            if (ownedBy(w, main)) {
                style(w, theme);
            }
        }
    }

    /**
     * A dialog or window opened over {@code main} (or over one of its dialogs); pop-ups (menus, tooltips,
     * hover cards) take their owner's sheets already, and another main window has its own theme.
     */
    static boolean ownedBy(Window w, Stage main) {
        if (!(w instanceof Stage s) || w == main) {
            return false;
        }
        for (Window o = s.getOwner(); o != null; o = o instanceof Stage os ? os.getOwner() : null) {
            if (o == main) {
                return true;
            }
        }
        return false;
    }

    private static void style(Window w, Theme theme) {
        if (w.getScene() != null) {
            style(w.getScene(), theme);
        }
    }

    /** The theme's sheets first, every other sheet the scene had after them. */
    static void style(Scene scene, Theme theme) {
        Set<String> themed = new HashSet<>();
        for (Theme t : Theme.values()) {
            themed.addAll(WindowStyles.of(t));
        }
        List<String> own = scene.getStylesheets().stream().filter(s -> !themed.contains(s)).toList();
        List<String> all = new java.util.ArrayList<>(WindowStyles.of(theme));
        all.addAll(own);
        if (!all.equals(scene.getStylesheets())) {
            scene.getStylesheets().setAll(all);
        }
    }
}
