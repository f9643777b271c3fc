package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * Whether a placement is one the job's request could have got: an exported job carries both, so a plan
 * that contradicts its own request (edited by hand, or from an older request) would be exported as a job
 * that runs somewhere else or not at all. Each contradiction is a sentence naming the option and the
 * planned value; the export refuses the job rather than pick one of the two.
 */
final class PlanAgreement {
    private PlanAgreement() {
    }

    static List<String> problems(Cluster cluster, JobRequest r, Placement p, Map<String, String> leafOf) {
        List<String> out = new ArrayList<>();
        int nodes = p.hosts().size();
        if (r.minNodes() != null && nodes < r.minNodes()) {
            out.add("asks -N " + r.minNodes() + " but is placed on " + nodes + " nodes");
        }
        int max = r.maxNodes() != null ? r.maxNodes() : r.minNodes() != null ? Math.max(r.minNodes(), r.nodelist().size())
                : Integer.MAX_VALUE;
        if (nodes > max) {
            out.add("asks at most " + max + " nodes but is placed on " + nodes);
        }
        Set<String> hosts = new HashSet<>(p.hostNames());
        List<String> missing = r.nodelist().stream().filter(h -> !hosts.contains(h)).toList();
        if (!missing.isEmpty()) {
            out.add("asks for nodes " + missing + " (--nodelist) that the plan does not use");
        }
        List<String> excluded = r.exclude().stream().filter(hosts::contains).toList();
        if (!excluded.isEmpty()) {
            out.add("excludes " + excluded + " (--exclude) but is placed there");
        }
        int total = 0;
        for (HostAllocation h : p.hosts()) {
            total += h.gpus().size();
            if (r.gpusPerNode() != null && h.gpus().size() != r.gpusPerNode()) {
                out.add("asks --gpus-per-node=" + r.gpusPerNode() + " but the plan gives " + h.host() + " "
                        + h.gpus().size() + " GPUs");
            }
            if (!r.asksForGpus() && !h.gpus().isEmpty()) {
                out.add("asks for no GPUs but the plan gives " + h.host() + " GPUs " + h.gpus());
            }
            if (r.cpusPerGpu() != null && !h.cpus().isEmpty() && h.cpus().size() != r.cpusPerGpu() * h.gpus().size()) {
                out.add("asks --cpus-per-gpu=" + r.cpusPerGpu() + " but the plan gives " + h.host() + " "
                        + h.cpus().size() + " CPUs for " + h.gpus().size() + " GPUs");
            }
        }
        if (r.gpus() != null && total != r.gpus()) {
            out.add("asks --gpus=" + r.gpus() + " but the plan holds " + total + " GPUs");
        }
        if (r.gpusPerTask() != null && r.ntasks() != null && total != r.gpusPerTask() * r.ntasks()) {
            out.add("asks " + r.ntasks() + " tasks of --gpus-per-task=" + r.gpusPerTask() + " but the plan holds "
                    + total + " GPUs");
        }
        if (r.switches() != null && !leafOf.isEmpty() && p.hostNames().stream().allMatch(leafOf::containsKey)) {
            long leaves = p.hostNames().stream().map(leafOf::get).distinct().count();
            if (leaves > r.switches()) {
                out.add("asks --switches=" + r.switches() + " but its nodes sit under " + leaves + " leaves of the"
                        + " written topology.conf");
            }
        }
        for (HostAllocation h : p.hosts()) {
            if (cluster.hostNames().contains(h.host()) && cluster.node(h.host()) != null) {
                int has = cluster.node(h.host()).gpus().size();
                if (h.gpus().stream().anyMatch(g -> g < 0 || g >= has)) {
                    out.add("the plan gives " + h.host() + " GPUs " + h.gpus() + " but the node has " + has + " GPUs");
                }
            }
        }
        return out;
    }
}
