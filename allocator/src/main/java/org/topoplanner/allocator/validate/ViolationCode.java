package org.topoplanner.allocator.validate;

/** The stable codes of {@link Violation}, with what each means. Codes are never renamed, only added. */
public enum ViolationCode {
    /** A GPU, core or whole node given twice: to this job and a running one, an exclusive hold, or twice here. */
    RESOURCE_OVERCOMMIT,
    /** More leaves than {@code --switches=N} allows; Slurm holds the job until the wait time passes. */
    SWITCH_LIMIT,
    /** Spans a switch tier above the allowed one (Volcano {@code highestTierAllowed}, Kueue required level). */
    TIER_LIMIT,
    /** Uses more tier-2 or higher switches than the free resources make necessary. */
    CROSS_SPINE,
    /** Uses more leaves than the free resources make necessary. */
    CROSS_LEAF,
    /** A node's GPUs on several NUMA nodes when its free GPUs on one NUMA node could hold them. */
    GPU_NUMA_SPLIT,
    /** A node's GPUs cannot form an NVLink ring while free GPUs of the same count could. */
    GPU_LINK_WEAK,
    /** Cores on another socket than the job's GPUs (or GPUs with no core on their socket). */
    CPU_NOT_LOCAL,
    /** A GPU's NIC is farther from it than a NIC of the node that is under its PCIe switch tree. */
    NIC_NOT_LOCAL,
    /** The kubelet's Topology Manager would reject the pod on the node (from an admission result). */
    TOPOLOGY_MANAGER_REJECT,
    /** Fewer nodes or GPUs placed than the request asks for: part of a gang. */
    GANG_INCOMPLETE,
    /** A host no switch reaches, or hosts that share no switch. */
    UNREACHABLE_NODE,
    /** More nodes than the request allows. */
    NODE_COUNT,
    /** More GPUs than the request asks for (per node or per job). */
    GPU_COUNT,
    /** Fewer CPUs on a node than the request needs there ({@code --cpus-per-gpu}, tasks x CPUs per task). */
    CPU_COUNT,
    /** GPUs of another type than the request's ({@code --gpus-per-node=h100:8}). */
    GPU_TYPE,
    /** A host the cluster does not have. */
    UNKNOWN_HOST,
    /** A GPU index the node does not have. */
    UNKNOWN_GPU,
    /** A CPU id the node does not have. */
    UNKNOWN_CPU,
    /** A NIC id the node does not have, or a NIC given to a GPU the host allocation does not hold. */
    UNKNOWN_NIC,
    /** The same host listed twice in one placement. */
    DUPLICATE_HOST,
    /** A host of the request's {@code --nodelist} missing from the placement. */
    NODELIST_VIOLATED,
    /** A host of the request's {@code --exclude} used. */
    EXCLUDED_NODE
}
