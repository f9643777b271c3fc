package org.topoplanner.importers.ibnet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.ibnet.IbnetdiscoverPortsReader.Token;

/**
 * Reads {@code iblinkinfo} output: {@code CA: desc:} and {@code Switch: 0x<guid> desc:} headers,
 * each followed by port lines
 *
 * <pre>
 *       0x0c42a1030010003f     39    1[  ] ==( 4X          10.0 Gbps Active/  LinkUp)==>       6    8[  ] "leaf4" ( )
 * </pre>
 *
 * <p>Peers are printed by LID and description only, so links are resolved through the LIDs of the
 * local port lines once the whole text is read. The rate is the per-lane signalling rate
 * ({@code 10.0 Gbps} is QDR). Ports that are {@code Down/ Polling} have no cable.
 */
public final class IblinkinfoReader implements FormatReader {
    private static final int MAX_DANGLING_WARNINGS = 20;

    @Override
    public Format format() {
        return Format.IBLINKINFO;
    }

    @Override
    public int detect(SourceText source) {
        LineCursor lines = new LineCursor(source.text());
        while (lines.next() && lines.number() <= 200) {
            String l = lines.line();
            if (l.contains("==(") && l.contains(")==>")) {
                return 95;
            }
            if (l.startsWith("Switch: 0x") || l.startsWith("CA: ")) {
                return 70;
            }
        }
        return 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics diagnostics = new Diagnostics(source.path());
        Parse parse = new Parse(diagnostics);
        LineCursor lines = new LineCursor(source.text());
        while (lines.next()) {
            parse.line(lines.line(), lines.number());
        }
        parse.resolve();
        return new ImportResult(source, format(),
                ClusterPart.ofFabric(IbFabricAssembler.assemble(parse.dump, diagnostics)), diagnostics.list());
    }

    private static final class Parse {
        private final Diagnostics diagnostics;
        private final IbDump dump = new IbDump();
        private final Map<Integer, List<Long>> nodesByLid = new HashMap<>();
        private final List<PendingLink> pending = new ArrayList<>();
        private long syntheticKey = -2;
        private IbNodeKind kind;
        private String description;
        private long current;
        private boolean declared;
        private int headerLine;

        Parse(Diagnostics diagnostics) {
            this.diagnostics = diagnostics;
        }

        void line(String line, int lineNo) {
            if (line.isBlank() || line.stripLeading().startsWith("#")) {
                return;
            }
            if (line.startsWith("CA:") || line.startsWith("Switch:") || line.startsWith("Router:")) {
                header(line, lineNo);
            } else if (line.contains("==(")) {
                port(line, lineNo);
            } else {
                diagnostics.warning(lineNo, 1, "unrecognised line ignored");
            }
        }

        private void header(String line, int lineNo) {
            closeHeader();
            int colon = line.indexOf(':');
            kind = line.startsWith("CA") ? IbNodeKind.CA : line.startsWith("Switch") ? IbNodeKind.SWITCH
                    : IbNodeKind.ROUTER;
            String rest = line.substring(colon + 1).strip();
            if (rest.endsWith(":")) {
                rest = rest.substring(0, rest.length() - 1);
            }
            current = 0;
            declared = false;
            headerLine = lineNo;
            if (kind == IbNodeKind.SWITCH) {
                int sp = IbnetdiscoverReader.tokenEnd(rest, 0);
                long g = GuidText.parse(rest, 0, sp);
                if (g == GuidText.INVALID) {
                    diagnostics.warning(lineNo, colon + 2, "switch header without a GUID; its ports are ignored");
                    kind = null;
                    return;
                }
                current = g;
                description = rest.substring(sp).strip();
                dump.declare(current, kind, description, lineNo, 1);
                declared = true;
            } else {
                description = rest;
            }
        }

        /** A CA header without port lines is still a CA: it sees no fabric. */
        void closeHeader() {
            if (kind != null && !declared) {
                current = syntheticKey--;
                dump.declare(current, kind, description, headerLine, 1);
                declared = true;
            }
        }

