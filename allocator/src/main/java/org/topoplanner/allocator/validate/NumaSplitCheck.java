package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;

/**
 * {@code GPU_NUMA_SPLIT} (warning): a node's GPUs for the job sit on more NUMA nodes than its free GPUs
 * force. The fewest NUMA nodes that can hold {@code k} GPUs is found exactly by taking the NUMA nodes with
 * the most free GPUs first. GPUs whose NUMA affinity is unknown (or spans several) make the node unjudged.
 */
final class NumaSplitCheck implements PlacementCheck {

    @Override
    public List<Violation> check(CheckContext c) {
        List<Violation> out = new ArrayList<>();
        for (HostAllocation a : c.knownAllocations()) {
            NodeTopology node = c.cluster.node(a.host());
            List<Gpu> chosen = a.gpus().stream().map(node::gpu).flatMap(Optional::stream).toList();
            if (chosen.size() < 2 || chosen.size() != a.gpus().size() || chosen.stream().anyMatch(g -> g.numa() < 0)) {
                continue;
            }
            TreeSet<Integer> used = new TreeSet<>();
            chosen.forEach(g -> used.add(g.numa()));
            if (used.size() < 2) {
                continue;
            }
            Map<Integer, List<Integer>> freeByNuma = new TreeMap<>();
            for (int i : c.state.freeGpus(a.host())) {
                node.gpu(i).filter(g -> g.numa() >= 0)
                        .ifPresent(g -> freeByNuma.computeIfAbsent(g.numa(), k -> new ArrayList<>()).add(i));
            }
            List<Map.Entry<Integer, List<Integer>>> largest = new ArrayList<>(freeByNuma.entrySet());
            largest.sort((x, y) -> Integer.compare(y.getValue().size(), x.getValue().size()));
            int held = 0;
            List<String> enough = new ArrayList<>();
            for (Map.Entry<Integer, List<Integer>> e : largest) {
                if (held >= chosen.size()) {
                    break;
                }
                held += e.getValue().size();
                enough.add("NUMA node " + e.getKey() + " (free " + Elements.gpus(e.getValue()) + ")");
            }
            if (held >= chosen.size() && enough.size() < used.size()) {
                out.add(Violation.of(ViolationCode.GPU_NUMA_SPLIT, Severity.WARNING,
                        Elements.gpuElements(a.host(), a.gpus()),
                        a.host() + " " + Elements.gpus(a.gpus()) + " sit on NUMA nodes "
                                + Elements.and(used.stream().map(String::valueOf).toList()) + ", while "
                                + Elements.and(enough) + " could hold all " + chosen.size()));
            }
        }
        return out;
    }
}
