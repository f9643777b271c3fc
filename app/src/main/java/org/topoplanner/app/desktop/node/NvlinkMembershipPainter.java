package org.topoplanner.app.desktop.node;

import java.util.List;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.node.layout.NodeBox;
import org.topoplanner.app.desktop.node.layout.NodeLayout;
import org.topoplanner.model.nvlink.NvlinkDomain;

/**
 * A GPU's multi-node NVLink domain in the node view: the node's GPUs framed together in the accent
 * colour (drawn in layout coordinates, over the node painter's boxes), and a caption for the view's
 * title line that names the domain and what the GPUs reach beyond the node (the other trays' GPUs of
 * the rack), so one sees that these GPUs' NVLinks leave the machine for the NVSwitch trays.
 */
final class NvlinkMembershipPainter {
    private static final double PAD = 5;

    private NvlinkMembershipPainter() {
    }

    /** The tab's text: the domain, and the GPUs the node's GPUs reach over NVLink elsewhere. */
    static String caption(NvlinkDomain d, int gpusHere) {
        String name = d.cliqueId() != null && d.clusterUuid() != null ? "clique " + d.cliqueId() : d.name();
        int perTray = d.design() == null ? gpusHere : d.design().gpusPerTray();
        int others = (d.hosts().size() - 1) * perTray;
        return "NVLink domain " + name + " \u00b7 " + (others > 0 ? "+" + others + " GPUs on " + (d.hosts().size() - 1)
                + " other trays" : "this tray only") + (d.design() == null ? "" : " \u00b7 " + d.design().name());
    }

    static void paint(GraphicsContext gc, Palette p, NodeLayout layout, NvlinkDomain domain) {
        List<NodeBox> gpus = layout.boxesOf(NodeBox.Kind.GPU);
        if (domain == null || gpus.isEmpty()) {
            return;
        }
        double x0 = Double.MAX_VALUE;
        double y0 = Double.MAX_VALUE;
        double x1 = -Double.MAX_VALUE;
        double y1 = -Double.MAX_VALUE;
        for (NodeBox g : gpus) {
            x0 = Math.min(x0, g.x());
            y0 = Math.min(y0, g.y());
            x1 = Math.max(x1, g.x() + g.w());
            y1 = Math.max(y1, g.y() + g.h());
        }
        Color c = p.accent();
        double x = x0 - PAD;
        double y = y0 - PAD;
        double w = x1 - x0 + 2 * PAD;
        double h = y1 - y0 + 2 * PAD;
        gc.save();
        gc.setStroke(c);
        gc.setLineWidth(2);
        gc.setLineDashes(7, 4);
        gc.strokeRoundRect(x, y, w, h, 10, 10);
        gc.setLineDashes((double[]) null);
        gc.restore();
    }
}
