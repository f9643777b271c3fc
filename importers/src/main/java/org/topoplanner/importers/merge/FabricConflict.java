package org.topoplanner.importers.merge;

import java.util.List;

/**
 * Several sources describe the fabric and differ in switches, hosts or which hosts share a leaf;
 * the cluster takes the switches and cables of one of them.
 *
 * @param options one per fabric source, richest first, saying its switch and host counts
 * @param chosen  the path of the source whose fabric is used
 */
public record FabricConflict(List<ConflictOption> options, String chosen) implements SourceConflict {
    public static final String KEY = "fabric";

    public FabricConflict {
        options = List.copyOf(options);
    }

    @Override
    public String key() {
        return KEY;
    }

    @Override
    public String subject() {
        return "fabric (switches, cables, leaves)";
    }
}
