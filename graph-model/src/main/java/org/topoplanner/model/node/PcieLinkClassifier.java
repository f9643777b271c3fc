package org.topoplanner.model.node;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Derives the {@code nvidia-smi topo} path class of two devices from the PCIe tree, as the driver
 * does: the same PCIe switch is {@code PIX}, a common switch higher up is {@code PXB}, a common host
 * bridge is {@code PHB}, different host bridges in one NUMA node are {@code NODE}, and different NUMA
 * nodes are {@code SYS}. NVLink is not visible here; callers add it on top.
 */
public final class PcieLinkClassifier {
    private final Map<String, PciNode> pci = new HashMap<>();

    public PcieLinkClassifier(List<PciNode> pciTree) {
        for (PciNode p : pciTree) {
            pci.put(p.id(), p);
        }
    }

    /**
     * Classifies the path between devices whose PCIe parents and NUMA nodes are given; empty when
     * neither the tree nor the NUMA nodes say enough.
     */
    public Optional<LinkKind> classify(String parentA, int numaA, String parentB, int numaB) {
        List<PciNode> pathA = ancestors(parentA);
        List<PciNode> pathB = ancestors(parentB);
        if (!pathA.isEmpty() && !pathB.isEmpty()) {
            for (PciNode a : pathA) {
                if (pathB.contains(a)) {
                    if (a.kind() == PciKind.HOST_BRIDGE) {
                        return Optional.of(LinkKind.PHB);
                    }
                    boolean sameSwitch = a.id().equals(parentA) && a.id().equals(parentB);
                    return Optional.of(sameSwitch ? LinkKind.PIX : LinkKind.PXB);
                }
            }
            int na = pathA.get(pathA.size() - 1).numa();
            int nb = pathB.get(pathB.size() - 1).numa();
            return Optional.of(na == nb ? LinkKind.NODE : LinkKind.SYS);
        }
        if (numaA >= 0 && numaB >= 0) {
            return Optional.of(numaA == numaB ? LinkKind.NODE : LinkKind.SYS);
        }
        return Optional.empty();
    }

    /** The element itself, then each one above it, up to the host bridge. */
    private List<PciNode> ancestors(String id) {
        List<PciNode> out = new ArrayList<>();
        PciNode p = id == null ? null : pci.get(id);
        while (p != null && out.size() <= pci.size()) {
            out.add(p);
            p = p.parent() == null ? null : pci.get(p.parent());
        }
        return out;
    }
}
