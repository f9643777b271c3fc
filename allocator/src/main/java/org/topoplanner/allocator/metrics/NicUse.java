package org.topoplanner.allocator.metrics;

import org.topoplanner.model.node.LinkKind;

/**
 * The NIC one GPU's rank sends through, and how far it sits from the GPU.
 *
 * @param gpu      GPU index
 * @param nic      NIC id ({@code NIC0}); {@code null} when the node has no NIC
 * @param path     path class GPU to NIC; {@code null} when the node does not say
 * @param assigned true when the placement chose the NIC; false when it is the nearest one (what NCCL
 *                 picks by itself)
 */
public record NicUse(int gpu, String nic, LinkKind path, boolean assigned) {
    /** GPUDirect RDMA at full rate needs the NIC under the GPU's PCIe switch tree (PIX or PXB). */
    public boolean local() {
        return path == LinkKind.PIX || path == LinkKind.PXB;
    }
}
