package org.topoplanner.app.desktop.diagnostics;

import org.topoplanner.model.cluster.Cluster;

/**
 * What an import would give, in the counts a person checks a conflict's answer by: hosts, switches
 * and GPUs.
 */
public final class ResultSummary {
    private ResultSummary() {
    }

    /** "32 hosts, 7 switches, 256 GPUs", or a sentence when there is no cluster. */
    public static String of(Cluster c) {
        if (c == null) {
            return "no cluster: nothing would be imported";
        }
        return count(c.hostNames().size(), "host") + ", " + count(c.fabric().switches().size(), "switch") + ", "
                + count(c.gpuCount(), "GPU");
    }

    private static String count(int n, String word) {
        return n + " " + (n == 1 ? word : word.endsWith("h") ? word + "es" : word + "s");
    }
}
