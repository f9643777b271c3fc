package org.topoplanner.app.plan;

import java.util.LinkedHashMap;
import java.util.Map;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/**
 * Asks every policy once about a one-GPU job on the idle cluster, right after an import and off the FX thread,
 * so that the tables each policy builds once per cluster (Slurm's switch distances, the Kubernetes node
 * classes, Kueue's domain tree, Volcano's HyperNodes, the planner's domains) exist before the user's first
 * question. At 16,384 hosts they cost seconds of CPU, which the every-policy table's first job paid row by
 * row. Later states update those tables from the idle state's for the hosts that differ.
 */
public final class PolicyWarmUp {
    private PolicyWarmUp() {
    }

    /**
     * Each policy's answer for the warm-up job, in catalog order; a policy that threw gives an
     * {@link Suggestion.Impossible} with the error, so a broken policy shows here and not only on the user's
     * first question. A cluster without GPUs is left alone (every policy's tables are built for GPU jobs).
     */
    public static Map<PolicyId, Suggestion> prepare(Cluster cluster) {
        Map<PolicyId, Suggestion> out = new LinkedHashMap<>();
        if (cluster.gpuCount() == 0) {
            return out;
        }
        ClusterState idle = ClusterState.empty(cluster);
        JobRequest job = JobRequest.nodesWithGpus("warm-up", 1, 1);
        for (PolicyId id : PolicyCatalog.policies()) {
            Suggestion s;
            try {
                s = new PolicyChoice(id, PolicyOptions.DEFAULT).create().suggest(idle, job);
            } catch (RuntimeException e) {
                s = new Suggestion.Impossible("warm-up failed: " + e);
            }
            out.put(id, s);
        }
        return out;
    }
}
