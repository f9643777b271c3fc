package org.topoplanner.app.plan;

import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * What a policy's answer says in words, the one place it is phrased: the command line prints the
 * {@link #line line} ({@code place}, {@code compare}) and the window's status bar reads the
 * {@link #reason reason} after the place and nodes it already names (through {@link Advice#reason()}
 * and {@link DropFeedback}). Both come from the same clauses, so the CLI and the window never word one
 * outcome two ways.
 */
public final class SuggestionSentence {
    private SuggestionSentence() {
    }

    /** One line for people: {@code placed: node[01-04] (4 nodes, 32 GPUs)}, or why not. */
    public static String line(Suggestion s) {
        if (s instanceof Suggestion.Placed p) {
            return "placed: " + summary(p.placement());
        }
        if (s instanceof Suggestion.Waiting w) {
            return waits(w) + ", then runs on " + summary(w.placement()) + " (" + w.explanation() + ")";
        }
        return reason(s);
    }

    /**
     * {@link #line(Suggestion)}, with a job a partition's limits hold worded as the window's status bar words it
     * ({@link #reason(Suggestion, Cluster, JobRequest)}): {@code place} and {@code compare} print this, so the
     * command line and the window say the same partition and limits for one outcome.
     */
    public static String line(Suggestion s, Cluster cluster, JobRequest request) {
        if (s instanceof Suggestion.Placed || s instanceof Suggestion.Waiting) {
            return line(s);
        }
        return reason(s, cluster, request);
    }

    /**
     * The reason of an answer where the nodes are said elsewhere: the policy's first note for a
     * placement (empty without notes), how long it waits and why, or why it is pending or impossible.
     */
    public static String reason(Suggestion s) {
        if (s instanceof Suggestion.Placed p) {
            return p.notes().isEmpty() ? "" : p.notes().get(0);
        }
        if (s instanceof Suggestion.Waiting w) {
            return waits(w) + ": " + w.explanation();
        }
        if (s instanceof Suggestion.Pending p) {
            return pending(p);
        }
        return "impossible: " + ((Suggestion.Impossible) s).reason();
    }

    /**
     * {@link #reason(Suggestion)}, with a job a partition's limits hold worded from its partition
     * ({@link PartitionLimitWords}: the partition's name and limits as written, what the job asks) in place of the
     * policy's sentence, which names neither; the window's status bar reads this.
     */
    public static String reason(Suggestion s, Cluster cluster, JobRequest request) {
        if (s instanceof Suggestion.Pending p) {
            var words = PartitionLimitWords.of(p.reason(), cluster, request);
            if (words.isPresent()) {
                return "pending (" + p.reason().slurmName() + "): " + words.get();
            }
        }
        return reason(s);
    }

    /**
     * A job that does not run, in its scheduler's words. The Kubernetes policies report nothing running
     * as {@code Pending(Resources)} with the kubelets' and the scheduler's own reasons in the
     * explanation; "pending (Resources)" is Slurm's phrase and would hide that the pods were bound and
     * then refused by the Topology Manager at admission, so those words lead instead.
     */
    private static String pending(Suggestion.Pending p) {
        String why = p.explanation();
        if (why.contains(TOPOLOGY_AFFINITY_ERROR)) {
            return "not admitted: the kubelet's Topology Manager refused the pods (" + TOPOLOGY_AFFINITY_ERROR
                    + "): " + why;
        }
        if (why.contains(UNSCHEDULABLE)) {
            return "not scheduled: " + why;
        }
        return "pending (" + p.reason().slurmName() + "): " + why;
    }

    /** The kubelet's reason for a pod its Topology Manager cannot align ({@code kubelet/cm/topologymanager}). */
    private static final String TOPOLOGY_AFFINITY_ERROR = "TopologyAffinityError";
    /** The scheduler's condition reason for a pod no node can take. */
    private static final String UNSCHEDULABLE = "pods pending (Unschedulable)";

    private static String waits(Suggestion.Waiting w) {
        return "waits up to " + w.maxWait().getSeconds() + " s";
    }

    /** {@code node[01-04] (4 nodes, 32 GPUs)}. */
    private static String summary(Placement p) {
        return Hostlist.compress(p.hostNames()) + " (" + p.hosts().size() + (p.hosts().size() == 1 ? " node, " : " nodes, ")
                + p.gpuCount() + " GPUs)";
    }
}
