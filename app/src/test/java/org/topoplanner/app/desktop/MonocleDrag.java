package org.topoplanner.app.desktop;

import java.lang.reflect.Field;

/**
 * Works around Monocle's stale drag view: after a drag in one scene, Monocle's MouseInput
 * keeps the old drag view and the next Dragboard drag throws. Clearing it before each UI test fixes
 * it; does nothing when Monocle is not loaded (tests under Xvfb/GTK).
 */
public final class MonocleDrag {
    private MonocleDrag() {
    }

    public static void reset() {
        try {
            Class<?> c = Class.forName("com.sun.glass.ui.monocle.MouseInput");
            var getInstance = c.getDeclaredMethod("getInstance");
            getInstance.setAccessible(true);
            Object input = getInstance.invoke(null);
            Field view = c.getDeclaredField("dragView");
            view.setAccessible(true);
            view.set(input, null);
            Field inProgress = c.getDeclaredField("dragInProgress");
            inProgress.setAccessible(true);
            inProgress.setBoolean(input, false);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Not Monocle, or a Monocle without the field: nothing to clear.
        }
    }
}
