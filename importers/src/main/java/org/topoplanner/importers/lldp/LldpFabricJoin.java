package org.topoplanner.importers.lldp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.lldp.LldpSighting.Role;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.CableEnd;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.LinkWidth;
import org.topoplanner.model.fabric.NaturalNameOrder;

/**
 * Joins LLDP sightings from hosts and switches into one Ethernet fabric.
 *
 * <ul>
 *   <li>A system is a switch when a switch's own table lists it as local, when it advertises the
 *       Bridge or Router capability, or when one of its ports has a switch port name ({@code swp1},
 *       {@code Ethernet0}, {@code Et1/1}); every other system is a host.</li>
 *   <li>Both ends usually report a link. Sightings are matched on their switch ports, so a host port
 *       a switch saw as a MAC address and the host saw as {@code ens1f0np0} is one cable (the name is
 *       kept). Two sightings giving one switch port different neighbours are a located warning and the
 *       later one is ignored; a link between two hosts is ignored with a warning.</li>
 *   <li>Cables have speed {@link LinkSpeed#ETHERNET} and their rate in Gbit/s as width, the fastest
 *       either end reported; a host link slower than most host links is a warning naming both ends.</li>
 *   <li>Host ends carry the interface name as {@code hca} and port 1, so the rails (one leaf per NIC
 *       index) are found as for InfiniBand by {@link org.topoplanner.model.fabric.RailGroups}.</li>
 * </ul>
 */
public final class LldpFabricJoin {
    private final List<LldpSighting> sightings;
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private final Set<String> switches = new HashSet<>();

    private LldpFabricJoin(List<LldpSighting> sightings) {
        this.sightings = sightings;
    }

    /** The fabric of {@code sightings}; diagnostics about the join go to {@code d}. */
    public static Fabric join(List<LldpSighting> sightings, Diagnostics d) {
        LldpFabricJoin j = new LldpFabricJoin(sightings);
        Fabric f = j.build();
        j.diagnostics.forEach(d::add);
        return f;
    }

    /** The fabric and the join's diagnostics, each located in the file of the sighting it is about. */
    public static Joined joinLocated(List<LldpSighting> sightings) {
        LldpFabricJoin j = new LldpFabricJoin(sightings);
        return new Joined(j.build(), List.copyOf(j.diagnostics));
    }

    /** A joined fabric with its diagnostics. */
    public record Joined(Fabric fabric, List<Diagnostic> diagnostics) {
    }

    private Fabric build() {
        classify();
        Map<End, Link> bySwitchEnd = new HashMap<>();
        List<Link> links = new ArrayList<>();
        for (LldpSighting s : sightings) {
            End a = new End(s.system(), s.port());
            End b = new End(s.peer(), s.peerPort());
            boolean aSwitch = switches.contains(a.system);
            boolean bSwitch = switches.contains(b.system);
            if (a.system.equals(b.system)) {
                warn(s, s.system() + " port " + s.port() + " hears itself on port " + s.peerPort() + "; ignored");
                continue;
            }
            if (!aSwitch && !bSwitch) {
                warn(s, "host " + s.system() + " port " + s.port() + " hears host " + s.peer()
                        + " directly (no switch between); ignored");
                continue;
            }
            Link known = aSwitch ? bySwitchEnd.get(a) : null;
            if (known == null && bSwitch) {
                known = bySwitchEnd.get(b);
            }
            if (known != null) {
                if (!known.sameAs(a, b, switches)) {
                    warn(s, describe(a) + " - " + describe(b) + " disagrees with " + describe(known.a) + " - "
                            + describe(known.b) + " seen at " + known.first.path() + ":" + known.first.line()
                            + "; this one is ignored");
                    continue;
                }
                known.merge(a, b, s.gbps(), switches);
                continue;
            }
            Link l = new Link(a, b, s.gbps(), s);
            links.add(l);
            if (aSwitch) {
                bySwitchEnd.put(a, l);
            }
            if (bSwitch) {
                bySwitchEnd.put(b, l);
            }
        }
        flagSlowHostLinks(links);
        return fabric(links);
    }

