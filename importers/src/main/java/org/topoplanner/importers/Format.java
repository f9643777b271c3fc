package org.topoplanner.importers;

import java.util.Arrays;
import java.util.Optional;

/** Every input format, with the name used by {@code --format} and in {@code inspect --json} sources. */
public enum Format {
    NVIDIA_SMI_TOPO("nvidia-smi-topo"),
    NVIDIA_SMI_P2P("nvidia-smi-p2p"),
    /** {@code nvidia-smi -q} (whole, or grepped for its Fabric lines), of one host or of many with pdsh's prefix. */
    NVIDIA_SMI_QUERY("nvidia-smi-q"),
    IBNETDISCOVER("ibnetdiscover"),
    IBNETDISCOVER_PORTS("ibnetdiscover-p"),
    IBLINKINFO("iblinkinfo"),
    /** {@code lldpctl -f json} (or {@code json0}) neighbours of one host or switch, or of many with pdsh's prefix. */
    LLDPCTL_JSON("lldpctl-json"),
    /** {@code lldpctl -f keyvalue} neighbours ({@code lldp.eth0.chassis.name=leaf01}), pdsh prefixes allowed. */
    LLDPCTL_KEYVALUE("lldpctl-keyvalue"),
    /** A switch's LLDP neighbour table: Cumulus NVUE, SONiC {@code show lldp table}, Arista EOS {@code show lldp neighbors}. */
    SWITCH_LLDP_TABLE("switch-lldp-table"),
    SLURM_TOPOLOGY("slurm-topology"),
    SLURM_TOPOLOGY_YAML("slurm-topology-yaml"),
    SLURM_GRES("slurm-gres"),
    SLURM_CONF("slurm-conf"),
    SLURMD_G("slurmd-g"),
    HWLOC_XML("hwloc-xml"),
    VOLCANO_HYPERNODES("volcano-hypernodes"),
    KUEUE_TOPOLOGY("kueue-topology"),
    KUBERNETES_NODES("kubernetes-nodes"),
    NODE_LABELS("node-labels"),
    KUBECTL_DESCRIBE("kubectl-describe"),
    /** NVIDIA Topograph simulation models ({@code tests/models/*.yaml}): switches and capacity blocks. */
    TOPOGRAPH_MODEL("topograph-model"),
    PROJECT("project"),
    /** Kubernetes DRA documents: ResourceSlices, ResourceClaims/Templates, DeviceClasses, NVIDIA ComputeDomains. */
    DRA_OBJECTS("dra"),
    /** A kubelet {@code KubeletConfiguration}: recognised, its Topology/CPU/Memory Manager settings reported. */
    KUBELET_CONFIG("kubelet-config"),
    /** Kubernetes workloads (Volcano {@code Job}, {@code batch/v1 Job}, {@code JobSet}): recognised and summarised. */
    K8S_WORKLOAD("k8s-workload"),
    /** A batch script with {@code #SBATCH} lines: recognised, its job options reported. */
    SBATCH_SCRIPT("sbatch-script"),
    /** The {@code MANIFEST.txt} of an export bundle: recognised, what it lists reported. */
    EXPORT_MANIFEST("export-manifest");

    private final String id;

    Format(String id) {
        this.id = id;
    }

    /** The name on the command line and in JSON. */
    public String id() {
        return id;
    }

    public static Optional<Format> fromId(String id) {
        return Arrays.stream(values()).filter(f -> f.id.equals(id)).findFirst();
    }
}
