package org.topoplanner.importers.k8s;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.topoplanner.importers.Diagnostics;

/**
 * The rules a Kueue Topology's levels must follow beyond what its schema checks: 1 to 16 levels,
 * unique, {@code kubernetes.io/hostname} only as the last (CEL rules of the CRD), each a label key,
 * and at most 63 characters so that TAS annotations can name it (Workload API).
 */
final class KueueTopologyChecks {
    static final int MAX_LEVELS = 16;
    static final int MAX_LEVEL_CHARS = 63;

    private KueueTopologyChecks() {
    }

    static void check(String name, List<String> levels, YamlValue at, Diagnostics d) {
        if (levels.isEmpty() || levels.size() > MAX_LEVELS) {
            d.warning(at.line(), at.column(), "topology " + name + " has " + levels.size() + " levels; Kueue needs 1 to "
                    + MAX_LEVELS);
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < levels.size(); i++) {
            String level = levels.get(i);
            if (!seen.add(level)) {
                d.warning(at.line(), at.column(), "topology " + name + ": level " + level + " appears twice");
            }
            if (level.equals(LevelListDocuments.HOSTNAME) && i != levels.size() - 1) {
                d.warning(at.line(), at.column(), "topology " + name + ": " + level + " may only be the last level");
            }
            if (level.length() > MAX_LEVEL_CHARS) {
                d.warning(at.line(), at.column(), "topology " + name + ": level " + level + " is longer than "
                        + MAX_LEVEL_CHARS + " characters; TAS annotations cannot name it");
            }
            LabelSyntax.keyProblem(level).ifPresent(p -> d.warning(at.line(), at.column(), "topology " + name + ": " + p));
        }
    }
}