    private void classify() {
        for (LldpSighting s : sightings) {
            if (s.systemRole() == Role.SWITCH || EthernetPort.isSwitchPort(s.port())) {
                switches.add(s.system());
            }
            if (s.peerRole() == Role.SWITCH || EthernetPort.isSwitchPort(s.peerPort())) {
                switches.add(s.peer());
            }
        }
    }

    private Fabric fabric(List<Link> links) {
        TreeSet<String> switchNames = new TreeSet<>(NaturalNameOrder.INSTANCE);
        TreeSet<String> hostNames = new TreeSet<>(NaturalNameOrder.INSTANCE);
        for (Link l : links) {
            for (End e : List.of(l.a, l.b)) {
                (switches.contains(e.system) ? switchNames : hostNames).add(e.system);
            }
        }
        FabricBuilder b = new FabricBuilder();
        switchNames.forEach(b::addSwitch);
        hostNames.forEach(b::addHost);
        for (Link l : links) {
            LinkWidth w = l.gbps > 0 ? new LinkWidth(l.gbps) : LinkWidth.UNKNOWN;
            b.cable(new Cable(cableEnd(l.a), cableEnd(l.b), w, LinkSpeed.ETHERNET));
        }
        return b.build();
    }

    private CableEnd cableEnd(End e) {
        if (switches.contains(e.system)) {
            return new CableEnd(e.system, EthernetPort.number(e.port), null, null);
        }
        return new CableEnd(e.system, 1, e.port, null);
    }

    private void flagSlowHostLinks(List<Link> links) {
        Map<Integer, Integer> rates = new LinkedHashMap<>();
        for (Link l : links) {
            if (l.isHostLink(switches) && l.gbps > 0) {
                rates.merge(l.gbps, 1, Integer::sum);
            }
        }
        int usual = rates.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(0);
        for (Link l : links) {
            if (l.isHostLink(switches) && l.gbps > 0 && l.gbps < usual) {
                warn(l.first, "degraded link " + describe(l.a) + " - " + describe(l.b) + ": runs " + l.gbps
                        + " Gbit/s where the hosts' links run " + usual + " Gbit/s");
            }
        }
    }

    private void warn(LldpSighting s, String message) {
        diagnostics.add(Diagnostic.warning(s.path(), s.line(), s.column(), message));
    }

    private static String describe(End e) {
        return e.system + " " + e.port;
    }

    private record End(String system, String port) {
    }

    /** One cable as it is being gathered from its sightings. */
    private static final class Link {
        private End a;
        private End b;
        private int gbps;
        private final LldpSighting first;

        Link(End a, End b, int gbps, LldpSighting first) {
            this.a = a;
            this.b = b;
            this.gbps = gbps;
            this.first = first;
        }

        /** The same cable: same systems, and the same port on each switch end (host ports may be spelled as MACs). */
        boolean sameAs(End x, End y, Set<String> switches) {
            return matches(a, x, switches) && matches(b, y, switches) || matches(a, y, switches) && matches(b, x, switches);
        }

        private static boolean matches(End known, End seen, Set<String> switches) {
            return known.system.equals(seen.system) && (!switches.contains(seen.system) || known.port.equals(seen.port));
        }

        void merge(End x, End y, int rate, Set<String> switches) {
            a = better(a, matches(a, x, switches) ? x : y);
            b = better(b, matches(b, x, switches) ? x : y);
            gbps = Math.max(gbps, rate);
        }

        /** A host port named by the host ({@code ens1f0np0}) over the MAC address a switch saw. */
        private static End better(End known, End seen) {
            return EthernetPort.isMac(known.port) && !EthernetPort.isMac(seen.port) ? seen : known;
        }

        boolean isHostLink(Set<String> switches) {
            return !switches.contains(a.system) || !switches.contains(b.system);
        }
    }
}
