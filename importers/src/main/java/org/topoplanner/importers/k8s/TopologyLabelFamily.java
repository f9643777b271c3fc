package org.topoplanner.importers.k8s;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The node-label families that say where a node sits in the network, each with its levels from the
 * widest domain down to the one closest to the node, and where that order is documented.
 *
 * <ul>
 * <li>{@link #KUBERNETES}: {@code topology.kubernetes.io/region} holds zones (kubernetes.io,
 *     "Well-Known Labels, Annotations and Taints"). Read above every network family.</li>
 * <li>{@link #GKE}: {@code cloud.google.com/gce-topology-block} holds sub-blocks
 *     ({@code gce-topology-subblock}), which hold hosts (Google Cloud, "Schedule GKE workloads with
 *     Topology Aware Scheduling"; Compute API {@code ResourceStatusPhysicalHostTopology}: "instances in
 *     the same sub-block experience lower network latency than instances in the same block").
 *     {@code gce-topology-host} names the physical machine, not a network domain, so it is kept as a
 *     label but is no tier.</li>
 * <li>{@link #AWS}: {@code topology.k8s.aws/network-node-layer-1} is the top of the hierarchy, layer-3
 *     the bottom on most instance types and layer-4 the bottom on four-layer types (Amazon EKS user
 *     guide, "Place distributed AI/ML workloads with network topology labels"; EC2 "How Amazon EC2
 *     topology works").</li>
 * <li>{@link #TOPOGRAPH}: NVIDIA Topograph's Kubernetes labels, top-down {@code core} (older releases:
 *     {@code datacenter}), {@code spine}, {@code leaf} (older: {@code block}, "the switches directly
 *     connected to compute nodes") under {@code network.topology.nvidia.com/} (docs.nvidia.com/topograph,
 *     "Topograph in Kubernetes").</li>
 * <li>{@link #TOPOGRAPH_LEVEL}, {@link #TOPOGRAPH_TIER}: Topograph's numbered keys,
 *     {@code network.topology.nvidia.com/level-N} (interim releases) and, from v1.0,
 *     {@code fabric.topograph.run/tier-N}; N = 0 is the switch closest to the node.</li>
 * <li>{@link #OCI}: an OCI HPC island holds network blocks, which hold local blocks
 *     ({@code oci.oraclecloud.com/rdma.hpc_island_id}, {@code rdma.network_block_id},
 *     {@code rdma.local_block_id}; OCI Core API {@code ComputeBareMetalHost} and
 *     {@code ComputeNetworkBlock}, which belongs to a {@code computeHpcIslandId}).</li>
 * <li>{@link #VOLCANO}: the labels of Volcano's HyperNode label discovery, {@code volcano.sh/hypercluster}
 *     above {@code volcano.sh/hypernode}; {@code volcano.sh/tor} is a ToR switch directly above hosts
 *     (https://github.com/volcano-sh/volcano/blob/master/docs/user-guide/how_to_use_hypernode_auto_discovery.md).</li>
 * <li>{@link #TOPOPLANNER}: this planner's own export, {@code topoplanner.org/tier-N} with N = 1 the
 *     leaf, matching the fabric's tiers exactly: the same keys the planner's Kueue levels use, so exported
 *     labels, Topology, annotations and {@code --kueue-required} name one thing one way.
 *     {@link #TOPOPLANNER_OLD} reads the {@code topology.topoplanner.io/tier-N} of earlier exports.</li>
 * </ul>
 *
 * <p>NVLink domains are not switches: {@code nvidia.com/gpu.clique} (GPU Operator,
 * {@code <ClusterUUID>.<CliqueID>}), Topograph's {@code network.topology.nvidia.com/accelerator},
 * {@code accelerator.topograph.run/domain} and {@code accelerated.topology.nvidia.com/level-0} become
 * fabric blocks instead (see {@link #blockKeys()}).
 */
public enum TopologyLabelFamily {
    TOPOPLANNER(numbered("topoplanner.org/tier-", 1)),
    TOPOPLANNER_OLD(numbered("topology.topoplanner.io/tier-", 1)),
    TOPOGRAPH_TIER(numbered("fabric.topograph.run/tier-", 0)),
    TOPOGRAPH_LEVEL(numbered("network.topology.nvidia.com/level-", 0)),
    TOPOGRAPH(List.of("network.topology.nvidia.com/datacenter", "network.topology.nvidia.com/core",
            "network.topology.nvidia.com/spine", "network.topology.nvidia.com/block",
            "network.topology.nvidia.com/leaf")),
    AWS(List.of("topology.k8s.aws/network-node-layer-1", "topology.k8s.aws/network-node-layer-2",
            "topology.k8s.aws/network-node-layer-3", "topology.k8s.aws/network-node-layer-4")),
    GKE(List.of("cloud.google.com/gce-topology-block", "cloud.google.com/gce-topology-subblock")),
    OCI(List.of("oci.oraclecloud.com/rdma.hpc_island_id", "oci.oraclecloud.com/rdma.network_block_id",
            "oci.oraclecloud.com/rdma.local_block_id")),
    VOLCANO(List.of("volcano.sh/hypercluster", "volcano.sh/hypernode", "volcano.sh/tor")),
    KUBERNETES(List.of("topology.kubernetes.io/region", "topology.kubernetes.io/zone"));

    /** Our own tier label prefix; {@code tier-1} is the leaf. */
    public static final String TOPOPLANNER_TIER_PREFIX = "topoplanner.org/tier-";

    /** Our own NVLink block label, written with the tier labels. */
    public static final String TOPOPLANNER_BLOCK = "topoplanner.org/block";

    private static final List<String> BLOCK_KEYS = List.of(TOPOPLANNER_BLOCK, "topology.topoplanner.io/block",
            "nvidia.com/gpu.clique",
            "network.topology.nvidia.com/accelerator", "accelerator.topograph.run/domain",
            "accelerated.topology.nvidia.com/level-0");

    private final List<String> keysTopDown;
    private final Pattern numberedKey;
    private final int firstNumber;

    TopologyLabelFamily(List<String> keysTopDown) {
        this.keysTopDown = keysTopDown;
        this.numberedKey = null;
        this.firstNumber = 0;
    }

    TopologyLabelFamily(Numbered numbered) {
        this.keysTopDown = List.of();
        this.numberedKey = Pattern.compile(Pattern.quote(numbered.prefix) + "(\\d{1,2})");
        this.firstNumber = numbered.first;
    }

    private record Numbered(String prefix, int first) {
    }

    private static Numbered numbered(String prefix, int first) {
        return new Numbered(prefix, first);
    }

    /** Named keys from the widest domain down; empty for the numbered families. */
    public List<String> keysTopDown() {
        return keysTopDown;
    }

    /** True for the Kubernetes region/zone family, which sits above whatever network family a node has. */
    public boolean isLocation() {
        return this == KUBERNETES;
    }

    /** Label keys whose value names an NVLink domain (read as a fabric block, not a switch). */
    public static List<String> blockKeys() {
        return BLOCK_KEYS;
    }

    /**
     * The level a label key stands for, if it belongs to a family. {@code height} counts from the
     * level closest to the node (0) upwards; {@code fixedTier} is set only where the key itself
     * states the fabric tier (our own labels).
     */
    public static Optional<Level> levelOf(String key) {
        for (TopologyLabelFamily f : values()) {
            if (f.numberedKey != null) {
                Matcher m = f.numberedKey.matcher(key);
                if (m.matches()) {
                    int n = Integer.parseInt(m.group(1));
                    if (n < f.firstNumber) {
                        continue;
                    }
                    int height = n - f.firstNumber;
                    return Optional.of(new Level(key, f, height, f == TOPOPLANNER || f == TOPOPLANNER_OLD ? n : null));
                }
            } else {
                int i = f.keysTopDown.indexOf(key);
                if (i >= 0) {
                    return Optional.of(new Level(key, f, f.keysTopDown.size() - 1 - i, null));
                }
            }
        }
        return Optional.empty();
    }

    /** One topology level key of a family. */
    public record Level(String key, TopologyLabelFamily family, int height, Integer fixedTier) {
        /** The key without its prefix ({@code zone}, {@code rdma.local_block_id}), for qualified names. */
        public String shortName() {
            int slash = key.indexOf('/');
            return slash < 0 ? key : key.substring(slash + 1);
        }
    }
}
