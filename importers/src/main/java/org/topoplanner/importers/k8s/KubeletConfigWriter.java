package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.importers.FormatWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NumaNode;

/**
 * Writes a kubelet {@code KubeletConfiguration} ({@code kubelet.config.k8s.io/v1beta1}) that lets the
 * Topology, CPU and Memory Managers align GPUs, NICs, CPUs and memory as the planner assumes. One
 * configuration per group of nodes with the same inside; several groups give several documents, each
 * headed by the nodes it is for (a kubelet reads one, so {@link #check} warns that the file must be split).
 *
 * <p>The choices, from each node's topology:
 * <ul>
 *   <li>{@code topologyManagerPolicy}: {@code single-numa-node} when every GPU has a NIC and cores on its
 *       own NUMA node and all GPUs share one NUMA node; {@code restricted} when every GPU has a local NIC
 *       and cores but the GPUs span several NUMA nodes, because single-numa-node would reject every pod
 *       whose GPUs cannot come from one NUMA node (an 8-GPU pod on a two-socket HGX), while restricted
 *       admits a pod on the fewest NUMA nodes that can hold it and rejects worse; {@code best-effort}
 *       otherwise (no local NIC, unknown affinity, no GPUs): it aligns when it can and never rejects.
 *       Scope {@code pod}, so that all containers of a rank's pod align together.</li>
 *   <li>{@code cpuManagerPolicy: static} (exclusive CPUs for Guaranteed pods), with
 *       {@code full-pcpus-only} on SMT nodes so that a pod never shares a core's threads;
 *       {@code reservedSystemCPUs}: the first core of every socket, all its threads, which the static policy
 *       requires (a non-zero reservation).</li>
 *   <li>{@code memoryManagerPolicy: Static} with {@code systemReserved.memory: 1Gi}, the default hard
 *       eviction threshold {@code memory.available: 100Mi} spelled out, and {@code reservedMemory} on the
 *       first NUMA node adding up to exactly their sum (1124Mi), as the kubelet demands; {@code None} when
 *       the NUMA nodes are unknown.</li>
 *   <li>{@code topologyManagerPolicyOptions}: {@code prefer-closest-numa-nodes} above two NUMA nodes, and
 *       {@code max-allowable-numa-nodes} above eight (the managers refuse to run beyond eight otherwise).</li>
 * </ul>
 */
public final class KubeletConfigWriter implements FormatWriter {
    static final String API_VERSION = "kubelet.config.k8s.io/v1beta1";
    static final String SYSTEM_RESERVED = "1Gi";
    static final String EVICTION = "100Mi";
    static final String RESERVED_TOTAL = "1124Mi";

    /** Nodes sharing one configuration, and its text. */
    public record NodeGroup(List<String> hosts, String text) {
        public NodeGroup {
            hosts = List.copyOf(hosts);
        }
    }

    @Override
    public String target() {
        return "kubelet-config";
    }

    public List<NodeGroup> groups(Cluster cluster) {
        return groups(cluster, null, null);
    }

    /**
     * The node groups with the Topology Manager {@code policy} and {@code scope} the jobs were validated
     * under, or (both {@code null}) this writer's recommendation per node.
     */
    public List<NodeGroup> groups(Cluster cluster, TopologyManagerPolicy policy, TopologyManagerScope scope) {
        Map<String, List<String>> byText = new LinkedHashMap<>();
        for (String host : cluster.hostNames()) {
            byText.computeIfAbsent(config(cluster.node(host), policy, scope), k -> new ArrayList<>()).add(host);
        }
        List<NodeGroup> out = new ArrayList<>();
        byText.forEach((text, hosts) -> out.add(new NodeGroup(hosts, text)));
        return out;
    }

    @Override
    public String write(Cluster cluster) {
        List<NodeGroup> groups = groups(cluster);
        StringBuilder b = new StringBuilder();
        for (NodeGroup g : groups) {
            if (groups.size() > 1) {
                b.append("---\n");
            }
            b.append("# KubeletConfiguration for ").append(Hostlist.compress(g.hosts())).append(" of cluster ")
                    .append(cluster.name()).append(", written by TopoPlanner\n").append(g.text());
        }
        return b.toString();
    }

    @Override
    public List<Diagnostic> check(Cluster cluster) {
        List<Diagnostic> out = new ArrayList<>();
        List<NodeGroup> groups = groups(cluster);
        if (groups.size() > 1) {
            out.add(Diagnostic.warning("", 0, 0, "the nodes need " + groups.size() + " different kubelet configurations;"
                    + " a kubelet reads one document, so give each node group its own file"));
        }
        for (NodeGroup g : groups) {
            NodeTopology node = cluster.node(g.hosts().get(0));
            if (node.numa().isEmpty()) {
                out.add(Diagnostic.info("", 0, 0, "NUMA layout of " + Hostlist.compress(g.hosts()) + " is unknown:"
                        + " best-effort topology policy, no memory manager"));
            }
        }
        return out;
    }

