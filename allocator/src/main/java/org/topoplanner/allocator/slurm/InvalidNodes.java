package org.topoplanner.allocator.slurm;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.GresLine;
import org.topoplanner.model.slurm.GresSocketBoundary;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The nodes {@code slurmctld} sets INVALID when they register because a {@code gres.conf} {@code Cores=} of theirs
 * splits a socket ({@code _check_core_range_matches_sock}, {@code src/interfaces/gres.c}; {@link GresSocketBoundary}):
 * none under 22.05.8; under 24.11.5 and 26.05.5 no job is placed there. A job naming one with {@code -w} is accepted
 * and waits ({@code ReqNodeNotAvail, UnavailableNodes:a1}; a job needing more nodes than are left waits the same way):
 * own probe case gressock1, both versions; gressock2 for the two-of-four-sockets line 26.05 alone refuses.
 * Built once per cluster from its {@code gres.conf} lines, so the suggestion path only looks names up.
 */
public final class InvalidNodes {
    private InvalidNodes() {
    }

    /** Node name to Slurm's reason, for {@code version}; empty when no line splits a socket. */
    public static Map<String, String> of(Cluster cluster, SlurmVersion version) {
        Map<SlurmVersion, Map<String, String>> all = ClusterIndex.of(cluster).derived(InvalidNodes.class,
                InvalidNodes::build);
        return all.get(version);
    }

    /**
     * How {@code request} waits because of INVALID nodes under {@code version}, else null. slurmctld accepts the job
     * (its submit test words it "ReqNodeNotAvail, UnavailableNodes:a1") and the scheduling pass leaves it waiting:
     * one naming an INVALID node with {@code -w} is not in {@code avail_node_bitmap} ({@code _pick_best_nodes}:
     * {@code ESLURM_NODE_NOT_AVAIL}, which blocks nothing); one needing more nodes than the others are fails the
     * partition's node count ("Nodes required for job are DOWN, DRAINED...", {@code job_scheduler.c}), which holds
     * the jobs behind it (probe gressock1 n2 and n3, final lines under 26.05.5).
     */
    public static Suggestion.Pending waiting(Cluster cluster, SlurmVersion version, JobRequest request) {
        Map<String, String> invalid = of(cluster, version);
        if (invalid.isEmpty()) {
            return null;
        }
        List<String> named = request.nodelist().stream().filter(invalid::containsKey).toList();
        int minNodes = request.minNodes() == null ? Math.max(1, request.nodelist().size()) : request.minNodes();
        // counted from the few excluded names, not by a walk over every node (the suggestion path's budget)
        long left = ClusterIndex.of(cluster).size() - invalid.size()
                - request.exclude().stream().distinct().filter(h -> !invalid.containsKey(h)).count();
        if (named.isEmpty() && minNodes <= left) {
            return null;
        }
        List<String> down = named.isEmpty() ? List.copyOf(invalid.keySet()) : named;
        String why = "ReqNodeNotAvail,_UnavailableNodes:" + Hostlist.compress(down) + " (INVALID: "
                + invalid.get(down.get(0)) + ")";
        return new Suggestion.Pending(named.isEmpty() ? PendingReason.NODES_UNAVAILABLE
                : PendingReason.REQ_NODE_NOT_AVAIL, why);
    }

    private static Map<SlurmVersion, Map<String, String>> build(Cluster cluster) {
        Map<SlurmVersion, Map<String, String>> out = new EnumMap<>(SlurmVersion.class);
        for (SlurmVersion v : SlurmVersion.values()) {
            out.put(v, new LinkedHashMap<>());
        }
        if (cluster.slurm().gres().stream().noneMatch(g -> g.cores() != null)) {
            return out;
        }
        List<SlurmNode> nodes = SlurmNode.of(cluster);
        Map<String, SlurmNode> byName = new HashMap<>();
        nodes.forEach(n -> byName.put(n.name(), n));
        // by line, then its nodes: a cluster of 16,384 nodes has as many lines, each naming few
        for (GresLine g : cluster.slurm().gres()) {
            if (g.cores() == null) {
                continue;
            }
            CpuSet cores = CpuSet.parse(g.cores());
            List<SlurmNode> named = g.nodes().isEmpty() ? nodes
                    : g.nodes().stream().map(byName::get).filter(Objects::nonNull).toList();
            for (SlurmNode n : named) {
                if (cores.stream().anyMatch(c -> c >= n.cores())) {
                    continue; // outside the node: slurmd refuses the line itself, an other rule
                }
                for (SlurmVersion v : SlurmVersion.values()) {
                    GresSocketBoundary.check(v, cores, n.sockets(), n.coresPerSocket()).ifPresent(r ->
                            out.get(v).putIfAbsent(n.name(), "gres/" + g.name() + " " + r.message(g.cores(), n.name())));
                }
            }
        }
        return out;
    }
}
