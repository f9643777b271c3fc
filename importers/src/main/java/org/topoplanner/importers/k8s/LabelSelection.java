package org.topoplanner.importers.k8s;

import java.util.List;
import java.util.Map;

/** Evaluates a Kubernetes LabelSelector ({@code matchLabels} and {@code matchExpressions}) on node labels. */
final class LabelSelection {
    private LabelSelection() {
    }

    /** True when every requirement holds; an empty selector matches nothing, as in a HyperNode member. */
    static boolean matches(Map<String, String> matchLabels, List<HyperNodeDocuments.Expression> expressions,
                           Map<String, String> labels) {
        if ((matchLabels == null || matchLabels.isEmpty()) && expressions.isEmpty()) {
            return false;
        }
        if (matchLabels != null) {
            for (Map.Entry<String, String> e : matchLabels.entrySet()) {
                if (!e.getValue().equals(labels.get(e.getKey()))) {
                    return false;
                }
            }
        }
        for (HyperNodeDocuments.Expression x : expressions) {
            String v = labels.get(x.key());
            boolean ok = switch (x.operator()) {
                case "In" -> v != null && x.values().contains(v);
                case "NotIn" -> v == null || !x.values().contains(v);
                case "Exists" -> v != null;
                case "DoesNotExist" -> v == null;
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
