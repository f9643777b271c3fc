package org.topoplanner.importers.merge;

import org.topoplanner.importers.Format;

/**
 * How much a format knows, so the richer source wins. Inside a node: hwloc sees cores, NUMA nodes,
 * the PCIe tree and devices; {@code nvidia-smi topo} sees every device pair's class and affinity;
 * Slurm's files know counts, GPU files, core affinity and NVLink weights. For the fabric:
 * {@code ibnetdiscover} sees every cable and port; {@code topology.conf} only says who is under whom.
 */
final class SourceRank {
    private SourceRank() {
    }

    static int inside(Format f) {
        return switch (f) {
            case HWLOC_XML -> 3;
            case NVIDIA_SMI_TOPO, NVIDIA_SMI_P2P -> 2;
            case SLURMD_G, SLURM_GRES, SLURM_CONF, PROJECT -> 1;
            default -> 0;
        };
    }

    static int fabric(Format f) {
        return switch (f) {
            case PROJECT -> 3;
            case IBNETDISCOVER, IBNETDISCOVER_PORTS, IBLINKINFO, LLDPCTL_JSON, LLDPCTL_KEYVALUE, SWITCH_LLDP_TABLE -> 2;
            case SLURM_TOPOLOGY, SLURM_TOPOLOGY_YAML, SLURM_CONF -> 1;
            default -> 0;
        };
    }

    /** Slurm sources assume one NUMA node per socket; their NUMA count is no evidence. */
    static boolean knowsNuma(Format f) {
        return f == Format.HWLOC_XML || f == Format.NVIDIA_SMI_TOPO || f == Format.NVIDIA_SMI_P2P
                || f == Format.PROJECT;
    }

    /**
     * Kubernetes views of the fabric (labels, HyperNodes): a strict tree, one parent per switch, so a
     * fat tree's spines under which no switch is listed first cannot appear in them.
     */
    static boolean isOneParentTree(Format f) {
        return f == Format.VOLCANO_HYPERNODES || f == Format.NODE_LABELS || f == Format.KUBERNETES_NODES
                || f == Format.KUBECTL_DESCRIBE;
    }

    /** Sources whose tree says one leaf per host, so a host under two leaves is a configuration fault. */
    static boolean isSlurmTree(Format f) {
        return f == Format.SLURM_TOPOLOGY || f == Format.SLURM_TOPOLOGY_YAML || f == Format.SLURM_CONF;
    }
}
