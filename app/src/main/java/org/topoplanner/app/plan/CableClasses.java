package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.design.FabricDesign;

/**
 * The bill's cables by length class, copper versus optics. A design has no floor plan, so the class is
 * an assumption from where each tier usually stands, and every line says so: in a fat tree the leaf is
 * the top-of-rack switch, so host–leaf cables stay in the rack (passive copper DAC, up to 3 m); in a
 * rail-optimised fabric a unit's rail leaves stand in its network rack, so host–leaf cables leave the
 * rack (optical); leaf–spine and spine–core cables cross the row or the hall (optical). An optical cable
 * counted here is two transceivers and a fibre (or one active optical cable).
 *
 * @param lines one line per link, bottom up, as the dialog shows them
 */
public record CableClasses(List<String> lines) {
    public CableClasses {
        lines = List.copyOf(lines);
    }

    public static CableClasses of(BillOfMaterials bill, FabricDesign.Kind kind) {
        List<String> out = new ArrayList<>();
        int transceivers = 0;
        for (var e : bill.cables().entrySet()) {
            String link = e.getKey();
            int n = e.getValue();
            boolean inRack = link.equals("host\u2013leaf") && kind == FabricDesign.Kind.FAT_TREE;
            if (inRack) {
                out.add(n + " " + link + ": copper DAC, \u22643 m (leaf at the top of the host's rack)");
            } else {
                transceivers += 2 * n;
                out.add(n + " " + link + ": optical, " + (2 * n) + " transceivers ("
                        + (link.equals("host\u2013leaf") ? "rail leaves in the unit's network rack"
                        : link.startsWith("leaf") ? "across the row, beyond copper's 3 m" : "across the hall") + ")");
            }
        }
        if (!out.isEmpty()) {
            out.add(transceivers + " transceivers in all (assumed placement, not a floor plan)");
        }
        return new CableClasses(out);
    }
}