    /** The policy for one node, as the class comment explains. */
    public static TopologyManagerPolicy topologyPolicy(NodeTopology node) {
        if (node.gpus().isEmpty() || node.numa().isEmpty()) {
            return TopologyManagerPolicy.BEST_EFFORT;
        }
        for (Gpu g : node.gpus()) {
            int numa = g.numa();
            boolean nic = numa >= 0 && node.nics().stream().map(Nic::numaNodes).anyMatch(n -> n.contains(numa));
            boolean cores = numa >= 0 && !node.coresOfNuma(numa).isEmpty();
            if (!nic || !cores) {
                return TopologyManagerPolicy.BEST_EFFORT;
            }
        }
        long numaOfGpus = node.gpus().stream().mapToInt(Gpu::numa).distinct().count();
        return numaOfGpus == 1 ? TopologyManagerPolicy.SINGLE_NUMA_NODE : TopologyManagerPolicy.RESTRICTED;
    }

    public static String config(NodeTopology node) {
        return config(node, null, null);
    }

    /** One node's configuration; {@code policy}/{@code scope} {@code null}: the recommendation. */
    public static String config(NodeTopology node, TopologyManagerPolicy validatedPolicy,
                                TopologyManagerScope validatedScope) {
        StringBuilder b = new StringBuilder();
        b.append("apiVersion: ").append(API_VERSION).append("\nkind: KubeletConfiguration\n");
        TopologyManagerPolicy policy = validatedPolicy != null ? validatedPolicy : topologyPolicy(node);
        // pod scope, so that all containers of a rank's pod align together
        TopologyManagerScope scope = validatedScope != null ? validatedScope : TopologyManagerScope.POD;
        b.append("# ").append(validatedPolicy != null || validatedScope != null
                ? "the Topology Manager settings the jobs were validated under" : reason(policy)).append('\n');
        b.append("topologyManagerPolicy: ").append(policy.flag()).append("\ntopologyManagerScope: ").append(scope.flag())
                .append('\n');
        int numaCount = node.numa().size();
        if (numaCount > 2) {
            b.append("topologyManagerPolicyOptions:\n  prefer-closest-numa-nodes: \"true\"\n");
            if (numaCount > 8) {
                b.append("  max-allowable-numa-nodes: \"").append(numaCount).append("\"\n");
            }
        }
        b.append("cpuManagerPolicy: static\n");
        if (node.threadsPerCore() > 1) {
            b.append("cpuManagerPolicyOptions:\n  full-pcpus-only: \"true\"\n");
        }
        CpuSet reserved = reservedCpus(node);
        boolean numaKnown = !node.numa().isEmpty();
        if (!reserved.isEmpty()) {
            b.append("# The first core of every socket, all its threads, for the system and the kubelet.\n");
            b.append("reservedSystemCPUs: \"").append(reserved).append("\"\n");
        }
        if (reserved.isEmpty() || numaKnown) {
            b.append("systemReserved:\n");
            if (reserved.isEmpty()) {
                b.append("  # Cores unknown: one CPU reserved by count (the static policy needs a reservation).\n");
                b.append("  cpu: \"1\"\n");
            }
            if (numaKnown) {
                b.append("  memory: ").append(SYSTEM_RESERVED).append('\n');
            }
        }
        if (numaKnown) {
            int first = node.numa().stream().mapToInt(NumaNode::id).min().orElse(0);
            b.append("memoryManagerPolicy: Static\n");
            b.append("evictionHard:\n  memory.available: ").append(EVICTION).append('\n');
            b.append("# systemReserved.memory + evictionHard memory.available, exactly, as the Static policy demands.\n");
            b.append("reservedMemory:\n- numaNode: ").append(first).append("\n  limits:\n    memory: ")
                    .append(RESERVED_TOTAL).append('\n');
        } else {
            b.append("memoryManagerPolicy: None\n");
        }
        return b.toString();
    }

    private static String reason(TopologyManagerPolicy policy) {
        return switch (policy) {
            case SINGLE_NUMA_NODE -> "Every GPU has a NIC and cores on its NUMA node, all on one: align all on one.";
            case RESTRICTED -> "Every GPU has a NIC and cores on its NUMA node, over several NUMA nodes: admit pods"
                    + " on the fewest NUMA nodes that hold them (single-numa-node would refuse multi-NUMA pods).";
            case NONE, BEST_EFFORT -> "Not every GPU has a NIC and cores on its NUMA node (or the layout is unknown): align when"
                    + " possible, never refuse a pod.";
        };
    }

    /** All threads of the first core of each socket, as OS CPU ids. */
    public static CpuSet reservedCpus(NodeTopology node) {
        Map<Integer, Core> firstOfSocket = new LinkedHashMap<>();
        node.coreList().stream().sorted(java.util.Comparator.comparingInt(Core::id))
                .forEach(c -> firstOfSocket.putIfAbsent(c.socket(), c));
        return firstOfSocket.values().stream().map(Core::pus).reduce(CpuSet.empty(), CpuSet::union);
    }
}
