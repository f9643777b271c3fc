package org.topoplanner.app.desktop.node.layout;

import java.util.List;

/**
 * How NVLink is drawn. GPUs behind NVSwitches (all-to-all) get one fabric bar with a drop from
 * each GPU instead of n(n-1)/2 crossing edges, the way lstopo folds identical links; other
 * NVLinks (bridges between pairs or quads) are brackets below the GPUs, one level each so they
 * never overlap. Widths show lane counts.
 *
 * @param bar      the NVSwitch fabric bar, or {@code null}
 * @param brackets point-to-point links
 */
public record NvlinkDrawing(Bar bar, List<Bracket> brackets) {
    public NvlinkDrawing {
        brackets = List.copyOf(brackets);
    }

    /**
     * @param label    text on the bar
     * @param switches the NVSwitch boxes drawn inside the bar
     * @param drops    one per GPU: from the GPU's bottom to the bar
     */
    public record Bar(double x, double y, double w, double h, String label, List<NodeBox> switches, List<Drop> drops) {
        public Bar {
            switches = List.copyOf(switches);
            drops = List.copyOf(drops);
        }
    }

    /** A GPU's link to the fabric bar: {@code lanes} NVLinks from {@code (x, yTop)} down to {@code yBottom}. */
    public record Drop(int gpu, double x, double yTop, double yBottom, int lanes) {
    }

    /** An NVLink between two GPUs: down from each GPU to {@code level}, across, and back up. */
    public record Bracket(int gpuA, int gpuB, double xa, double ya, double xb, double yb, double level, int lanes) {
    }
}
