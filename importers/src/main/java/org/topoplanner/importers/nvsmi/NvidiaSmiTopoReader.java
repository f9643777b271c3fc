package org.topoplanner.importers.nvsmi;

import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.NodeTopology;

/**
 * Reads {@code nvidia-smi topo -m} and {@code topo -mp} matrices as pasted in the wild: tabbed,
 * space-aligned, glued, with or without affinity columns, NIC legend, or old {@code SOC} words.
 *
 * <p>The node is keyed by the host of a shell prompt above the matrix when there is one (and then
 * counts as named by the source), else by the file name without its extension.
 */
public final class NvidiaSmiTopoReader implements FormatReader {

    @Override
    public Format format() {
        return Format.NVIDIA_SMI_TOPO;
    }

    @Override
    public int detect(SourceText source) {
        return MatrixDetection.of(source).topologyScore();
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics diagnostics = new Diagnostics(source.path());
        TopoMatrix matrix = new TopoMatrixParser(MatrixVocabulary.TOPOLOGY, diagnostics).parse(source.lines());
        if (matrix.header() == null) {
            diagnostics.error(0, 0, "no nvidia-smi topo matrix: no header line of device columns (GPU0 GPU1 ...)");
            return new ImportResult(source, format(), ClusterPart.empty(), diagnostics.list());
        }
        if (matrix.rows().isEmpty()) {
            diagnostics.error(matrix.header().line(), 1, "the matrix has a header but no rows");
            return new ImportResult(source, format(), ClusterPart.empty(), diagnostics.list());
        }
        NodeTopology node = new MatrixToNode(diagnostics).build(matrix);
        noteMissingNvlink(matrix, node, diagnostics);
        boolean named = matrix.promptHost() != null;
        String host = named ? matrix.promptHost() : stem(source.fileName());
        return new ImportResult(source, format(), ClusterPart.ofNode(host, node, named), diagnostics.list());
    }

    /** {@code -mp} prints PCIe paths only: GPUs may still be NVLinked, and the planner must not assume not. */
    private static void noteMissingNvlink(TopoMatrix matrix, NodeTopology node, Diagnostics diagnostics) {
        boolean anyNv = node.links().stream().anyMatch(l -> l.kind() == LinkKind.NV);
        boolean mp = matrix.command() != null && matrix.command().matches(".*\\s-mp\\b.*")
                || matrix.legendSeen() && !matrix.legendWords().contains("NV#");
        if (!anyNv && mp && node.gpus().size() > 1) {
            diagnostics.info(matrix.header().line(), 1, "this is a 'topo -mp' matrix: it shows PCIe paths only,"
                    + " so NVLink between these GPUs, if any, is not visible here");
        }
    }

    static String stem(String fileName) {
        int dot = fileName.lastIndexOf('.');
        String stem = dot > 0 ? fileName.substring(0, dot) : fileName;
        return stem.isBlank() ? "node" : stem;
    }

}
