package org.topoplanner.app.desktop.node.layout;

import java.util.List;
import java.util.function.Consumer;

/**
 * One box of the node picture, lstopo-style, with its children inside it. Coordinates are in
 * layout units (pixels at scale 1), absolute; {@code (x, y)} is the top-left corner.
 *
 * @param kind     what the box stands for
 * @param id       model id: {@code GPU3}, {@code NIC0}, {@code PEX1}, {@code HB0}, {@code numa1},
 *                 {@code package0}, {@code core12}, {@code cores0-27}, {@code NVSwitch2}
 * @param title    first line of text
 * @param subtitle second line (may be empty)
 * @param cores    the core ids a core or folded core range stands for (empty otherwise)
 * @param gpu      the GPU index for a GPU box, else -1
 */
public record NodeBox(Kind kind, String id, String title, String subtitle, double x, double y, double w, double h,
                      List<NodeBox> children, List<Integer> cores, int gpu) {
    /** Height of the title strip at the top of a box that has children. */
    public static final double HEADER = 20;

    /** What a box stands for. */
    public enum Kind {
        MACHINE, PACKAGE, NUMA, CORE, CORE_RANGE, HOST_BRIDGE, PCI_SWITCH, GPU, NIC, NVSWITCH, IO_GROUP
    }

    public NodeBox {
        children = List.copyOf(children);
        cores = List.copyOf(cores);
    }

    public boolean contains(double px, double py) {
        return px >= x && px <= x + w && py >= y && py <= y + h;
    }

    /** True when {@code other} lies entirely inside this box. */
    public boolean encloses(NodeBox other) {
        return other.x >= x - 1e-6 && other.y >= y - 1e-6 && other.x + other.w <= x + w + 1e-6
                && other.y + other.h <= y + h + 1e-6;
    }

    public boolean overlaps(NodeBox other) {
        return other.x < x + w - 1e-6 && x < other.x + other.w - 1e-6 && other.y < y + h - 1e-6
                && y < other.y + other.h - 1e-6;
    }

    /** This box and every box inside it, parents before children. */
    public void walk(Consumer<NodeBox> visitor) {
        visitor.accept(this);
        for (NodeBox c : children) {
            c.walk(visitor);
        }
    }

    public double centerX() {
        return x + w / 2;
    }
}
