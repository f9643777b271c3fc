package org.topoplanner.importers.nvsmi;

import java.util.List;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.SourceText;

/**
 * Tells a topology matrix ({@code topo -m}/{@code -mp}) from a P2P capability matrix
 * ({@code topo -p2p}): both have the same header and an {@code X} diagonal, so the words in the
 * cells and the legend decide.
 */
record MatrixDetection(boolean hasHeader, boolean hasAffinity, int topologyWords, int p2pWords,
                       boolean topologyLegend, boolean p2pLegend) {

    static MatrixDetection of(SourceText source) {
        List<String> lines = source.lines();
        Diagnostics ignored = new Diagnostics(source.path());
        TopoMatrix topo = new TopoMatrixParser(MatrixVocabulary.TOPOLOGY, ignored).parse(lines);
        if (topo.header() == null) {
            return new MatrixDetection(false, false, 0, 0, false, false);
        }
        TopoMatrix p2p = new TopoMatrixParser(MatrixVocabulary.P2P, ignored).parse(lines);
        return new MatrixDetection(true, !topo.header().affinity().isEmpty(),
                count(topo, MatrixVocabulary.TOPOLOGY_ONLY.pattern()), count(p2p, MatrixVocabulary.P2P_ONLY.pattern()),
                topo.legendWords().contains("PIX") || topo.legendWords().contains("SYS")
                        || topo.legendWords().contains("SOC"),
                topo.legendWords().contains("CNS") || topo.legendWords().contains("GNS"));
    }

    private static int count(TopoMatrix matrix, String regex) {
        return (int) matrix.rows().stream().flatMap(r -> r.cells().stream()).filter(c -> c.text().matches(regex))
                .count();
    }

    int topologyScore() {
        if (!hasHeader || p2pWords > 0 && topologyWords == 0) {
            return p2pWords > 0 ? 5 : 0;
        }
        if (topologyWords > 0) {
            return topologyLegend ? 98 : 90;
        }
        if (p2pLegend) {
            return 5;
        }
        return topologyLegend || hasAffinity ? 80 : 20;
    }

    int p2pScore() {
        if (!hasHeader || topologyWords > 0 || hasAffinity || topologyLegend) {
            return 0;
        }
        if (p2pWords > 0) {
            return p2pLegend ? 98 : 90;
        }
        return p2pLegend ? 70 : 10;
    }
}
