package org.topoplanner.model.design;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.CableEnd;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.LinkWidth;
import org.topoplanner.model.node.NodeTopology;

/**
 * Builds a cluster from a {@link FabricDesign} and a node template: switch and host names, every
 * cable with its ports, and the same inside for every host. Uplinks of a leaf are spread round-robin
 * over its pod's spines, so parallel cables appear when uplinks outnumber spines. A node that is a tray of
 * a multi-node NVLink rack fills racks in host order ({@link RackDomains}).
 */
public final class ClusterDesigner {
    private ClusterDesigner() {
    }

    public static Cluster design(String name, FabricDesign d, NodeTopology node) {
        FabricBuilder b = new FabricBuilder();
        int hostDigits = Math.max(3, String.valueOf(d.hosts()).length());
        int leafDigits = Math.max(2, String.valueOf(d.leaves()).length());
        int spineDigits = Math.max(2, String.valueOf(d.spines() * d.pods()).length());
        int coreDigits = Math.max(2, String.valueOf(d.cores()).length());
        String nics = node.nics().isEmpty() ? null : node.nics().get(0).device();
        for (int l = 0; l < d.leaves(); l++) {
            b.addSwitch(num("leaf", l + 1, leafDigits));
        }
        for (int s = 0; s < d.spines() * d.pods(); s++) {
            b.addSwitch(num("spine", s + 1, spineDigits));
        }
        for (int c = 0; c < d.cores(); c++) {
            b.addSwitch(num("core", c + 1, coreDigits));
        }
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        int[] nextPort = new int[d.leaves() + d.spines() * d.pods() + d.cores()];
        for (int h = 0; h < d.hosts(); h++) {
            String host = num(d.hostPrefix(), h + 1, hostDigits);
            b.addHost(host);
            nodes.put(host, node);
            attrs.put(host, HostAttributes.DEFAULT);
            if (d.kind() == FabricDesign.Kind.RAIL_OPTIMISED) {
                int unit = h / d.hostsPerLeaf();
                for (int r = 0; r < d.rails(); r++) {
                    int leaf = unit * d.rails() + r;
                    String hca = r < node.nics().size() && node.nics().get(r).device() != null
                            ? node.nics().get(r).device() : "mlx5_" + r;
                    b.cable(new Cable(new CableEnd(host, 1, hca, null),
                            CableEnd.of(num("leaf", leaf + 1, leafDigits), ++nextPort[leaf]), LinkWidth.X4, d.speed()));
                }
            } else {
                int leaf = h / d.hostsPerLeaf();
                b.cable(new Cable(new CableEnd(host, 1, nics, null),
                        CableEnd.of(num("leaf", leaf + 1, leafDigits), ++nextPort[leaf]), LinkWidth.X4, d.speed()));
            }
        }
        for (int l = 0; l < d.leaves() && d.spines() > 0; l++) {
            int pod = l / d.leavesPerPod();
            for (int u = 0; u < d.uplinksPerLeaf(); u++) {
                int s = pod * d.spines() + u % d.spines();
                int spineIndex = d.leaves() + s;
                b.cable(new Cable(CableEnd.of(num("leaf", l + 1, leafDigits), ++nextPort[l]),
                        CableEnd.of(num("spine", s + 1, spineDigits), ++nextPort[spineIndex]), LinkWidth.X4, d.speed()));
            }
        }
        if (d.cores() > 0) {
            for (int s = 0; s < d.spines() * d.pods(); s++) {
                int spineIndex = d.leaves() + s;
                for (int c = 0; c < d.cores(); c++) {
                    int coreIndex = d.leaves() + d.spines() * d.pods() + c;
                    b.cable(new Cable(CableEnd.of(num("spine", s + 1, spineDigits), ++nextPort[spineIndex]),
                            CableEnd.of(num("core", c + 1, coreDigits), ++nextPort[coreIndex]), LinkWidth.X4, d.speed()));
                }
            }
        }
        return new Cluster(name, b.build(), nodes, attrs, null, null,
                RackDomains.of(List.copyOf(nodes.keySet()), node));
    }

    private static String num(String prefix, int n, int digits) {
        String s = Integer.toString(n);
        return prefix + "0".repeat(Math.max(0, digits - s.length())) + s;
    }
}
