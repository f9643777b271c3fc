package org.topoplanner.app.desktop.fabric;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.topoplanner.app.desktop.canvas.Painting;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.TierRow;

/**
 * Where the tier names ("LEAF 128", "HOSTS 4,096") pinned to the fabric view's left edge go, so a
 * zoomed-in view still says which row is which. A switch row's name sits level with its boxes. The
 * hosts row's name sits just above the racks rather than on their header line: zoomed in, a rack
 * slides under the pinned name, and on the header line the name would hide the rack's own name
 * ("node[1185-1216]"). Where the rows are too close for that (far zoomed out) it goes back to the
 * header line, which at that zoom no header text is drawn on.
 */
final class RowLabels {
    static final double SIZE = 10.5;
    static final double HEIGHT = 18;
    static final double LEFT = 6;
    /** Space kept between the hosts row's name and the racks below it. */
    static final double ABOVE_RACKS = 3;

    private RowLabels() {
    }

    /**
     * A pinned row name.
     *
     * @param cy the vertical centre on screen
     * @param w  the width of its rounded box
     */
    record RowLabel(String text, double cy, double w) {
        double top() {
            return cy - HEIGHT / 2;
        }

        double bottom() {
            return cy + HEIGHT / 2;
        }
    }

    /** The names of the rows of {@code layout} that are on screen, top to bottom. */
    static List<RowLabel> place(FabricLayout layout, Viewport vp, double switchHeight) {
        List<RowLabel> out = new ArrayList<>();
        double previousBottom = Double.NEGATIVE_INFINITY;
        for (TierRow row : layout.rows()) {
            boolean hosts = row.label().equals("hosts");
            double rowTop = vp.toScreenY(row.y());
            double cy;
            if (!hosts) {
                cy = rowTop + switchHeight / 2;
            } else if (rowTop - ABOVE_RACKS - HEIGHT >= previousBottom + 2) {
                cy = rowTop - ABOVE_RACKS - HEIGHT / 2;
            } else {
                cy = rowTop + FabricLayout.RACK_HEADER * vp.sy() / 2;
            }
            String text = row.label().toUpperCase(Locale.ROOT) + "  " + String.format(Locale.ROOT, "%,d", row.count());
            // Painting.textWidth's estimate, written out: this class is used without a toolkit in tests.
            RowLabel label = new RowLabel(text, cy, text.length() * SIZE * Painting.CHAR_EM + 12);
            previousBottom = label.bottom();
            if (cy >= 8 && cy <= vp.height() - 8) {
                out.add(label);
            }
        }
        return out;
    }
}
