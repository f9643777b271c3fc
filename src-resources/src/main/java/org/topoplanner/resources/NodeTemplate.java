package org.topoplanner.resources;

/** The shipped node templates: real machine shapes to design clusters with. */
public enum NodeTemplate {
    /** HGX/DGX H100: 2 x 56 cores, 8 H100 SXM with NV18 all-to-all over 4 NVSwitches, 8 NDR NICs each on its GPU's PCIe switch. */
    HGX_H100_SXM("hgx-h100-sxm", "HGX H100 8-GPU (NVSwitch, NV18)"),
    /** HGX/DGX A100: 2 x EPYC 7742 in NPS4 (8 NUMA nodes), 8 A100 SXM4 with NV12 all-to-all, a NIC per GPU. */
    HGX_A100_SXM4("hgx-a100-sxm4", "HGX A100 8-GPU (NVSwitch, NV12)"),
    /** 8 PCIe GPUs, two per PCIe switch, NVLink bridges in pairs (NV4), one NIC per socket. */
    PCIE_8GPU_NVLINK_PAIRS("pcie-8gpu-nvlink-pairs", "8-GPU PCIe server (NVLink bridge pairs)"),
    /** A one-socket workstation with 4 GPUs, bridges between 0-1 and 2-3, one NIC. */
    WORKSTATION_4GPU("workstation-4gpu", "4-GPU workstation"),
    /** The example cluster's node: 2 x 16 cores, GPUs 0-3 (NV4) on socket 0, 4-7 on socket 1, a NIC per GPU pair. */
    EXAMPLE_2S16C_8GPU("example-2s16c-8gpu", "Example node (2 x 16 cores, 8 GPUs)"),
    /**
     * A GB200 NVL72 compute tray: 2 Grace (72 cores each), 4 B200 with NV18 to each other over the rack's
     * NVSwitch trays, 4 ConnectX-7 NICs; 18 of them form one multi-node NVLink domain (sources in its notes).
     */
    GB200_NVL72_TRAY("gb200-nvl72-tray", "GB200 NVL72 compute tray (4 GPUs, rack NVLink domain)"),
    /** A GB300 NVL72 compute tray: 2 Grace, 4 Blackwell Ultra GPUs, 4 ConnectX-8 SuperNICs (sources in its notes). */
    GB300_NVL72_TRAY("gb300-nvl72-tray", "GB300 NVL72 compute tray (4 GPUs, rack NVLink domain)");

    private final String id;
    private final String title;

    NodeTemplate(String id, String title) {
        this.id = id;
        this.title = title;
    }

    public String id() {
        return id;
    }

    public String title() {
        return title;
    }
}
