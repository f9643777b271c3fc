package org.topoplanner.app.desktop.dialogs;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.plan.BillOfMaterials;
import org.topoplanner.model.design.FabricDesign;
import org.topoplanner.model.fabric.LinkSpeed;

/**
 * The New cluster dialog's small picture of a design: one row per tier (cores on top, hosts at the
 * bottom), at most {@value #SHOWN} boxes a row with the rest folded into "…", each row named with its
 * count, and the links between adjacent tiers in the fabric view's speed colour (a pod's leaves to its
 * own spines only). It is drawn from the
 * bill of materials, so a design of 16,384 hosts costs as little to draw as one of 16.
 */
public final class FabricSketch extends Canvas {
    static final int SHOWN = 8;
    private static final String[] TIER = {"hosts", "leaves", "spines", "cores"};
    private final Palette palette;
    private final List<String> rows = new ArrayList<>();

    public FabricSketch(Palette palette, double width, double height) {
        super(width, height);
        this.palette = palette;
        setId("fabricSketch");
    }

    /** The rows as drawn, top down ("4 spines", "8 leaves", "128 hosts"): what a test reads. */
    public List<String> rows() {
        return List.copyOf(rows);
    }

    /** Draws {@code bill}'s tiers; {@code design} gives the links' speed and the pods (null: nothing to draw). */
    public void draw(BillOfMaterials bill, FabricDesign design) {
        GraphicsContext g = getGraphicsContext2D();
        double w = getWidth();
        double h = getHeight();
        g.setFill(palette.bgSubtle());
        g.fillRect(0, 0, w, h);
        rows.clear();
        if (bill == null || design == null) {
            return;
        }
        LinkSpeed speed = design.speed();
        int pods = Math.max(1, design.leaves() / design.leavesPerPod());
        List<int[]> tiers = new ArrayList<>();
        bill.switchesPerTier().entrySet().stream().sorted((a, b) -> b.getKey() - a.getKey())
                .forEach(e -> tiers.add(new int[] {e.getKey(), e.getValue()}));
        tiers.add(new int[] {0, bill.hosts()});
        double labelW = 90;
        double rowH = h / tiers.size();
        double boxH = Math.min(22, rowH * 0.45);
        double[][] centres = new double[tiers.size()][];
        for (int r = 0; r < tiers.size(); r++) {
            int count = tiers.get(r)[1];
            int shown = Math.min(count, SHOWN);
            centres[r] = new double[shown];
            double span = w - labelW - 10;
            for (int i = 0; i < shown; i++) {
                centres[r][i] = labelW + span * (i + 0.5) / shown;
            }
        }
        g.setStroke(palette.link(speed));
        g.setLineWidth(1);
        // a host with one HCA hangs from one leaf; with several (rails) it reaches every leaf of its unit
        int hostCables = bill.cables().getOrDefault("host\u2013leaf", 0);
        boolean oneLeafPerHost = hostCables <= bill.hosts();
        for (int r = 0; r + 1 < tiers.size(); r++) {
            double yTop = rowH * (r + 0.5) + boxH / 2;
            double yBottom = rowH * (r + 1.5) - boxH / 2;
            boolean hostsBelow = r + 2 == tiers.size();
            double[] upper = centres[r];
            double[] lower = centres[r + 1];
            for (int b = 0; b < lower.length; b++) {
                if (hostsBelow && oneLeafPerHost) {
                    g.strokeLine(upper[b * upper.length / lower.length], yTop, lower[b], yBottom);
                    continue;
                }
                // a leaf reaches only its own pod's spines: boxes are split into pods in order
                // and a host with rails reaches only its own scalable unit's rail leaves
                boolean podLink = tiers.get(r + 1)[0] == 1 && tiers.get(r)[0] == 2 && pods > 1;
                int groups = hostsBelow ? Math.max(1, design.leaves() / design.rails()) : podLink ? pods : 1;
                for (int a = 0; a < upper.length; a++) {
                    if (groups > 1 && a * groups / upper.length != b * groups / lower.length) {
                        continue;
                    }
                    g.strokeLine(upper[a], yTop, lower[b], yBottom);
                }
            }
        }
        g.setFont(Font.font(11));
        g.setTextBaseline(VPos.CENTER);
        for (int r = 0; r < tiers.size(); r++) {
            int tier = tiers.get(r)[0];
            int count = tiers.get(r)[1];
            String name = count + " " + (tier < TIER.length ? TIER[tier] : "tier " + tier);
            rows.add(name);
            double y = rowH * (r + 0.5);
            g.setFill(palette.fg());
            g.setTextAlign(TextAlignment.LEFT);
            g.fillText(name, 6, y);
            double boxW = Math.min(36, (w - labelW - 10) / Math.max(1, centres[r].length) - 6);
            Color fill = tier == 0 ? palette.bg() : palette.switchFill(tier);
            for (int i = 0; i < centres[r].length; i++) {
                double x = centres[r][i] - boxW / 2;
                boolean folded = count > SHOWN && i == SHOWN - 2;
                g.setFill(folded ? palette.bgSubtle() : fill);
                g.fillRoundRect(x, y - boxH / 2, boxW, boxH, 4, 4);
                g.setStroke(palette.border());
                g.strokeRoundRect(x, y - boxH / 2, boxW, boxH, 4, 4);
                if (folded) {
                    g.setFill(palette.fg());
                    g.setTextAlign(TextAlignment.CENTER);
                    g.fillText("\u2026", centres[r][i], y);
                }
            }
        }
    }
}
