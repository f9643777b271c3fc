package org.topoplanner.allocator.volcano;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scores of Volcano's {@code network-topology-aware} plugin (v1.12, {@code network_topology_aware.go}):
 * the HyperNode order function of hard mode and the batch node order function of soft mode.
 *
 * <p>A HyperNode scores {@code 100 x (maxTier - tier of its LCA with the job's allocated HyperNode) /
 * (maxTier - minTier)}, 100 when it is that HyperNode, 0 without a common ancestor or when the tree has one
 * tier; a node scores as the lowest-tier HyperNode holding it. Everything that ties at the top score then
 * gains {@code 100 x} the share of the job's tasks already on its real nodes. Scores are multiplied by the
 * plugin's {@code weight}. A job with no allocated HyperNode yet scores nothing (all 0), and in hard mode
 * the node function scores nothing.
 *
 * @param tree   the session's HyperNodes
 * @param weight the plugin argument {@code weight} (default 1)
 */
public record NetworkTopologyScore(HyperNodeTree tree, int weight) {
    static final double BASE = 100.0;

    /**
     * {@code hyperNodeFn}: scores of {@code hyperNodes} for a job whose tasks run on {@code taskNodes}
     * (one entry per task, {@code ""} for a pending one) and hold {@code jobHyperNode} ({@code ""}: none yet).
     */
    public Map<String, Double> hyperNodeScores(String jobHyperNode, Collection<String> hyperNodes,
                                               List<String> taskNodes) {
        Map<String, Double> scores = new LinkedHashMap<>();
        if (jobHyperNode == null || jobHyperNode.isEmpty()) {
            return scores;
        }
        Map<String, String> hyperNodeOf = new LinkedHashMap<>();
        hyperNodes.forEach(h -> hyperNodeOf.put(h, h));
        return scoreAll(jobHyperNode, hyperNodeOf, taskNodes);
    }

    /** {@code nodeFn}: scores of {@code nodes} for the next task of a job, as {@link #hyperNodeScores}. */
    public Map<String, Double> nodeScores(boolean hardMode, String jobHyperNode, Collection<String> nodes,
                                          List<String> taskNodes) {
        Map<String, Double> scores = new LinkedHashMap<>();
        if (hardMode || jobHyperNode == null || jobHyperNode.isEmpty()) {
            return scores;
        }
        Map<String, String> hyperNodeOf = new LinkedHashMap<>();
        nodes.forEach(n -> hyperNodeOf.put(n, tree.hyperNodeOf(n)));
        return scoreAll(jobHyperNode, hyperNodeOf, taskNodes);
    }

    /** Scores every key by the HyperNode it maps to; the ones tied at the top gain the task-share score. */
    private Map<String, Double> scoreAll(String jobHyperNode, Map<String, String> hyperNodeOf, List<String> taskNodes) {
        Map<String, Double> scores = new LinkedHashMap<>();
        double max = -1;
        for (Map.Entry<String, String> e : hyperNodeOf.entrySet()) {
            double s = tierScore(e.getValue(), jobHyperNode) * weight;
            scores.put(e.getKey(), s);
            max = Math.max(max, s);
        }
        List<String> top = new ArrayList<>();
        for (Map.Entry<String, Double> e : scores.entrySet()) {
            if (e.getValue() == max) {
                top.add(e.getKey());
            }
        }
        if (top.size() > 1) {
            for (String k : top) {
                scores.merge(k, taskShareScore(hyperNodeOf.get(k), taskNodes) * weight, Double::sum);
            }
        }
        return scores;
    }

    /** {@code networkTopologyAwareScore}. */
    double tierScore(String hyperNode, String jobHyperNode) {
        if (hyperNode != null && hyperNode.equals(jobHyperNode)) {
            return BASE;
        }
        String lca = hyperNode == null ? null : tree.lca(hyperNode, jobHyperNode);
        HyperNodeTree.Info info = lca == null ? null : tree.hyperNodes().get(lca);
        if (info == null) {
            return 0;
        }
        List<Integer> tiers = tree.tiers();
        int min = tiers.get(0);
        int max = tiers.get(tiers.size() - 1);
        return min == max ? 0 : BASE * (max - info.tier()) / (max - min);
    }

    /** {@code scoreWithTaskNum}: the share of the job's tasks running on the HyperNode's real nodes. */
    double taskShareScore(String hyperNode, List<String> taskNodes) {
        if (taskNodes.isEmpty()) {
            return 0;
        }
        HyperNodeTree.Info info = hyperNode == null ? null : tree.hyperNodes().get(hyperNode);
        List<String> real = info == null ? List.of() : info.realNodes();
        long on = taskNodes.stream().filter(real::contains).count();
        return BASE * on / taskNodes.size();
    }
}
