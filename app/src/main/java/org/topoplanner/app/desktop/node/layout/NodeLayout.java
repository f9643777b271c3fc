package org.topoplanner.app.desktop.node.layout;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.topoplanner.model.node.NodeTopology;

/**
 * The inside of a node as lstopo draws it: the machine holding packages (sockets) holding NUMA
 * nodes holding cores, with each NUMA node's PCIe trees (host bridges and switches as boxes
 * marked by a small bridge square) holding its GPUs and NICs; NVLink as a fabric bar or brackets.
 * Pure geometry, no toolkit: the view scales it to its size.
 */
public final class NodeLayout {
    private final NodeBox machine;
    private final NvlinkDrawing nvlink;
    private final double width;
    private final double height;
    private final boolean folded;
    private final List<NodeBox> all = new ArrayList<>();

    NodeLayout(NodeBox machine, NvlinkDrawing nvlink, double width, double height, boolean folded) {
        this.machine = machine;
        this.nvlink = nvlink;
        this.width = width;
        this.height = height;
        this.folded = folded;
        machine.walk(all::add);
    }

    /** Every core its own box. */
    public static NodeLayout compute(NodeTopology topology) {
        return compute(topology, false, c -> null);
    }

    /**
     * @param fold    fold the cores of each NUMA node into ranges of cores held by the same job
     *                (for small views: "Cores 0-55" instead of 56 boxes)
     * @param coreJob the job holding a core id, or {@code null}; only used to split folded ranges
     */
    public static NodeLayout compute(NodeTopology topology, boolean fold, IntFunction<String> coreJob) {
        return new NodeLayoutComputation(topology, fold, coreJob).run();
    }

    public NodeBox machine() {
        return machine;
    }

    public NvlinkDrawing nvlink() {
        return nvlink;
    }

    public double width() {
        return width;
    }

    public double height() {
        return height;
    }

    public boolean folded() {
        return folded;
    }

    /** Every box, parents before children. */
    public List<NodeBox> boxes() {
        return all;
    }

    public List<NodeBox> boxesOf(NodeBox.Kind kind) {
        return all.stream().filter(b -> b.kind() == kind).toList();
    }

    /** The box with this id, if drawn. */
    public java.util.Optional<NodeBox> box(String id) {
        return all.stream().filter(b -> b.id().equals(id)).findFirst();
    }

    /** The GPU index whose box holds the layout point, or -1. */
    public int gpuAt(double x, double y) {
        for (NodeBox b : all) {
            if (b.kind() == NodeBox.Kind.GPU && b.contains(x, y)) {
                return b.gpu();
            }
        }
        return -1;
    }

    /** Every box holding the layout point, outermost first (the machine, a package, a NUMA node, ...). */
    public List<NodeBox> boxesAt(double x, double y) {
        return all.stream().filter(b -> b.contains(x, y)).toList();
    }

    /** The innermost box holding the layout point, or {@code null}. */
    public NodeBox boxAt(double x, double y) {
        NodeBox hit = null;
        for (NodeBox b : all) {
            if (b.contains(x, y)) {
                hit = b;
            }
        }
        return hit;
    }
}
