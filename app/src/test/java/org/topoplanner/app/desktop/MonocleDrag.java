package org.topoplanner.app.desktop;

import java.lang.reflect.Field;

/**
 * Works around Monocle's stale drag view (stack.md): after a drag in one scene, Monocle's MouseInput
 * keeps the old drag view and the next Dragboard drag throws. Clearing it before each UI test fixes
 * it; does nothing when Monocle is not loaded (tests under Xvfb/GTK).
 */
final class MonocleDrag {
    private MonocleDrag() {
    }

    static void reset() {
        try {
            Class<?> c = Class.forName("com.sun.glass.ui.monocle.MouseInput");
            Object input = c.getMethod("getInstance").invoke(null);
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().toLowerCase(java.util.Locale.ROOT).contains("drag")
                        && !f.getType().isPrimitive() && !java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    f.set(input, null);
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Not Monocle, or a Monocle without the field: nothing to clear.
        }
    }
}
