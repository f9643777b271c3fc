package org.topoplanner.app.desktop.fabric;

import org.topoplanner.app.desktop.canvas.Painting;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.SwitchBox;

/**
 * Where a switch box lands on screen at a zoom: centred on its world position, at least a
 * couple of pixels wide, and of a height that stays legible when the view is squeezed sideways.
 * A box widens to hold its name when its neighbours leave room, so names show at lower zoom
 * than the nominal box size would allow.
 */
final class SwitchGeometry {
    static final double NAME_SIZE = 11.5;
    private static final double LABELLED_HEIGHT = 18;
    private final Viewport vp;
    private final double baseHeight;
    private final double nameSize;

    SwitchGeometry(Viewport vp) {
        this.vp = vp;
        this.baseHeight = Painting.clamp(FabricLayout.SWITCH_H * vp.sx(), 6, FabricLayout.SWITCH_H * vp.sy());
        this.nameSize = Painting.clamp(baseHeight * 0.42, 9.5, 12.5);
    }

    double nameSize() {
        return nameSize;
    }

    /** True when the switch's name fits inside its (widened) box. */
    boolean labelled(SwitchBox s) {
        double want = Painting.textWidth(s.name(), nameSize) + 12;
        return want <= s.room() * vp.sx() - 8;
    }

    double width(SwitchBox s) {
        double base = Math.max(1.5, s.w() * vp.sx());
        return labelled(s) ? Math.max(base, Painting.textWidth(s.name(), nameSize) + 12) : base;
    }

    double height(SwitchBox s) {
        return labelled(s) ? Math.max(baseHeight, LABELLED_HEIGHT) : baseHeight;
    }

    double left(SwitchBox s) {
        return vp.toScreenX(s.centerX()) - width(s) / 2;
    }

    double top(SwitchBox s) {
        return vp.toScreenY(s.y());
    }

    double bottom(SwitchBox s) {
        return top(s) + height(s);
    }

    /** The largest height any box has at this zoom, for hit-test slack. */
    double maxHeight() {
        return Math.max(baseHeight, LABELLED_HEIGHT);
    }
}
