package org.topoplanner.importers.lldp;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.lldp.LldpSighting.Role;

/**
 * A switch's own LLDP neighbour table, as the operator copies it from the console: Cumulus Linux
 * {@code nv show interface --view=lldp}, SONiC {@code show lldp table} and Arista EOS
 * {@code show lldp neighbors}. The switch is named by the prompt line above the table
 * ({@code admin@leaf01:~$ show lldp table}, {@code leaf01#show lldp neighbors}), else by the pdsh
 * prefix, else by the file name. A neighbour port given as a MAC address (lldpd's default port id on
 * hosts) is replaced by its port description when the table has one.
 */
public final class SwitchLldpTableReader extends LldpReaderBase {
    /** A switch's out-of-band management port: its neighbour is the management network, not the fabric. */
    private static final Pattern MANAGEMENT = Pattern.compile("^(eth\\d+|mgmt\\d*|Ma\\d+|Management\\d+(/\\d+)?)$");
    private static final Pattern PROMPT = Pattern.compile(
            "^(?:[\\w.-]+@)?([A-Za-z0-9][\\w.-]*)(?::[^\\s#$>]*)?\\s*[#$>]\\s*(?:show|nv|sudo)\\b");

    @Override
    public Format format() {
        return Format.SWITCH_LLDP_TABLE;
    }

    @Override
    public int detect(SourceText source) {
        List<String> lines = source.lines();
        for (int i = 0; i + 1 < lines.size() && i < 400; i++) {
            String header = stripPdsh(lines.get(i));
            if (NeighbourTableColumns.of(header, stripPdsh(lines.get(i + 1))) != null) {
                return 85;
            }
        }
        return 0;
    }

    private static String stripPdsh(String l) {
        Matcher m = Pattern.compile("^[A-Za-z0-9][\\w.-]{0,62}: (?=\\S)").matcher(l);
        return m.find() && !l.contains("#") ? l.substring(m.end()) : l;
    }

    @Override
    public LldpRead sightings(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        List<LldpSighting> out = new ArrayList<>();
        for (HostText h : HostText.of(source)) {
            read(h, source.path(), d, out);
        }
        return new LldpRead(out, d);
    }

    private static void read(HostText h, String path, Diagnostics d, List<LldpSighting> out) {
        List<String> lines = h.text().lines().toList();
        String system = h.host();
        NeighbourTableColumns cols = null;
        boolean sawTable = false;
        int management = 0;
        int firstManagement = 0;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            Matcher prompt = PROMPT.matcher(l);
            if (prompt.find()) {
                system = prompt.group(1);
                cols = null;
                continue;
            }
            if (i + 1 < lines.size()) {
                NeighbourTableColumns c = NeighbourTableColumns.of(l, lines.get(i + 1));
                if (c != null) {
                    cols = c;
                    sawTable = true;
                    i++;
                    continue;
                }
            }
            if (cols == null || l.isBlank() || l.strip().startsWith("---") || l.startsWith("Total entries")) {
                continue;
            }
            List<String> cells = cols.cells(l);
            int line = h.fileLine(i + 1);
            String local = cells.get(cols.local());
            String peer = cells.get(cols.peer());
            String peerPort = cells.get(cols.peerPort());
            if (local.isEmpty() || peer.isEmpty() || peerPort.isEmpty()) {
                d.warning(line, h.fileColumn(1), "row of " + system + "'s neighbour table without "
                        + (local.isEmpty() ? "a local port" : peer.isEmpty() ? "a neighbour" : "a neighbour port") + "; skipped");
                continue;
            }
            if (MANAGEMENT.matcher(local).matches()) {
                if (management++ == 0) {
                    firstManagement = line;
                }
                continue;
            }
            if (cols.peerPortDescr() >= 0 && EthernetPort.isMac(peerPort) && !cells.get(cols.peerPortDescr()).isBlank()) {
                peerPort = cells.get(cols.peerPortDescr());
            }
            int gbps = cols.speed() >= 0 ? EthernetPort.gbps(cells.get(cols.speed())) : 0;
            out.add(new LldpSighting(system, EthernetPort.canonical(local), Role.SWITCH, peer,
                    EthernetPort.canonical(peerPort), Role.UNSAID, gbps, path, line, h.fileColumn(cols.column(cols.local()))));
        }
        if (management > 0) {
            d.info(firstManagement, h.fileColumn(1), "skipped " + management + " management port"
                    + (management == 1 ? "" : "s") + " (eth0, Ma1, mgmt0): the out-of-band network is not the fabric");
        }
        if (!sawTable) {
            d.error(h.fileLine(1), h.fileColumn(1), "no neighbour table (a header over dashes naming the local port,"
                    + " the neighbour and its port) for " + system);
        }
    }
}
