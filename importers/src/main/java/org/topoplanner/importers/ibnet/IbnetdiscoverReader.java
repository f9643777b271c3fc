package org.topoplanner.importers.ibnet;

import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;

/**
 * Reads plain {@code ibnetdiscover} output: {@code Switch}/{@code Ca} blocks with their port lines.
 *
 * <p>Tolerates what real dumps do: no {@code # Topology file} header, no blank lines between
 * blocks, tabs or spaces, GUIDs without leading zeros, {@code enhanced port 0} or
 * {@code base port 0}, {@code Ca} blocks without ports, and excerpts whose peers have no block.
 */
public final class IbnetdiscoverReader implements FormatReader {
    @Override
    public Format format() {
        return Format.IBNETDISCOVER;
    }

    @Override
    public int detect(SourceText source) {
        LineCursor lines = new LineCursor(source.text());
        int score = 0;
        while (lines.next() && lines.number() <= 200) {
            String l = lines.line().strip();
            if ((l.startsWith("Switch") || l.startsWith("Ca") || l.startsWith("Rt")) && l.contains("\"S-")
                    || l.contains("\"H-") && (l.startsWith("Ca") || l.startsWith("["))) {
                return 95;
            }
            if (l.startsWith("switchguid=") || l.startsWith("caguid=")) {
                score = Math.max(score, 80);
            } else if (l.startsWith("# Topology file")) {
                score = Math.max(score, 60);
            }
        }
        return score;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics diagnostics = new Diagnostics(source.path());
        IbDump dump = new IbDump();
        new Parse(dump, diagnostics).run(source.text());
        return new ImportResult(source, format(), ClusterPart.ofFabric(IbFabricAssembler.assemble(dump, diagnostics)),
                diagnostics.list());
    }

    /** One pass over the text; holds the block being read. */
    private static final class Parse {
        private final IbDump dump;
        private final Diagnostics diagnostics;
        private long current = GuidText.INVALID;
        private int lineNo;
        private String line;

        Parse(IbDump dump, Diagnostics diagnostics) {
            this.dump = dump;
            this.diagnostics = diagnostics;
        }

        void run(String text) {
            LineCursor lines = new LineCursor(text);
            while (lines.next()) {
                line = lines.line();
                lineNo = lines.number();
                int start = skipBlanks(line, 0);
                if (start == line.length() || line.charAt(start) == '#') {
                    continue;
                }
                char c = line.charAt(start);
                if (c == '[') {
                    portLine(start);
                } else if (line.startsWith("Switch", start) || line.startsWith("Ca", start)
                        || line.startsWith("Rt", start)) {
                    header(start);
                } else if (!isAttribute(start)) {
                    diagnostics.warning(lineNo, start + 1, "unrecognised line ignored");
                }
            }
        }

        private boolean isAttribute(int start) {
            for (String key : new String[] {"vendid=", "devid=", "sysimgguid=", "switchguid=", "caguid=", "rtrguid="}) {
                if (line.startsWith(key, start)) {
                    return true;
                }
            }
            return false;
        }

        /** {@code Switch 36 "S-<guid>" # "desc" enhanced port 0 lid 6 lmc 0} or {@code Ca 1 "H-<guid>" # "desc"}. */
        private void header(int start) {
            int wordEnd = tokenEnd(line, start);
            IbNodeKind kind = IbNodeKind.fromToken(line.substring(start, wordEnd));
            int q1 = line.indexOf('"', wordEnd);
            int q2 = q1 < 0 ? -1 : line.indexOf('"', q1 + 1);
            current = GuidText.INVALID;
            if (kind == null || q2 < 0) {
                diagnostics.warning(lineNo, start + 1, "unrecognised line ignored");
                return;
            }
            long key = nodeId(q1 + 1, q2);
            if (key == GuidText.INVALID) {
                return;
            }
            String description = comment(q2 + 1);
            current = key;
            dump.declare(key, kind, description, lineNo, start + 1);
        }

