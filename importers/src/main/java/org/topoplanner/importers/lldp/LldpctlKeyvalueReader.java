package org.topoplanner.importers.lldp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.lldp.LldpSighting.Role;

/**
 * {@code lldpctl -f keyvalue}: one {@code lldp.<interface>.<path>=<value>} line per field, the
 * identifier's type as the last key ({@code lldp.eth0.chassis.mac=...}, {@code lldp.eth0.port.ifname=swp1},
 * as lldpd's tests read {@code lldp.eth0.port.descr}). Interfaces may contain dots
 * ({@code bond0.100}), so the interface ends where a known section ({@code chassis}, {@code port},
 * {@code via}, ...) starts. pdsh prefixes name the host of each line.
 */
public final class LldpctlKeyvalueReader extends LldpReaderBase {
    private static final Pattern LINE = Pattern.compile("^lldp\\.[^=\\s]+=.*$");
    private static final List<String> SECTIONS = List.of(".chassis.", ".port.", ".via=", ".rid=", ".age=", ".ttl.",
            ".vlan", ".ppvid", ".pi", ".lldp-med", ".unknown-tlvs", ".ttl=");

    @Override
    public Format format() {
        return Format.LLDPCTL_KEYVALUE;
    }

    @Override
    public int detect(SourceText source) {
        int lldp = 0;
        int other = 0;
        for (String l : source.lines()) {
            if (l.isBlank()) {
                continue;
            }
            String body = stripPrefix(l);
            if (LINE.matcher(body).matches()) {
                lldp++;
            } else {
                other++;
            }
            if (lldp + other >= 200) {
                break;
            }
        }
        return lldp == 0 ? 0 : other == 0 ? 95 : lldp > other * 4 ? 60 : 0;
    }

    private static String stripPrefix(String l) {
        int c = l.indexOf(": ");
        return c > 0 && !l.startsWith("lldp.") ? l.substring(c + 2) : l;
    }

    @Override
    public LldpRead sightings(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        List<LldpSighting> out = new ArrayList<>();
        for (HostText h : HostText.of(source)) {
            Map<String, Neighbour> byInterface = new LinkedHashMap<>();
            List<String> lines = h.text().lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i);
                if (l.isBlank()) {
                    continue;
                }
                int line = h.fileLine(i + 1);
                int eq = l.indexOf('=');
                if (!l.startsWith("lldp.") || eq < 0) {
                    d.warning(line, h.fileColumn(1), "not an lldpctl keyvalue line (lldp.<interface>.<key>=<value>); skipped");
                    continue;
                }
                String key = l.substring(5, eq);
                int cut = sectionStart(key);
                if (cut <= 0) {
                    continue;
                }
                String ifname = key.substring(0, cut);
                String field = key.substring(cut + 1);
                String value = l.substring(eq + 1).strip();
                byInterface.computeIfAbsent(ifname, k -> new Neighbour(line, h.fileColumn(6))).take(field, value);
            }
            for (Map.Entry<String, Neighbour> e : byInterface.entrySet()) {
                e.getValue().sighting(h.host(), e.getKey(), source.path(), d).ifPresent(out::add);
            }
        }
        return new LldpRead(out, d);
    }

    private static int sectionStart(String key) {
        int best = -1;
        for (String s : SECTIONS) {
            int i = key.indexOf(s);
            if (i > 0 && (best < 0 || i < best)) {
                best = i;
            }
        }
        if (best < 0) {
            int dot = key.indexOf('.');
            return dot;
        }
        return best;
    }

    /** The fields of one interface's neighbour, gathered over its lines. */
    private static final class Neighbour {
        private final int line;
        private final int column;
        private String chassisName;
        private String chassisId;
        private String portIfname;
        private String portId;
        private String portDescr;
        private String speed;
        private boolean bridge;
        private boolean station;

        Neighbour(int line, int column) {
            this.line = line;
            this.column = column;
        }

        void take(String field, String value) {
            switch (field) {
                case "chassis.name" -> chassisName = value;
                case "chassis.mac", "chassis.ip", "chassis.local", "chassis.ifname" -> chassisId = value;
                case "port.ifname", "port.local" -> portIfname = value;
                case "port.mac", "port.ip" -> portId = value;
                case "port.descr" -> portDescr = value;
                case "port.auto-negotiation.current" -> speed = value;
                case "chassis.Bridge.enabled", "chassis.Router.enabled" -> bridge |= value.equals("on");
                case "chassis.Station.enabled" -> station |= value.equals("on");
                default -> {
                }
            }
        }

        Optional<LldpSighting> sighting(String host, String ifname, String path, Diagnostics d) {
            String peer = chassisName != null ? chassisName : chassisId;
            String port = portIfname != null ? portIfname : portDescr != null && !portDescr.isBlank() ? portDescr : portId;
            if (peer == null || port == null) {
                d.warning(line, column, "interface " + ifname + " of " + host + " has a neighbour without "
                        + (peer == null ? "chassis.name or a chassis id" : "a port id") + "; skipped");
                return Optional.empty();
            }
            Role role = bridge ? Role.SWITCH : station ? Role.HOST : Role.UNSAID;
            return Optional.of(new LldpSighting(host, ifname, Role.UNSAID, peer, EthernetPort.canonical(port),
                    role, EthernetPort.gbps(speed), path, line, column));
        }
    }
}
