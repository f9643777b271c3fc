package org.topoplanner.allocator.nvlink;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** The Topograph NVL72 model (4 racks of 18 trays, one leaf each) with every tray a shipped template. */
final class Nvl72Clusters {
    private Nvl72Clusters() {
    }

    static Cluster topograph(NodeTemplate tray) {
        String text;
        try (InputStream in = Nvl72Clusters.class.getResourceAsStream("/nvlink/topograph-model-nvl72-blocks-labels.yaml.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Cluster c = ClusterImport.standard().importTexts(List.of(new SourceText("nvl72.yaml", text)), Optional.empty())
                .clusterOrThrow();
        NodeTopology node = ShippedData.template(tray);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        c.hostNames().forEach(h -> nodes.put(h, node));
        return new Cluster(c.name(), c.fabric(), nodes, c.hosts(), c.slurm(), c.kubernetes(), c.nvlink());
    }
}
