package org.topoplanner.importers;

import java.util.List;
import java.util.Map;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;

/**
 * Stands in for the topology.conf reader (another package's job) in tests: it answers with a fabric
 * built by hand from what the test's topology file says, whatever the text.
 */
public record FixedFabricReader(Fabric fabric, Format format) implements FormatReader {

    @Override
    public int detect(SourceText source) {
        return 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        return new ImportResult(source, format, ClusterPart.ofFabric(fabric), List.of());
    }

    /**
     * A two-level tree as tree32's topology.conf and ibsim's example-32 describe it: leaf1..4 with 8
     * hosts each ({@code hostName(i)} for i = 1..32), spine1 over leaf1-2, spine2 over leaf3-4, core
     * over both spines. {@code moved} (may be null) puts that host under leaf1 instead of its own leaf.
     */
    public static Fabric tree32(java.util.function.IntFunction<String> hostName, String moved) {
        FabricBuilder b = new FabricBuilder();
        for (String s : List.of("leaf1", "leaf2", "leaf3", "leaf4", "spine1", "spine2", "core")) {
            b.addSwitch(s);
        }
        for (int i = 1; i <= 32; i++) {
            String h = hostName.apply(i);
            b.addHost(h);
            b.cable(h.equals(moved) ? "leaf1" : "leaf" + ((i - 1) / 8 + 1), h);
        }
        b.cable("spine1", "leaf1");
        b.cable("spine1", "leaf2");
        b.cable("spine2", "leaf3");
        b.cable("spine2", "leaf4");
        b.cable("core", "spine1");
        b.cable("core", "spine2");
        return b.tiers(Map.of("leaf1", 1, "leaf2", 1, "leaf3", 1, "leaf4", 1, "spine1", 2, "spine2", 2, "core", 3))
                .build();
    }
}
