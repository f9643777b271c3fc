package org.topoplanner.resources;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.project.NodeTopologyJson;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectFormatException;

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
