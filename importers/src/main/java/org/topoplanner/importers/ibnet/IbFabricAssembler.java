package org.topoplanner.importers.ibnet;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.CableEnd;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.LinkWidth;

/**
 * Turns an {@link IbDump} into a {@link Fabric}, the same way for all three dump formats.
 *
 * <ul>
 *   <li>Switches are keyed by GUID. A switch is named by its node description when no other switch
 *       shares it; switches sharing a description (several {@code MF0;leaf01:MQM8700/U1}) are named
 *       {@code "<description> (0x<16 hex GUID>)"}, and one without a description {@code S-<16 hex>}.
 *       The description and GUID are kept on the {@code SwitchNode} either way.</li>
 *   <li>HCAs are grouped into hosts by {@link HcaDescription}; an HCA whose description names no
 *       host is its own host named {@code 0x<16 hex GUID>}.</li>
 *   <li>The SHARP aggregation node is skipped (one INFO); nodes named only as peers (excerpts) are
 *       kept from the peer's description with a WARNING; ports whose peer cannot be resolved are
 *       dropped with a WARNING.</li>
 *   <li>Each cable is kept once whichever end listed it first; parallel cables stay distinct.</li>
 *   <li>Links slower or narrower than most links of the fabric get a WARNING naming both ends.</li>
 * </ul>
 */
final class IbFabricAssembler {
    private static final int MAX_NODE_WARNINGS = 20;

    private final IbDump dump;
    private final Diagnostics diagnostics;
    // Per node, by its index in the dump (first-seen order): arrays, not maps keyed by boxed GUIDs.
    private final List<IbNode> nodes;
    private final String[] nodeName;
    private final String[] hcaName;
    private final boolean[] skipped;
    private final String[] guidText;

    private IbFabricAssembler(IbDump dump, Diagnostics diagnostics) {
        this.dump = dump;
        this.diagnostics = diagnostics;
        this.nodes = dump.nodes();
        int n = nodes.size();
        this.nodeName = new String[n];
        this.hcaName = new String[n];
        this.skipped = new boolean[n];
        this.guidText = new String[n];
    }

    /** The node's GUID as {@code 0x<16 hex>}, made once per node however many cables it has. */
    private String guidOf(int index) {
        String g = guidText[index];
        if (g == null) {
            g = guid(nodes.get(index).key());
            guidText[index] = g;
        }
        return g;
    }

    static Fabric assemble(IbDump dump, Diagnostics diagnostics) {
        return new IbFabricAssembler(dump, diagnostics).build();
    }

    private Fabric build() {
        FabricBuilder builder = new FabricBuilder();
        nameSwitches(builder);
        nameHosts(builder);
        reportUndeclared();
        List<PendingCable> cables = collectCables();
        reportUncabled(cables);
        flagDegraded(cables);
        for (PendingCable c : cables) {
            builder.cable(c.cable);
        }
        return builder.build();
    }

    private void nameSwitches(FabricBuilder builder) {
        Map<String, Integer> uses = new HashMap<>();
        for (IbNode n : nodes) {
            if (n.kind() == IbNodeKind.SWITCH) {
                uses.merge(n.description(), 1, Integer::sum);
            }
        }
        for (int i = 0; i < nodes.size(); i++) {
            IbNode n = nodes.get(i);
            if (n.kind() != IbNodeKind.SWITCH) {
                continue;
            }
            String d = n.description();
            String name;
            if (d == null || d.isBlank()) {
                name = String.format(Locale.ROOT, "S-%016x", n.key());
            } else if (uses.get(d) > 1) {
                name = d + " (" + guidOf(i) + ")";
            } else {
                name = d;
            }
            nodeName[i] = name;
            builder.addSwitch(name, guidOf(i), d);
        }
    }

    private void nameHosts(FabricBuilder builder) {
        int aggregation = 0;
        IbNode firstAggregation = null;
        for (int i = 0; i < nodes.size(); i++) {
            IbNode n = nodes.get(i);
            if (n.kind() == IbNodeKind.SWITCH) {
                continue;
            }
            if (HcaDescription.isAggregationNode(n.description())) {
                skipped[i] = true;
                if (aggregation++ == 0) {
                    firstAggregation = n;
                }
                continue;
            }
            HcaDescription hd = HcaDescription.parse(n.description());
            String host = hd.host() == null ? guidOf(i) : hd.host();
            if (builder.hasSwitch(host)) {
                diagnostics.warning(n.line(), n.column(), "HCA \"" + n.description() + "\" names host " + host
                        + ", which is also a switch's name; the HCA is kept as host " + guidOf(i));
                host = guidOf(i);
            }
            nodeName[i] = host;
            hcaName[i] = hd.host() == null ? null : hd.hca();
            builder.addHost(host);
        }
        if (aggregation > 0) {
            diagnostics.info(firstAggregation.line(), firstAggregation.column(), "skipped " + aggregation
                    + " SHARP aggregation node" + (aggregation == 1 ? "" : "s")
                    + " (\"" + firstAggregation.description() + "\", switch port 65): not a host");
        }
    }

    private void reportUndeclared() {
        int count = 0;
        for (int i = 0; i < nodes.size(); i++) {
            IbNode n = nodes.get(i);
            if (n.declared() || skipped[i]) {
                continue;
            }
            if (count++ < MAX_NODE_WARNINGS) {
                diagnostics.warning(n.line(), n.column(), (n.kind() == IbNodeKind.SWITCH ? "switch" : "HCA")
                        + " \"" + n.description() + "\" (" + guid(n.key()) + ") is named as a peer but has no"
                        + " block of its own (an excerpt?); kept from the peer's description");
            }
        }
        if (count > MAX_NODE_WARNINGS) {
            IbNode first = nodes.stream().filter(n -> !n.declared()).findFirst().orElseThrow();
            diagnostics.warning(first.line(), first.column(), (count - MAX_NODE_WARNINGS)
                    + " more nodes are named only as peers");
        }
    }

