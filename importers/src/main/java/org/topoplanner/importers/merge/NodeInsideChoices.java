package org.topoplanner.importers.merge;

import java.util.ArrayList;
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

    /** A conflict being gathered; its host list grows as hosts are merged. */
    private record Group(List<ConflictOption> options, String chosen, List<String> hosts) {
    }

    NodeInsideChoices(MergeChoices choices) {
        this.choices = choices;
    }

    NodeTopology merge(String host, List<NodeInsideMerger.Candidate> candidates, List<Diagnostic> out) {
        if (candidates.size() < 2) {
            return NodeInsideMerger.merge(host, candidates, null, out).node();
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

    private static String key(List<ConflictOption> options) {
        return "inside:" + String.join("; ", options.stream().map(o -> o.id() + "=" + o.says()).toList());
    }
}
