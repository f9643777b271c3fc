package org.topoplanner.app.desktop.fabric.layout;

/**
 * A switch placed in the fabric picture, in world units; {@code (x, y)} is the top-left corner.
 *
 * @param index position in {@link FabricLayout#switches()}
 * @param row   the drawing row (0 = top of the tree)
 * @param room  distance from its centre to the nearest neighbour's centre in its row: how wide
 *              its label may grow
 */
public record SwitchBox(int index, String name, int tier, int row, double x, double y, double w, double h,
                        double room) {
    public double centerX() {
        return x + w / 2;
    }

    public double bottom() {
        return y + h;
    }
}
