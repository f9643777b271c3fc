package org.topoplanner.importers.nvsmi;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.nvsmi.TopoMatrix.Cell;
import org.topoplanner.importers.nvsmi.TopoMatrix.Row;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopologyBuilder;

/**
 * Reads {@code nvidia-smi topo -p2p r|w|n|a|p} matrices. They say whether peer-to-peer access
 * works ({@code OK}, {@code NS}, {@code CNS}, {@code GNS}, {@code TNS}, {@code U}), not how devices
 * are connected, so the result has the GPUs but no link classes, and a warning saying so.
 */
public final class NvidiaSmiP2pReader implements FormatReader {

    @Override
    public Format format() {
        return Format.NVIDIA_SMI_P2P;
    }

    @Override
    public int detect(SourceText source) {
        return MatrixDetection.of(source).p2pScore();
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics diagnostics = new Diagnostics(source.path());
        TopoMatrix matrix = new TopoMatrixParser(MatrixVocabulary.P2P, diagnostics).parse(source.lines());
        if (matrix.header() == null) {
            diagnostics.error(0, 0, "no nvidia-smi topo -p2p matrix: no header line of GPU columns");
            return new ImportResult(source, format(), ClusterPart.empty(), diagnostics.list());
        }
        NodeTopologyBuilder node = new NodeTopologyBuilder().derivePcieLinks(false);
        List<String> gpus = new ArrayList<>();
        for (Cell label : matrix.header().devices()) {
            if (label.text().matches("GPU\\d{1,6}") && !gpus.contains(label.text())) {
                int index = Integer.parseInt(label.text().substring(3));
                gpus.add(label.text());
                node.gpu(new Gpu("GPU" + index, index, null, List.of(), null, null, null, null));
            } else {
                diagnostics.warning(label.line(), label.column(), "column " + label.text()
                        + " is not a GPU of a P2P matrix; ignored");
            }
        }
        int pairs = 0;
        int ok = 0;
        List<String> labels = matrix.header().labels();
        for (Row row : matrix.rows()) {
            int self = labels.indexOf(row.label().text());
            for (int j = self + 1; j < row.cells().size(); j++) {
                pairs++;
                ok += row.cells().get(j).text().equals("OK") ? 1 : 0;
            }
        }
        String mode = matrix.command() == null ? "" : " (" + matrix.command() + ")";
        diagnostics.warning(matrix.header().line(), 1, "a P2P capability matrix" + mode + " says whether GPUs can"
                + " access each other's memory, not how they are connected: GPUs read, no link classes;"
                + " P2P is OK for " + ok + " of " + pairs + " GPU pairs. Use 'nvidia-smi topo -m' for the topology.");
        boolean named = matrix.promptHost() != null;
        String host = named ? matrix.promptHost() : NvidiaSmiTopoReader.stem(source.fileName());
        return new ImportResult(source, format(), ClusterPart.ofNode(host, node.build(), named), diagnostics.list());
    }
}
