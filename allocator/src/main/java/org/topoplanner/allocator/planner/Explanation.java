package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.FabricDomains;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.model.job.JobRequest;

/** Sentences that say why the planner cannot place a job: never (on the empty cluster) or not now. */
final class Explanation {
    private Explanation() {
    }

    /** Why the job can never run here (the empty cluster does not fit it). */
    static String never(ClusterIndex index, JobRequest job, StateUsage empty) {
        return why(index, job, empty, "ever", "The request can never be met on this cluster");
    }

    /** Why the job waits (it fits the empty cluster). */
    static String notNow(ClusterIndex index, JobRequest job, StateUsage now) {
        return why(index, job, now, "now", "Not enough free resources now");
    }

    private static String why(ClusterIndex index, JobRequest job, StateUsage usage, String when, String fallback) {
        int maxGpus = 0;
        for (int h = 0; h < index.size(); h++) {
            maxGpus = Math.max(maxGpus, index.shape(h).gpus());
        }
        NodeDemand d = NodeDemand.of(job, NodeDemand.minNodes(job, maxGpus));
        Candidates c = PlanSearch.candidates(index, usage, job, d);
        String perNode = d.gpus() + " GPU" + (d.gpus() == 1 ? "" : "s") + (d.gpuType() == null ? "" : " of type "
                + d.gpuType()) + " and " + d.cpus() + " CPU" + (d.cpus() == 1 ? "" : "s")
                + (d.enforceBinding() ? " on the GPUs' own cores" : "") + (d.exclusive() ? " (whole node)" : "");
        for (String h : job.nodelist()) {
            if (!c.usable(index.number(h))) {
                return "-w " + h + ": that node cannot " + (when.equals("now") ? "now " : "") + "hold " + perNode;
            }
        }
        if (c.usableHosts < d.nodes()) {
            return "only " + c.usableHosts + " of " + index.size() + " nodes can " + when + " hold " + perNode
                    + "; the job needs " + d.nodes();
        }
        FabricDomains dom = index.domains();
        int limit = PlanSearch.leafLimit(job, dom, d.nodes());
        int largest = 0;
        for (FabricDomains.Domain x : dom.all()) {
            if (x.parent() < 0) {
                largest = Math.max(largest, limit > 0 ? underLeaves(dom, c, x, limit) : c.usable[x.id()]);
            }
        }
        if (limit > 0 && largest < d.nodes()) {
            return "--switches=" + limit + ": at most " + largest + " usable nodes sit under " + limit + " lea"
                    + (limit == 1 ? "f" : "ves") + (when.equals("now") ? " now" : "") + "; the job needs " + d.nodes();
        }
        if (d.nodes() > 1 && largest < d.nodes()) {
            return "no one fabric holds " + d.nodes() + " usable nodes (the largest connected part holds " + largest
                    + "): nodes under different roots, or that no switch reaches, cannot share a job";
        }
        return fallback + " (" + d.nodes() + " nodes with " + perNode + ")";
    }

    /** Usable hosts under the best {@code limit} leaves of a root, plus hosts cabled above the leaves. */
    private static int underLeaves(FabricDomains dom, Candidates c, FabricDomains.Domain root, int limit) {
        List<Integer> leaves = new ArrayList<>();
        int above = 0;
        List<FabricDomains.Domain> stack = new ArrayList<>(List.of(root));
        while (!stack.isEmpty()) {
            FabricDomains.Domain x = stack.remove(stack.size() - 1);
            if (x.tier() == 1) {
                leaves.add(c.usable[x.id()]);
                continue;
            }
            for (int h : x.direct()) {
                above += c.usable(h) ? 1 : 0;
            }
            for (int ch : x.children()) {
                stack.add(dom.get(ch));
            }
        }
        leaves.sort(Comparator.reverseOrder());
        return above + leaves.stream().limit(limit).mapToInt(Integer::intValue).sum();
    }
}