        private void port(String line, int lineNo) {
            int arrowIn = line.indexOf("==(");
            int arrowOut = line.indexOf(")==>", arrowIn);
            if (kind == null || arrowOut < 0) {
                diagnostics.warning(lineNo, 1, kind == null ? "port line outside a CA or Switch block ignored"
                        : "port line without \")==>\" ignored");
                return;
            }
            List<Token> left = IbnetdiscoverPortsReader.tokens(withoutBrackets(line, 0, arrowIn), 0, arrowIn);
            int expected = kind == IbNodeKind.SWITCH ? 2 : 3;
            if (left.size() < expected) {
                diagnostics.warning(lineNo, 1, "port line without LID and port number ignored");
                return;
            }
            if (kind != IbNodeKind.SWITCH) {
                long g = GuidText.parse(left.get(0).text());
                if (g == GuidText.INVALID) {
                    diagnostics.warning(lineNo, left.get(0).column(), "CA port line without a port GUID ignored");
                    return;
                }
                if (!declared) {
                    current = g;
                    dump.declare(current, kind, description, headerLine, 1);
                    declared = true;
                }
            }
            int lid = parse(left.get(expected - 2).text());
            int port = parse(left.get(expected - 1).text());
            if (lid < 0 || port < 0) {
                diagnostics.warning(lineNo, left.get(expected - 2).column(), "LID or port is not a number; line ignored");
                return;
            }
            if (kind != IbNodeKind.SWITCH) {
                dump.portGuid(current, port, GuidText.parse(left.get(0).text()));
            }
            List<Long> atLid = nodesByLid.computeIfAbsent(lid, k -> new ArrayList<>(1));
            if (!atLid.contains(current)) {
                atLid.add(current);
            }
            String state = line.substring(arrowIn + 3, arrowOut);
            if (!state.contains("LinkUp")) {
                return;
            }
            List<Token> middle = IbnetdiscoverPortsReader.tokens(state, 0, state.length());
            LinkRate rate = middle.size() >= 2 ? LinkRate.signalling(middle.get(0).text(), middle.get(1).text())
                    : LinkRate.UNKNOWN;
            int q1 = line.indexOf('"', arrowOut);
            int q2 = q1 < 0 ? -1 : line.indexOf('"', q1 + 1);
            int rightEnd = q1 < 0 ? line.length() : q1;
            List<Token> right = IbnetdiscoverPortsReader.tokens(withoutBrackets(line, arrowOut + 4, rightEnd),
                    0, rightEnd - arrowOut - 4);
            int peerLid = right.size() >= 2 ? parse(right.get(0).text()) : -1;
            int peerPort = right.size() >= 2 ? parse(right.get(1).text()) : -1;
            if (peerLid < 0 || peerPort < 0) {
                diagnostics.warning(lineNo, arrowOut + 5, "active port without peer LID and port; line ignored");
                return;
            }
            String peerDescription = q2 > q1 ? line.substring(q1 + 1, q2) : "";
            pending.add(new PendingLink(current, port, peerLid, peerPort, peerDescription, rate, lineNo,
                    arrowOut + 5));
        }

        void resolve() {
            closeHeader();
            int dangling = 0;
            for (PendingLink p : pending) {
                Long peer = peerAt(p.peerLid, p.peerDescription);
                if (peer == null) {
                    if (dangling++ < MAX_DANGLING_WARNINGS) {
                        diagnostics.warning(p.line, p.column, "peer \"" + p.peerDescription + "\" (LID " + p.peerLid
                                + ", port " + p.peerPort + ") of port " + p.port + " of \""
                                + dump.node(p.local).description() + "\" is not in the dump; link dropped");
                    }
                    continue;
                }
                dump.link(new IbLink(p.local, p.port, peer, p.peerPort, p.rate.width(), p.rate.speed(), p.line,
                        p.column));
            }
            if (dangling > MAX_DANGLING_WARNINGS) {
                PendingLink first = pending.get(0);
                diagnostics.warning(first.line, first.column, (dangling - MAX_DANGLING_WARNINGS)
                        + " more links name peers that are not in the dump");
            }
        }

        private Long peerAt(int lid, String description) {
            List<Long> keys = nodesByLid.get(lid);
            if (keys == null) {
                return null;
            }
            if (keys.size() == 1) {
                return keys.get(0);
            }
            List<Long> named = keys.stream().filter(k -> description.equals(dump.node(k).description())).toList();
            return named.size() == 1 ? named.get(0) : null;
        }

        private static String withoutBrackets(String line, int from, int to) {
            StringBuilder sb = new StringBuilder(to - from);
            boolean inside = false;
            for (int i = from; i < to; i++) {
                char c = line.charAt(i);
                if (c == '[') {
                    inside = true;
                    sb.append(' ');
                } else if (c == ']') {
                    inside = false;
                    sb.append(' ');
                } else {
                    sb.append(inside ? ' ' : c);
                }
            }
            return sb.toString();
        }

        private static int parse(String s) {
            if (s.isEmpty() || s.length() > 6) {
                return -1;
            }
            int v = 0;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c < '0' || c > '9') {
                    return -1;
                }
                v = v * 10 + (c - '0');
            }
            return v;
        }
    }

    private record PendingLink(long local, int port, int peerLid, int peerPort, String peerDescription, LinkRate rate,
                               int line, int column) {
    }
}
