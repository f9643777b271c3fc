package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;

/**
 * The GPUs and cores of one host that a drop inside it confines the job's share to, named the way the
 * status bar says it ({@code NUMA node 1 of node01}).
 *
 * <p>GPUs pointed at grow to the job's need the way {@link GpuSlide} moves a block: first the free GPUs
 * of the block that starts at the pointed one (slid back when it would run past the last GPU), then
 * the free ones nearest the pointed one. So a 4-GPU job dropped on GPU 4 of an idle 8-GPU node lands
 * on 4–7, the block a reader expects; on GPU 6 also on 4–7; with 6 and 7 taken on 2–5. A NUMA node or a socket gives its attached
 * GPUs and its own cores: nothing is grown beyond what the user pointed at.
 *
 * @param host  the host
 * @param name  what the status bar calls the region
 * @param gpus  the GPU indices the share may take, ascending
 * @param cores the core ids the share may take (every core for GPUs pointed at)
 */
record HostRegion(String host, String name, List<Integer> gpus, List<Integer> cores) {
    HostRegion {
        gpus = gpus.stream().sorted().toList();
        cores = List.copyOf(cores);
    }

    /**
     * The region of {@code target} on its host's topology, for a share that needs {@code need} GPUs
     * there, given the host's {@code free} GPUs.
     */
    static HostRegion of(DropTarget.WithinHost target, NodeTopology node, List<Integer> free, int need) {
        List<Integer> allCores = node.coreList().stream().map(Core::id).toList();
        if (target instanceof DropTarget.OnNuma n) {
            return new HostRegion(n.host(), "NUMA node " + n.numa() + " of " + n.host(),
                    node.gpus().stream().filter(g -> g.numaNodes().contains(n.numa())).map(Gpu::index).toList(),
                    node.coresOfNuma(n.numa()).stream().map(Core::id).toList());
        }
        if (target instanceof DropTarget.OnSocket s) {
            return new HostRegion(s.host(), "socket " + s.socket() + " of " + s.host(),
                    node.gpus().stream().filter(g -> g.numaNodes().stream()
                            .anyMatch(numa -> node.socketOfNuma(numa) == s.socket())).map(Gpu::index).toList(),
                    node.coresOfSocket(s.socket()).stream().map(Core::id).toList());
        }
        DropTarget.OnGpus g = (DropTarget.OnGpus) target;
        String gpus = String.join(",", g.gpus().stream().map(String::valueOf).toList());
        return new HostRegion(g.host(), (g.gpus().size() == 1 ? "GPU " : "GPUs ") + gpus + " of " + g.host(),
                grown(node, g.gpus(), free, need), allCores);
    }

    /** The pointed GPUs plus the free ones nearest them in node order until {@code need} are in. */
    private static List<Integer> grown(NodeTopology node, List<Integer> pointed, List<Integer> free, int need) {
        List<Integer> order = node.gpus().stream().map(Gpu::index).sorted().toList();
        List<Integer> out = new ArrayList<>(pointed);
        if (out.size() >= need || pointed.isEmpty()) {
            return out;
        }
        int anchor = order.indexOf(pointed.get(0));
        int start = Math.max(0, Math.min(anchor, order.size() - need));
        Comparator<Integer> blockFirst = Comparator.comparing((Integer g) -> {
            int at = order.indexOf(g);
            return at < start || at >= start + need;
        });
        order.stream()
                .filter(g -> free.contains(g) && !pointed.contains(g))
                .sorted(blockFirst.thenComparingInt((Integer g) -> Math.abs(order.indexOf(g) - anchor))
                        .thenComparing(Comparator.reverseOrder()))
                .limit(need - out.size())
                .forEach(out::add);
        return out;
    }

    /** How many of the region's GPUs are among {@code free}. */
    int freeGpus(List<Integer> free) {
        return (int) gpus.stream().filter(free::contains).count();
    }
}
