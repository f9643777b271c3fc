#!/usr/bin/env python3
"""Writes the hand-made DRA sample (see README.md); run here, output checked in.

Two HGX H100 nodes as NVIDIA's GPU DRA driver (gpu.nvidia.com) and a NIC DRA driver (dranet,
dra.net) publish them: 8 GPUs and 8 RDMA NICs, GPU i and NIC i under the same PCIe root (as on a
DGX H100, where each GPU shares a PCIe switch with one ConnectX-7), plus a management NIC. On node02
the NIC beside GPU 3 is missing (a failed card), so GPU 3 has no NIC on its root there.
"""
ROOTS = ["pci0000:15", "pci0000:37", "pci0000:48", "pci0000:59", "pci0000:97", "pci0000:a7", "pci0000:b8", "pci0000:c9"]
GPU_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
NIC_BUS = ["1a", "3c", "4d", "5e", "9c", "ad", "bc", "dc"]


def gpu_slice(node, k):
    out = ["apiVersion: resource.k8s.io/v1", "kind: ResourceSlice", "metadata:",
           "  name: %s-gpu.nvidia.com-%s" % (node, k), "spec:", "  driver: gpu.nvidia.com",
           "  nodeName: %s" % node, "  pool:", "    name: %s" % node, "    generation: 1",
           "    resourceSliceCount: 1", "  devices:"]
    for i in range(8):
        out += ["  - name: gpu-%d" % i, "    attributes:",
                "      architecture:", "        string: Hopper",
                "      brand:", "        string: Nvidia",
                "      cudaComputeCapability:", "        version: 9.0.0",
                "      driverVersion:", "        version: 570.124.6",
                "      index:", "        int: %d" % i,
                "      minor:", "        int: %d" % i,
                "      productName:", "        string: NVIDIA H100 80GB HBM3",
                "      type:", "        string: gpu",
                "      uuid:", "        string: GPU-%s-4a1c-%04x-9e57-%012x" % (k, i, 0x1000 + i),
                "      pcieBusID:", "        string: \"0000:%s:00.0\"" % GPU_BUS[i],
                "      resource.kubernetes.io/pcieRoot:", "        string: %s" % ROOTS[i],
                "    capacity:", "      memory:", "        value: 80Gi"]
    return "\n".join(out) + "\n"


def nic_slice(node, missing):
    out = ["apiVersion: resource.k8s.io/v1", "kind: ResourceSlice", "metadata:",
           "  name: %s-dra.net-x7k2p" % node, "spec:", "  driver: dra.net", "  nodeName: %s" % node,
           "  pool:", "    name: %s" % node, "    generation: 3", "    resourceSliceCount: 1", "  devices:"]
    out += ["  - name: pci-0000-c2-00-0", "    attributes:", "      dra.net/ifName:", "        string: eno1",
            "      dra.net/rdma:", "        bool: false", "      dra.net/virtual:", "        bool: false",
            "      resource.kubernetes.io/pcieRoot:", "        string: pci0000:c0"]
    for i in range(8):
        if i in missing:
            continue
        out += ["  - name: pci-0000-%s-00-0" % NIC_BUS[i], "    attributes:",
                "      dra.net/ifName:", "        string: ibp%ss0" % int(NIC_BUS[i], 16),
                "      dra.net/rdma:", "        bool: true",
                "      dra.net/virtual:", "        bool: false",
                "      dra.net/pciVendor:", "        string: Mellanox Technologies",
                "      dra.net/numaNode:", "        int: %d" % (0 if i < 4 else 1),
                "      resource.kubernetes.io/pcieRoot:", "        string: %s" % ROOTS[i]]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    docs = [gpu_slice("node01", "7fq2d"), nic_slice("node01", []), gpu_slice("node02", "m2x9c"), nic_slice("node02", [3])]
    open("h100-resourceslices.yaml", "w").write("---\n".join(docs))
