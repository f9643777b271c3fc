package org.topoplanner.importers.merge;

import java.util.List;
import org.topoplanner.importers.Format;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.node.NodeTopology;

/**
 * The merge's rules for one host's inside, open to callers outside the merge (hardware
 * assignment): several sources on the same machine combine exactly as an import combines them.
 */
public final class NodeInsides {
    /** What one source says about the host. */
    public record Source(NodeTopology node, Format format, String path) {
    }

    private NodeInsides() {
    }

    /**
     * The host's inside from its sources, richest first ({@link NodeInsideMerger}); a lone source is
     * returned as it is (so hosts of one node type share one immutable inside). Disagreements are
     * warnings in {@code out}.
     */
    public static NodeTopology merge(String host, List<Source> sources, List<Diagnostic> out) {
        if (sources.isEmpty()) {
            return NodeTopology.unknown();
        }
        if (sources.size() == 1) {
            return sources.get(0).node();
        }
        List<NodeInsideMerger.Candidate> candidates = sources.stream()
                .map(s -> new NodeInsideMerger.Candidate(s.node(), s.format(), s.path(), false)).toList();
        return NodeInsideMerger.merge(host, candidates, null, out).node();
    }

    /** "8 GPUs (NV18), 2 sockets, 112 cores, 224 threads, 2 NUMA nodes": the line conflicts show. */
    public static String summary(NodeTopology node) {
        return SourceSummary.inside(node);
    }

    /** A host the sources say nothing about: no GPUs, no NICs and no CPU count. */
    public static boolean isUnknown(NodeTopology node) {
        return node.gpus().isEmpty() && node.nics().isEmpty() && node.cores() == null && node.sockets() == null;
    }
}
