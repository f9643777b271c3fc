package org.topoplanner.app.desktop.fabric;

import java.io.IOException;
import java.io.InputStream;
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

/** The Topograph NVL72 model (test resources /nvlink) with every node a shipped GB200 tray. */
public final class NvlinkLayerTestClusters {
    private NvlinkLayerTestClusters() {
    }

    public static Cluster nvl72() throws IOException {
        String text;
        try (InputStream in = NvlinkLayerTestClusters.class.getResourceAsStream("/nvlink/topograph-model-nvl72-blocks-labels.yaml.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Cluster c = ClusterImport.standard().importTexts(List.of(new SourceText("nvl72.yaml", text)), Optional.empty())
                .clusterOrThrow();
        NodeTopology tray = ShippedData.template(NodeTemplate.GB200_NVL72_TRAY);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        c.hostNames().forEach(h -> nodes.put(h, tray));
        return new Cluster(c.name(), c.fabric(), nodes, c.hosts(), c.slurm(), c.kubernetes(), c.nvlink());
    }
}