        /** {@code [p](portguid) "S-<guid>"[q](portguid) # lid L lmc 0 "peer desc" lid L 4xQDR}. */
        private void portLine(int start) {
            int close = line.indexOf(']', start);
            int port = close < 0 ? -1 : number(start + 1, close);
            if (port < 0) {
                diagnostics.warning(lineNo, start + 1, "port line without a port number ignored");
                return;
            }
            if (current == GuidText.INVALID) {
                diagnostics.warning(lineNo, start + 1, "port line outside a Switch or Ca block ignored");
                return;
            }
            int p = close + 1;
            p = skipExtPort(p);
            if (p < line.length() && line.charAt(p) == '(') {
                int e = line.indexOf(')', p);
                long g = e < 0 ? GuidText.INVALID : GuidText.parse(line, p + 1, e);
                if (g != GuidText.INVALID) {
                    dump.portGuid(current, port, g);
                }
                p = e < 0 ? line.length() : e + 1;
            }
            p = skipBlanks(line, p);
            int q1 = p < line.length() && line.charAt(p) == '"' ? p : -1;
            int q2 = q1 < 0 ? -1 : line.indexOf('"', q1 + 1);
            if (q2 < 0) {
                diagnostics.warning(lineNo, p + 1, "port " + port + ": expected the peer as \"S-<guid>\" or"
                        + " \"H-<guid>\"; line ignored");
                return;
            }
            long peer = nodeId(q1 + 1, q2);
            if (peer == GuidText.INVALID) {
                return;
            }
            IbNodeKind peerKind = line.charAt(q1 + 1) == 'S' ? IbNodeKind.SWITCH
                    : line.charAt(q1 + 1) == 'R' ? IbNodeKind.ROUTER : IbNodeKind.CA;
            int b1 = q2 + 1;
            int b2 = b1 < line.length() && line.charAt(b1) == '[' ? line.indexOf(']', b1) : -1;
            int peerPort = b2 < 0 ? -1 : number(b1 + 1, b2);
            if (peerPort < 0) {
                diagnostics.warning(lineNo, b1 + 1, "port " + port + ": peer port number missing; line ignored");
                return;
            }
            p = skipExtPort(b2 + 1);
            if (p < line.length() && line.charAt(p) == '(') {
                int e = line.indexOf(')', p);
                long g = e < 0 ? GuidText.INVALID : GuidText.parse(line, p + 1, e);
                if (g != GuidText.INVALID) {
                    dump.portGuid(peer, peerPort, g);
                }
            }
            int hash = line.indexOf('#', p);
            String peerDescription = "";
            LinkRate rate = LinkRate.UNKNOWN;
            if (hash >= 0) {
                int d1 = line.indexOf('"', hash);
                int d2 = line.lastIndexOf('"');
                if (d1 >= 0 && d2 > d1) {
                    peerDescription = line.substring(d1 + 1, d2);
                }
                String tail = line.substring(d2 > d1 && d1 >= 0 ? d2 + 1 : hash + 1).strip();
                int lastSpace = Math.max(tail.lastIndexOf(' '), tail.lastIndexOf('\t'));
                rate = LinkRate.glued(tail.substring(lastSpace + 1));
            }
            dump.mention(peer, peerKind, peerDescription, lineNo, q1 + 1);
            dump.link(new IbLink(current, port, peer, peerPort, rate.width(), rate.speed(), lineNo, start + 1));
        }

        /** Split ports on newer switches print {@code [35][ext 18]}; the ASIC port is the first. */
        private int skipExtPort(int p) {
            if (p < line.length() && line.charAt(p) == '[') {
                int e = line.indexOf(']', p);
                return e < 0 ? p : e + 1;
            }
            return p;
        }

        /** {@code S-<hex>}/{@code H-<hex>} between {@code from} and {@code to}; -1 with a warning if not. */
        private long nodeId(int from, int to) {
            int dash = from + 1;
            long g = to - from > 2 && line.charAt(dash) == '-' ? GuidText.parse(line, dash + 1, to) : GuidText.INVALID;
            if (g == GuidText.INVALID) {
                diagnostics.warning(lineNo, from + 1, "\"" + line.substring(from, to)
                        + "\" is not a node id like \"S-<16 hex digits>\"; line ignored");
            }
            return g;
        }

        /** The description in {@code # "..."} after {@code from}, or {@code ""} when there is none. */
        private String comment(int from) {
            int hash = line.indexOf('#', from);
            if (hash < 0) {
                return "";
            }
            int d1 = line.indexOf('"', hash);
            int d2 = line.lastIndexOf('"');
            return d1 >= 0 && d2 > d1 ? line.substring(d1 + 1, d2) : "";
        }

        private int number(int from, int to) {
            if (to <= from || to - from > 6) {
                return -1;
            }
            int v = 0;
            for (int i = from; i < to; i++) {
                char c = line.charAt(i);
                if (c < '0' || c > '9') {
                    return -1;
                }
                v = v * 10 + (c - '0');
            }
            return v;
        }
    }

    static int skipBlanks(String s, int p) {
        while (p < s.length() && (s.charAt(p) == ' ' || s.charAt(p) == '\t')) {
            p++;
        }
        return p;
    }

    static int tokenEnd(String s, int p) {
        while (p < s.length() && s.charAt(p) != ' ' && s.charAt(p) != '\t') {
            p++;
        }
        return p;
    }
}