    private List<PendingCable> collectCables() {
        // Each port's peer as packed port references (IbDump.portRef), to see a cable listed from both ends.
        LongTable peerOf = new LongTable(dump.links().size() * 2);
        List<PendingCable> out = new ArrayList<>(dump.links().size() / 2 + 1);
        for (IbLink l : dump.links()) {
            int ia = dump.index(l.aKey());
            int ib = dump.index(l.bKey());
            if (ia == IbDump.ABSENT || ib == IbDump.ABSENT || skipped[ia] || skipped[ib]) {
                continue;
            }
            String a = nodeName[ia];
            String b = nodeName[ib];
            if (a == null || b == null) {
                continue;
            }
            long ea = IbDump.portRef(ia, l.aPort());
            long eb = IbDump.portRef(ib, l.bPort());
            long knownA = peerOf.get(ea, NO_PEER);
            long knownB = peerOf.get(eb, NO_PEER);
            if (knownA == eb && knownB == ea) {
                continue;
            }
            if (knownA != NO_PEER || knownB != NO_PEER) {
                diagnostics.warning(l.line(), l.column(), "port " + l.aPort() + " of " + a + " is listed with peer "
                        + b + " port " + l.bPort() + ", but another line gives one of these ports a different"
                        + " peer; this line is ignored");
                continue;
            }
            if (a.equals(b)) {
                diagnostics.warning(l.line(), l.column(), "cable from " + a + " port " + l.aPort() + " to port "
                        + l.bPort() + " of the same host is ignored");
                continue;
            }
            peerOf.put(ea, eb);
            peerOf.put(eb, ea);
            Cable cable = new Cable(end(ia, a, l.aPort()), end(ib, b, l.bPort()), l.width(), l.speed());
            out.add(new PendingCable(cable, ia, ib, l));
        }
        return out;
    }

    /** A {@code Ca} block with no port lines: an HCA that sees no fabric (a GB200 tray with links down). */
    private void reportUncabled(List<PendingCable> cables) {
        boolean[] cabled = new boolean[nodes.size()];
        for (PendingCable c : cables) {
            cabled[c.a] = true;
            cabled[c.b] = true;
        }
        for (int i = 0; i < nodes.size(); i++) {
            IbNode n = nodes.get(i);
            if (n.kind() != IbNodeKind.SWITCH && n.declared() && !skipped[i] && !cabled[i]) {
                diagnostics.warning(n.line(), n.column(), "HCA \"" + n.description() + "\" has no cabled port:"
                        + " host " + nodeName[i] + " is kept without a link to the fabric");
            }
        }
    }

    private CableEnd end(int index, String name, int port) {
        IbNode n = nodes.get(index);
        if (n.kind() == IbNodeKind.SWITCH) {
            return new CableEnd(name, port, null, guidOf(index));
        }
        long portGuid = dump.portGuid(n.key(), port);
        return new CableEnd(name, port, hcaName[index], portGuid != GuidText.INVALID ? guid(portGuid) : guidOf(index));
    }

    private void flagDegraded(List<PendingCable> cables) {
        Map<LinkSpeed, Integer> speeds = new EnumMap<>(LinkSpeed.class);
        Map<Integer, Integer> widths = new HashMap<>();
        for (PendingCable c : cables) {
            if (c.cable.speed() != LinkSpeed.UNKNOWN) {
                speeds.merge(c.cable.speed(), 1, Integer::sum);
            }
            if (c.cable.width().isKnown()) {
                widths.merge(c.cable.width().lanes(), 1, Integer::sum);
            }
        }
        LinkSpeed usualSpeed = speeds.entrySet().stream().max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey).orElse(LinkSpeed.UNKNOWN);
        int usualWidth = widths.entrySet().stream().max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey).orElse(0);
        for (PendingCable c : cables) {
            Cable k = c.cable;
            boolean slow = k.speed() != LinkSpeed.UNKNOWN && k.speed().slowerThan(usualSpeed);
            boolean narrow = k.width().isKnown() && k.width().lanes() < usualWidth;
            if (slow || narrow) {
                diagnostics.warning(c.link.line(), c.link.column(), "degraded link " + describe(k.a()) + " - "
                        + describe(k.b()) + ": runs " + rate(k.width(), k.speed()) + " where the fabric runs "
                        + rate(new LinkWidth(usualWidth), usualSpeed));
            }
        }
    }

    private static String describe(CableEnd e) {
        return e.node() + (e.hca() != null ? " " + e.hca() : "") + " port " + e.port();
    }

    private static String rate(LinkWidth w, LinkSpeed s) {
        return w + (s == LinkSpeed.UNKNOWN ? "?" : s.name());
    }

    /** {@code 0x} and 16 lower-case hex digits; by hand, as String.format dominated the profile. */
    static String guid(long key) {
        char[] out = new char[18];
        out[0] = '0';
        out[1] = 'x';
        for (int i = 17; i >= 2; i--) {
            out[i] = HEX[(int) (key & 0xf)];
            key >>>= 4;
        }
        return new String(out);
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** No port reference: indices and ports are never negative, so a packed reference never is. */
    private static final long NO_PEER = -1;

    /** A cable to add, with its ends' node indices and the line that listed it. */
    private record PendingCable(Cable cable, int a, int b, IbLink link) {
    }
}
