package org.topoplanner.resources;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.power.SwitchModel;
import org.topoplanner.model.project.NodeTopologyJson;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectFormatException;
import org.topoplanner.model.project.SwitchModelJson;

/**
 * The data TopoPlanner ships: the built-in example cluster (32 nodes under 4 leaves, 2 spines and a
 * core; 8 GPUs per node) and node templates with realistic CPU, NUMA and PCIe layouts.
 *
 * <p>Shipped files are part of the build; one that does not load is a build defect, so failures
 * surface as unchecked exceptions rather than user diagnostics.
 */
public final class ShippedData {
    private static final String BASE = "/org/topoplanner/resources/";
    private static final String EXAMPLE = "example-cluster.topoplanner.json";
    private static final String SWITCH_MODELS = "switch-models.json";

    private ShippedData() {
    }

    /** The example cluster of the product description; the window opens on it. */
    public static Cluster exampleCluster() {
        try {
            return new ProjectCodec().read(text(EXAMPLE), EXAMPLE).cluster();
        } catch (ProjectFormatException e) {
            throw new IllegalStateException("the shipped example cluster does not load: " + e.getMessage(), e);
        }
    }

    /** The names of the shipped node templates, in menu order. */
    public static List<NodeTemplate> templates() {
        return List.of(NodeTemplate.values());
    }

    /** The inside of a node built from a shipped template. */
    public static NodeTopology template(NodeTemplate template) {
        String file = "templates/" + template.id() + ".json";
        try {
            return NodeTopologyJson.parse(text(file), file);
        } catch (ProjectFormatException e) {
            throw new IllegalStateException("the shipped template " + file + " does not load: " + e.getMessage(), e);
        }
    }

    /** The switch models whose data sheets give their power, for the bill of materials of a designed fabric. */
    public static List<SwitchModel> switchModels() {
        try {
            return SwitchModelJson.parse(text(SWITCH_MODELS), SWITCH_MODELS);
        } catch (ProjectFormatException e) {
            throw new IllegalStateException("the shipped " + SWITCH_MODELS + " does not load: " + e.getMessage(), e);
        }
    }

    /**
     * The fixed-configuration switch a design of this link speed is built from, when one is shipped: a design
     * names a speed, not a box, and each speed has one such switch generation (NDR: Quantum-2 QM9700).
     */
    public static Optional<SwitchModel> switchModel(LinkSpeed speed) {
        return switchModels().stream().filter(m -> m.speed() == speed).findFirst();
    }

    static String text(String name) {
        try (InputStream in = ShippedData.class.getResourceAsStream(BASE + name)) {
            if (in == null) {
                throw new IllegalStateException("missing shipped resource " + BASE + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
