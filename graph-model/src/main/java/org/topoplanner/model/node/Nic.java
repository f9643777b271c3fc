package org.topoplanner.model.node;

import java.util.List;
import java.util.Objects;

/**
 * A network adapter port as RDMA sees it.
 *
 * @param id        the device id used in link lists ({@code NIC0})
 * @param device    the RDMA device name ({@code mlx5_0}, {@code mlx5_bond_0}) when known
 * @param numaNodes the NUMA nodes it is affine to (empty when unknown)
 * @param pciParent the id of its PCIe switch or host bridge, {@code null} when unknown
 * @param busId     PCI bus id when known
 * @param netdev    the network interface ({@code ib0}, {@code eth2}) when known
 */
public record Nic(String id, String device, List<Integer> numaNodes, String pciParent, String busId, String netdev) {
    public Nic {
        Objects.requireNonNull(id, "id");
        numaNodes = List.copyOf(numaNodes);
    }

    public static Nic simple(int index, String device, int numa, String pciParent) {
        return new Nic("NIC" + index, device, List.of(numa), pciParent, null, null);
    }

    public int numa() {
        return numaNodes.size() == 1 ? numaNodes.get(0) : -1;
    }
}
