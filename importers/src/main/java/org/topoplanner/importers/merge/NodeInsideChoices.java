package org.topoplanner.importers.merge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.node.NodeTopology;

/**
 * Merges host insides one by one with the source a person preferred for the host's group, and
 * gathers the hosts whose sources disagree into {@link NodeInsideConflict}s. A group is the set of
 * sources with what each says about the host, so hosts of one node type form one group and the
 * group is found again in the next merge.
 */
final class NodeInsideChoices {
    private final MergeChoices choices;
    private final Map<String, Group> groups = new LinkedHashMap<>();
    /**
     * Merged insides by the very source nodes they came from, when the merge said nothing about the host:
     * a node-type file applies one node to every host, and merging it again for each of 16,384 hosts cost
     * a second of the import and gave each host its own copy (so per-topology caches downstream, such as
     * the allocator's node shapes, saw 16,384 topologies instead of one). Hosts of one node now share it.
     */
    private final Map<SameSources, NodeTopology> quietMerges = new HashMap<>();

    /** A conflict being gathered; its host list grows as hosts are merged. */
    private record Group(List<ConflictOption> options, String chosen, List<String> hosts) {
    }

    NodeInsideChoices(MergeChoices choices) {
        this.choices = choices;
    }

    NodeTopology merge(String host, List<NodeInsideMerger.Candidate> candidates, List<Diagnostic> out) {
        if (candidates.size() < 2) {
            SameSources key = new SameSources(candidates);
            NodeTopology known = quietMerges.get(key);
            if (known != null) {
                return known;
            }
            int before = out.size();
            NodeTopology node = NodeInsideMerger.merge(host, candidates, null, out).node();
            if (out.size() == before) {
                quietMerges.put(key, node);
            }
            return node;
        }
        List<ConflictOption> options = options(candidates);
        String key = key(options);
        String pick = choices.pick(key).filter(p -> options.stream().anyMatch(o -> o.id().equals(p))).orElse(null);
        NodeInsideMerger.Merged merged = NodeInsideMerger.merge(host, candidates, pick, out);
        // A picked group stays listed even if the picked source happens to agree, so the choice can be undone.
        if (merged.disagreed() || pick != null) {
            groups.computeIfAbsent(key, k -> new Group(options, merged.devicesFrom(), new ArrayList<>())).hosts()
                    .add(host);
        }
        return merged.node();
    }

    List<NodeInsideConflict> conflicts() {
        List<NodeInsideConflict> out = new ArrayList<>();
        groups.forEach((key, g) -> out.add(new NodeInsideConflict(key, g.hosts(), g.options(), g.chosen())));
        return out;
    }

    /** One option per source: the rank order's device source first, then the others richest first. */
    private static List<ConflictOption> options(List<NodeInsideMerger.Candidate> candidates) {
        List<NodeInsideMerger.Candidate> ranked = NodeInsideMerger.ranked(candidates);
        NodeInsideMerger.Candidate first = NodeInsideMerger.devicesOf(ranked);
        ranked.remove(first);
        ranked.add(0, first);
        Set<String> seen = new LinkedHashSet<>();
        List<ConflictOption> out = new ArrayList<>();
        for (NodeInsideMerger.Candidate c : ranked) {
            if (seen.add(c.path())) {
                out.add(ConflictOption.ofSource(c.path(), SourceSummary.inside(c.node())));
            }
        }
        return out;
    }

    /**
     * Candidates compared by the identity of their nodes (and by format, path and template flag): equal
     * only when the sources handed over the very same node objects, which costs nothing to compare,
     * unlike the nodes' deep equality. Hosts with a node object of their own simply never match.
     */
    private record SameSources(List<NodeInsideMerger.Candidate> candidates) {
        @Override
        public boolean equals(Object o) {
            if (!(o instanceof SameSources other) || other.candidates.size() != candidates.size()) {
                return false;
            }
            for (int i = 0; i < candidates.size(); i++) {
                NodeInsideMerger.Candidate a = candidates.get(i);
                NodeInsideMerger.Candidate b = other.candidates.get(i);
                if (a.node() != b.node() || a.format() != b.format() || a.template() != b.template()
                        || !a.path().equals(b.path())) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            int h = 1;
            for (NodeInsideMerger.Candidate c : candidates) {
                h = 31 * h + System.identityHashCode(c.node());
                h = 31 * h + c.path().hashCode();
            }
            return h;
        }
    }

    private static String key(List<ConflictOption> options) {
        return "inside:" + String.join("; ", options.stream().map(o -> o.id() + "=" + o.says()).toList());
    }
}
