package org.topoplanner.importers.hwloc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.node.PciKind;
import org.topoplanner.model.node.PciNode;

/**
 * Maps hwloc's PCI bridges onto the elements that decide {@code nvidia-smi}'s path classes.
 *
 * <ul>
 *   <li>A host bridge ({@code bridge_type="0-1"}, depth 0) is a {@link PciKind#HOST_BRIDGE}
 *       {@code HB<n>}; a PCI-PCI bridge at the top of a tree without one gets an implicit host bridge.</li>
 *   <li>Below it, PCI-PCI bridges ({@code 1-1}) alternate: the first is a root port, the next an
 *       upstream switch port, then the switch's downstream ports, then the upstream port of a
 *       nested switch, and so on. Each upstream port with its downstream ports is one PCIe switch,
 *       a {@link PciKind#SWITCH} {@code SW<n>} whose parent is the switch or host bridge above, so
 *       two GPUs under one switch are PIX and under a common higher switch PXB, as nvidia-smi says.</li>
 *   <li>A root port is folded into its host bridge, unless two GPUs/NICs/NVSwitches sit directly
 *       under it (functions of one multi-port card): then it is a {@code RP<n>} of kind SWITCH,
 *       since those devices cross a single bridge (nvidia-smi: PIX) and graph-model has no
 *       root-port kind.</li>
 * </ul>
 * The tree is trusted over bus numbers; a device whose bus lies outside its bridge's bus range is
 * reported (a sign of a hand-edited file).
 */
final class PcieTree {
    private static final Pattern BUS_RANGE = Pattern.compile("([0-9a-fA-F]{4,}):\\[([0-9a-fA-F]{2})-([0-9a-fA-F]{2})]");
    private static final Pattern BUS_ID = Pattern.compile("([0-9a-fA-F]{4,}):([0-9a-fA-F]{2}):([0-9a-fA-F]{2})\\.([0-9a-fA-F])");

    private final List<PciNode> nodes = new ArrayList<>();
    private final Map<HwlocObject, String> parentOf = new HashMap<>();
    private final Predicate<HwlocObject> relevant;
    private final ToIntFunction<HwlocObject> numaOf;
    private final Diagnostics diagnostics;
    private int hostBridges;
    private int switches;
    private int rootPorts;

    PcieTree(List<HwlocObject> all, Predicate<HwlocObject> relevant, ToIntFunction<HwlocObject> numaOf,
             Diagnostics diagnostics) {
        this.relevant = relevant;
        this.numaOf = numaOf;
        this.diagnostics = diagnostics;
        for (HwlocObject o : all) {
            boolean top = o.parent() == null || !o.parent().isIo();
            if (top && o.type().equals("Bridge")) {
                String hb = "HB" + hostBridges++;
                nodes.add(new PciNode(hb, PciKind.HOST_BRIDGE, null, numaOf.applyAsInt(o), null));
                if (o.attribute("bridge_type").orElse("").startsWith("0-")) {
                    walk(o, 0, hb);
                } else {
                    rootPort(o, hb);
                }
            } else if (top && o.type().equals("PCIDev")) {
                parentOf.put(o, null);
            }
        }
    }

    List<PciNode> nodes() {
        return nodes;
    }

    /** The id of the switch or host bridge above a PCI device, {@code null} when it has none. */
    String parentOf(HwlocObject pciDevice) {
        return parentOf.get(pciDevice);
    }

    private void walk(HwlocObject bridge, int level, String parentId) {
        for (HwlocObject child : bridge.children()) {
            if (child.type().equals("Bridge")) {
                int childLevel = level + 1;
                if (childLevel == 1) {
                    rootPort(child, parentId);
                } else if (childLevel % 2 == 1) {
                    walk(child, childLevel, parentId);
                } else {
                    String sw = "SW" + switches++;
                    nodes.add(new PciNode(sw, PciKind.SWITCH, parentId, numaOf.applyAsInt(child),
                            child.attribute("pci_busid").orElse(null)));
                    walk(child, childLevel, sw);
                }
            } else if (child.type().equals("PCIDev")) {
                parentOf.put(child, parentId);
                checkBus(bridge, child);
            }
        }
    }

    private void rootPort(HwlocObject port, String hostBridge) {
        long direct = port.children().stream().filter(c -> c.type().equals("PCIDev")).filter(relevant).count();
        if (direct < 2) {
            walk(port, 1, hostBridge);
            return;
        }
        String rp = "RP" + rootPorts++;
        nodes.add(new PciNode(rp, PciKind.SWITCH, hostBridge, numaOf.applyAsInt(port),
                port.attribute("pci_busid").orElse(null)));
        walk(port, 1, rp);
    }

    private void checkBus(HwlocObject bridge, HwlocObject device) {
        Matcher range = BUS_RANGE.matcher(bridge.attribute("bridge_pci").orElse(""));
        Matcher bus = BUS_ID.matcher(device.attribute("pci_busid").orElse(""));
        if (!range.find() || !bus.matches()) {
            return;
        }
        int b = Integer.parseInt(bus.group(2), 16);
        int lo = Integer.parseInt(range.group(2), 16);
        int hi = Integer.parseInt(range.group(3), 16);
        if (b < lo || b > hi || !range.group(1).equalsIgnoreCase(bus.group(1))) {
            diagnostics.warning(device.line(), device.column(), "PCI device " + bus.group() + " sits under bridge "
                    + range.group() + " but its bus is outside that range; the XML tree is trusted");
        }
    }
}
