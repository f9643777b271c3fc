package org.topoplanner.app.desktop.dnd;

import java.util.List;
import java.util.Set;
import org.topoplanner.app.desktop.node.layout.NodeBox;
import org.topoplanner.app.plan.DropTarget;

/**
 * What a drop in the node view means, from the boxes under the pointer (outermost first): on a GPU the
 * GPU (or the selected GPUs when the pointer is on one of them), inside a NUMA node that NUMA node,
 * inside a package that socket, anywhere else the host. The innermost of these wins, so a core or a
 * PCIe switch stands for the NUMA node that holds it.
 */
final class NodeDropTargets {
    private NodeDropTargets() {
    }

    static DropTarget at(String host, List<NodeBox> boxesOutermostFirst, Set<Integer> selectedGpus) {
        for (int i = boxesOutermostFirst.size() - 1; i >= 0; i--) {
            NodeBox b = boxesOutermostFirst.get(i);
            switch (b.kind()) {
                case GPU -> {
                    List<Integer> gpus = selectedGpus.contains(b.gpu())
                            ? selectedGpus.stream().sorted().toList() : List.of(b.gpu());
                    return new DropTarget.OnGpus(host, gpus);
                }
                case NUMA -> {
                    if (trailingNumber(b.id()) >= 0) {
                        return new DropTarget.OnNuma(host, trailingNumber(b.id()));
                    }
                }
                case PACKAGE -> {
                    if (trailingNumber(b.id()) >= 0) {
                        return new DropTarget.OnSocket(host, trailingNumber(b.id()));
                    }
                }
                default -> {
                    // a core, a bridge, a NIC: the NUMA node or package around it decides
                }
            }
        }
        return new DropTarget.OnHost(host);
    }

    /** {@code numa1} → 1, {@code package0} → 0 (the ids {@link NodeBox} documents); -1 without a number. */
    private static int trailingNumber(String id) {
        int at = id.length();
        while (at > 0 && Character.isDigit(id.charAt(at - 1))) {
            at--;
        }
        return at == id.length() ? -1 : Integer.parseInt(id.substring(at));
    }
}
