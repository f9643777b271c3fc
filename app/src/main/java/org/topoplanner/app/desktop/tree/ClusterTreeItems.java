package org.topoplanner.app.desktop.tree;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javafx.scene.control.TreeItem;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.NaturalNameOrder;
import org.topoplanner.model.fabric.SwitchNode;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;

/**
 * Builds the cluster tree: fabric, then switches from the top tier down, hosts under their leaves,
 * and each host's GPUs and NICs. A host cabled to several leaves (rail-optimised) appears under each.
 * A switch with several parents (every spine of a fat tree under every core) appears once, under the
 * first of them, its row saying how many more it hangs under: repeating whole subtrees under each
 * parent would multiply a 4,096-host fat tree into millions of rows. A host's GPUs and NICs are made
 * only when its row is opened ({@link HostTreeItem}): 16,384 HGX hosts would otherwise cost some 300,000
 * items, built on the FX thread on every import, for rows nobody opens.
 */
public final class ClusterTreeItems {
    private ClusterTreeItems() {
    }

    public static TreeItem<TreeEntry> build(Cluster cluster) {
        Fabric f = cluster.fabric();
        TreeItem<TreeEntry> root = new TreeItem<>(new TreeEntry(TreeEntry.Kind.CLUSTER, cluster.name(),
                f.switches().size() + " switches, " + cluster.hostNames().size() + " hosts, " + cluster.gpuCount() + " GPUs"));
        root.setExpanded(true);
        Set<String> placed = new HashSet<>();
        Set<String> shown = new HashSet<>();
        // names in natural order (core1, core2, ..., core10): discovery order (ibnetdiscover lists the
        // last switch first) means nothing to a reader
        List<SwitchNode> tops = (f.roots().isEmpty() ? f.leaves() : f.roots()).stream()
                .sorted(java.util.Comparator.comparing(SwitchNode::name, NaturalNameOrder.INSTANCE)).toList();
        for (SwitchNode s : tops) {
            if (shown.add(s.name())) {
                root.getChildren().add(switchItem(cluster, s, placed, shown));
            }
        }
        for (String host : cluster.hostNames()) {
            if (!placed.contains(host)) {
                root.getChildren().add(hostItem(cluster, host));
            }
        }
        return root;
    }

    /** The switch and what is below it; {@code shown} holds the switches already in the tree (this one too). */
    private static TreeItem<TreeEntry> switchItem(Cluster c, SwitchNode s, Set<String> placedHosts, Set<String> shown) {
        Fabric f = c.fabric();
        List<String> hosts = f.hostsOf(s.name());
        int otherParents = Math.max(0, f.parents(s.name()).size() - 1);
        String detail = tierName(s.tier()) + (hosts.isEmpty() ? "" : ", " + hosts.size() + " hosts")
                + (otherParents == 0 ? "" : ", also under " + otherParents + " more");
        TreeItem<TreeEntry> item = new TreeItem<>(new TreeEntry(TreeEntry.Kind.SWITCH, s.name(), detail));
        item.setExpanded(s.tier() >= 2);
        for (String child : f.childSwitches(s.name()).stream().sorted(NaturalNameOrder.INSTANCE).toList()) {
            if (shown.add(child)) {
                item.getChildren().add(switchItem(c, f.switchNamed(child).orElseThrow(), placedHosts, shown));
            }
        }
        for (String h : hosts.stream().sorted(NaturalNameOrder.INSTANCE).toList()) {
            placedHosts.add(h);
            item.getChildren().add(hostItem(c, h));
        }
        return item;
    }

    private static TreeItem<TreeEntry> hostItem(Cluster c, String host) {
        NodeTopology t = c.node(host);
        String detail = t.gpus().isEmpty() ? "host" : t.gpus().size() + " GPUs, " + t.nics().size() + " NICs";
        return new HostTreeItem(new TreeEntry(TreeEntry.Kind.HOST, host, detail), t);
    }

    /** A host's GPUs and then its NICs, as the rows under the host. */
    static List<TreeItem<TreeEntry>> parts(NodeTopology t) {
        List<TreeItem<TreeEntry>> parts = new ArrayList<>();
        for (Gpu g : t.gpus()) {
            String numa = g.numaNodes().isEmpty() ? "" : ", NUMA " + g.numaNodes();
            parts.add(new TreeItem<>(new TreeEntry(TreeEntry.Kind.GPU, g.id(), (g.model() == null ? "GPU" : g.model()) + numa)));
        }
        for (Nic n : t.nics()) {
            parts.add(new TreeItem<>(new TreeEntry(TreeEntry.Kind.NIC, n.id(),
                    (n.device() == null ? "NIC" : n.device()) + (n.numaNodes().isEmpty() ? "" : ", NUMA " + n.numaNodes()))));
        }
        return parts;
    }

    public static String tierName(int tier) {
        return switch (tier) {
            case 0 -> "unattached switch";
            case 1 -> "leaf";
            case 2 -> "spine";
            case 3 -> "core";
            default -> "tier " + tier;
        };
    }
}
