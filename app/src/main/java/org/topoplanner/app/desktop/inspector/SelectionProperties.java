package org.topoplanner.app.desktop.inspector;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.app.desktop.tree.ClusterTreeItems;
import org.topoplanner.app.desktop.tree.TreeEntry;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.node.NodeTopology;

/**
 * The inspector's properties of the selected cluster, switch or host, in the categories the sheet
 * shows them under. Plain values, so they are tested without a toolkit.
 */
final class SelectionProperties {
    static final String FABRIC = "Fabric";
    static final String SWITCH = "Switch";
    static final String LINKS = "Links";
    static final String NODE = "Node";
    static final String HOSTS = "Hosts";
    static final String SCHEDULING = "Scheduling";
    static final List<String> CATEGORIES = List.of(SWITCH, NODE, FABRIC, LINKS, HOSTS, SCHEDULING);

    private SelectionProperties() {
    }

    static List<InspectorProperty> of(Cluster cluster, TreeEntry entry) {
        if (entry == null) {
            return List.of();
        }
        return switch (entry.kind()) {
            case CLUSTER -> cluster(cluster);
            case SWITCH -> cluster.fabric().switchNamed(entry.name()).isPresent() ? aSwitch(cluster, entry.name()) : List.of();
            case HOST -> cluster.hostNames().contains(entry.name()) ? host(cluster, entry.name()) : List.of();
            default -> List.of();
        };
    }

    private static List<InspectorProperty> cluster(Cluster cluster) {
        Fabric f = cluster.fabric();
        List<InspectorProperty> l = new ArrayList<>();
        for (int tier = f.maxTier(); tier >= 0; tier--) {
            int n = f.switchesOfTier(tier).size();
            if (n > 0) {
                l.add(InspectorProperty.of(FABRIC, ClusterTreeItems.tierName(tier) + " switches", String.valueOf(n)));
            }
        }
        l.add(InspectorProperty.of(FABRIC, "cables", String.valueOf(f.cables().size())));
        l.add(InspectorProperty.of(HOSTS, "hosts", String.valueOf(cluster.hostNames().size())));
        l.add(InspectorProperty.of(HOSTS, "GPUs", String.valueOf(cluster.gpuCount())));
        return l;
    }

    private static List<InspectorProperty> aSwitch(Cluster cluster, String name) {
        Fabric f = cluster.fabric();
        var s = f.switchNamed(name).orElseThrow();
        List<InspectorProperty> l = new ArrayList<>();
        l.add(InspectorProperty.of(SWITCH, "tier", s.tier() + " (" + ClusterTreeItems.tierName(s.tier()) + ")"));
        if (s.guid() != null) {
            l.add(InspectorProperty.of(SWITCH, "GUID", s.guid()));
        }
        if (s.description() != null) {
            l.add(InspectorProperty.of(SWITCH, "description", s.description()));
        }
        l.add(InspectorProperty.of(LINKS, "parents", String.join(", ", f.parents(name))));
        l.add(InspectorProperty.of(LINKS, "child switches", JobProperties.hostlist(f.childSwitches(name))));
        l.add(InspectorProperty.of(LINKS, "hosts", JobProperties.hostlist(f.hostsOf(name))));
        l.add(new InspectorProperty(LINKS, "hosts below", String.valueOf(f.hostsUnder(name).size()),
                "Hosts anywhere in this switch's subtree: where a job dropped on it may go."));
        return l;
    }

    private static List<InspectorProperty> host(Cluster cluster, String host) {
        NodeTopology t = cluster.node(host);
        List<InspectorProperty> l = new ArrayList<>();
        l.add(InspectorProperty.of(NODE, "model", t.model() == null ? "unknown" : t.model()));
        l.add(InspectorProperty.of(NODE, "sockets / NUMA / cores / threads", n(t.sockets()) + " / " + n(t.numaNodes())
                + " / " + n(t.cores()) + " / " + n(t.threads())));
        l.add(InspectorProperty.of(NODE, "GPUs, NICs", t.gpus().size() + ", " + t.nics().size()));
        l.add(InspectorProperty.of(FABRIC, "switches", String.join(", ", cluster.fabric().switchesOf(host))));
        var attributes = cluster.attributes(host);
        l.add(new InspectorProperty(SCHEDULING, "weight", String.valueOf(attributes.weight()),
                "Slurm's node weight: lower weights are allocated first."));
        l.add(InspectorProperty.of(SCHEDULING, "features", String.join(",", attributes.features())));
        // The device matrix is the node view's job (its matrix toggle); the inspector stays compact.
        return l;
    }

    private static String n(Integer v) {
        return v == null ? "?" : v.toString();
    }
}
