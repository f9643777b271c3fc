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
        Parse parse = new Parse(source.text(), diagnostics);
        parse.run();
        parse.resolve();
        return new ImportResult(source, format(),
                ClusterPart.ofFabric(IbFabricAssembler.assemble(parse.dump, diagnostics)), diagnostics.list());
    }

    /**
     * One pass over the text, scanning each line in place as {@link IbnetdiscoverReader} does: the current
     * line runs from {@code ls} to {@code le}, a column is an offset minus {@code ls} plus one, and nothing
     * is copied out but header descriptions. A peer's description stays a range of the text until a link
     * needs it as a name (several nodes at its LID, or a warning).
     */
    private static final class Parse {
        private final String text;
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
        private int lineNo;
        private int ls;
        private int le;
        // A switch prints one line per port at the switch's LID: the pair is recorded once.
        private int lastLid = -1;
        private long lastLidNode;
        // Nearly every active port prints the same width and speed words: read once, then matched.
        private final int[] rateWidth = {-1, -1};
        private final int[] rateSpeed = {-1, -1};
        private LinkRate lastRate = LinkRate.UNKNOWN;
        /** Start and end of up to three tokens found by {@link #tokens}. */
        private final int[] tokenStart = new int[3];
        private final int[] tokenEnd = new int[3];

        Parse(String text, Diagnostics diagnostics) {
            this.text = text;
            this.diagnostics = diagnostics;
        }

        void run() {
            LineCursor lines = new LineCursor(text);
            while (lines.next()) {
                ls = lines.start();
                le = lines.end();
                lineNo = lines.number();
                line();
            }
        }

        private void line() {
            int first = ls;
            while (first < le && Character.isWhitespace(text.charAt(first))) {
                first++;
            }
            if (first == le || text.charAt(first) == '#') {
                return;
            }
            if (startsWith("CA:") || startsWith("Switch:") || startsWith("Router:")) {
                header();
            } else if (find("==(", ls, le) >= 0) {
                port();
            } else {
                diagnostics.warning(lineNo, 1, "unrecognised line ignored");
            }
        }

        private boolean startsWith(String prefix) {
            return le - ls >= prefix.length() && text.startsWith(prefix, ls);
        }

        private void header() {
            closeHeader();
            int colon = text.indexOf(':', ls);
            kind = startsWith("CA") ? IbNodeKind.CA : startsWith("Switch") ? IbNodeKind.SWITCH : IbNodeKind.ROUTER;
            int r0 = colon + 1;
            int r1 = le;
            while (r0 < r1 && Character.isWhitespace(text.charAt(r0))) {
                r0++;
            }
            while (r1 > r0 && Character.isWhitespace(text.charAt(r1 - 1))) {
                r1--;
            }
            if (r1 > r0 && text.charAt(r1 - 1) == ':') {
                r1--;
            }
            current = 0;
            declared = false;
            headerLine = lineNo;
            if (kind == IbNodeKind.SWITCH) {
                int sp = wordEnd(r0, r1);
                long g = GuidText.parse(text, r0, sp);
                if (g == GuidText.INVALID) {
                    diagnostics.warning(lineNo, colon - ls + 2, "switch header without a GUID; its ports are ignored");
                    kind = null;
                    return;
                }
                current = g;
                description = text.substring(sp, r1).strip();
                dump.declare(current, kind, description, lineNo, 1);
                declared = true;
            } else {
                description = text.substring(r0, r1);
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

        private void port() {
            int arrowIn = find("==(", ls, le);
            int arrowOut = find(")==>", arrowIn, le);
            if (kind == null || arrowOut < 0) {
                diagnostics.warning(lineNo, 1, kind == null ? "port line outside a CA or Switch block ignored"
                        : "port line without \")==>\" ignored");
                return;
            }
            int expected = kind == IbNodeKind.SWITCH ? 2 : 3;
            if (tokens(ls, arrowIn, true) < expected) {
                diagnostics.warning(lineNo, 1, "port line without LID and port number ignored");
                return;
            }
            long portGuid = GuidText.INVALID;
            if (kind != IbNodeKind.SWITCH) {
                portGuid = GuidText.parse(text, tokenStart[0], tokenEnd[0]);
                if (portGuid == GuidText.INVALID) {
                    diagnostics.warning(lineNo, col(tokenStart[0]), "CA port line without a port GUID ignored");
                    return;
                }
                if (!declared) {
                    current = portGuid;
                    dump.declare(current, kind, description, headerLine, 1);
                    declared = true;
                }
            }
            int lid = number(tokenStart[expected - 2], tokenEnd[expected - 2]);
            int port = number(tokenStart[expected - 1], tokenEnd[expected - 1]);
            if (lid < 0 || port < 0) {
                diagnostics.warning(lineNo, col(tokenStart[expected - 2]), "LID or port is not a number; line ignored");
                return;
            }
            if (kind != IbNodeKind.SWITCH) {
                dump.portGuid(current, port, portGuid);
            }
            recordLid(lid);
            if (find("LinkUp", arrowIn + 3, arrowOut) < 0) {
                return;
            }
            LinkRate rate = rate(arrowIn + 3, arrowOut);
            int q1 = find('"', arrowOut);
            int q2 = q1 < 0 ? -1 : find('"', q1 + 1);
            int rightEnd = q1 < 0 ? le : q1;
            int right = tokens(arrowOut + 4, rightEnd, true);
            int peerLid = right >= 2 ? number(tokenStart[0], tokenEnd[0]) : -1;
            int peerPort = right >= 2 ? number(tokenStart[1], tokenEnd[1]) : -1;
            if (peerLid < 0 || peerPort < 0) {
                diagnostics.warning(lineNo, col(arrowOut) + 4, "active port without peer LID and port; line ignored");
                return;
            }
            int d0 = q2 > q1 ? q1 + 1 : 0;
            int d1 = q2 > q1 ? q2 : 0;
            pending.add(new PendingLink(current, port, peerLid, peerPort, d0, d1, rate, lineNo, col(arrowOut) + 4));
        }

        private void recordLid(int lid) {
            if (lid == lastLid && current == lastLidNode) {
                return;
            }
            lastLid = lid;
            lastLidNode = current;
            List<Long> atLid = nodesByLid.computeIfAbsent(lid, k -> new ArrayList<>(1));
            if (!atLid.contains(current)) {
                atLid.add(current);
            }
        }

        /** The width and per-lane speed words between the arrows ({@code 4X 10.0 Gbps Active/ LinkUp}). */
        private LinkRate rate(int from, int to) {
            if (tokens(from, to, false) < 2) {
                return LinkRate.UNKNOWN;
            }
            int w0 = tokenStart[0];
            int w1 = tokenEnd[0];
            int s0 = tokenStart[1];
            int s1 = tokenEnd[1];
            if (rateWidth[0] >= 0 && same(w0, w1, rateWidth) && same(s0, s1, rateSpeed)) {
                return lastRate;
            }
            lastRate = LinkRate.signalling(text.substring(w0, w1), text.substring(s0, s1));
            rateWidth[0] = w0;
            rateWidth[1] = w1;
            rateSpeed[0] = s0;
            rateSpeed[1] = s1;
            return lastRate;
        }

        /** Whether {@code [from, to)} reads as the range {@code earlier} of the text. */
        private boolean same(int from, int to, int[] earlier) {
            int n = to - from;
            return n == earlier[1] - earlier[0] && text.regionMatches(from, text, earlier[0], n);
        }

        /**
         * Finds the blank-separated tokens of {@code [from, to)} as the old per-line copy did (a bracketed
         * part such as {@code [  ]} or {@code [ext 18]} reads as blanks when {@code bracketsBlank}); keeps
         * the first three in {@link #tokenStart}/{@link #tokenEnd} and returns how many there are.
         */
        private int tokens(int from, int to, boolean bracketsBlank) {
            int count = 0;
            boolean inside = false;
            int start = -1;
            for (int i = from; i <= to; i++) {
                boolean blank;
                if (i == to) {
                    blank = true;
                } else {
                    char c = text.charAt(i);
                    if (bracketsBlank && c == '[') {
                        inside = true;
                        blank = true;
                    } else if (bracketsBlank && c == ']') {
                        inside = false;
                        blank = true;
                    } else {
                        blank = inside || c == ' ' || c == '\t';
                    }
                }
                if (blank && start >= 0) {
                    if (count < tokenStart.length) {
                        tokenStart[count] = start;
                        tokenEnd[count] = i;
                    }
                    count++;
                    start = -1;
                } else if (!blank && start < 0) {
                    start = i;
                }
            }
            return count;
        }

        private int col(int offset) {
            return offset - ls + 1;
        }

        /** The end of the word at {@code p} (up to a space or tab), at most {@code to}. */
        private int wordEnd(int p, int to) {
            while (p < to && text.charAt(p) != ' ' && text.charAt(p) != '\t') {
                p++;
            }
            return p;
        }

        /** Where {@code s} starts within {@code [from, to)}, or -1. */
        private int find(String s, int from, int to) {
            int last = to - s.length();
            for (int i = from; i <= last; i++) {
                if (text.charAt(i) == s.charAt(0) && text.startsWith(s, i)) {
                    return i;
                }
            }
            return -1;
        }

        /** The first {@code c} of the line at or after {@code from}, or -1. */
        private int find(char c, int from) {
            for (int i = from; i < le; i++) {
                if (text.charAt(i) == c) {
                    return i;
                }
            }
            return -1;
        }

        void resolve() {
            closeHeader();
            int dangling = 0;
            for (PendingLink p : pending) {
                Long peer = peerAt(p.peerLid, p.descriptionFrom, p.descriptionTo);
                if (peer == null) {
                    if (dangling++ < MAX_DANGLING_WARNINGS) {
                        diagnostics.warning(p.line, p.column, "peer \"" + peerDescription(p) + "\" (LID " + p.peerLid
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

        private String peerDescription(PendingLink p) {
            return text.substring(p.descriptionFrom, p.descriptionTo);
        }

        private Long peerAt(int lid, int from, int to) {
            List<Long> keys = nodesByLid.get(lid);
            if (keys == null) {
                return null;
            }
            if (keys.size() == 1) {
                return keys.get(0);
            }
            int n = to - from;
            List<Long> named = keys.stream().filter(k -> {
                String d = dump.node(k).description();
                return d != null && d.length() == n && text.regionMatches(from, d, 0, n);
            }).toList();
            return named.size() == 1 ? named.get(0) : null;
        }

        private static int number(String s, int from, int to) {
            if (to <= from || to - from > 6) {
                return -1;
            }
            int v = 0;
            for (int i = from; i < to; i++) {
                char c = s.charAt(i);
                if (c < '0' || c > '9') {
                    return -1;
                }
                v = v * 10 + (c - '0');
            }
            return v;
        }

        private int number(int from, int to) {
            return number(text, from, to);
        }
    }

    /** A port's link until the peer's LID is resolved; the peer's description is a range of the text. */
    private record PendingLink(long local, int port, int peerLid, int peerPort, int descriptionFrom, int descriptionTo,
                               LinkRate rate, int line, int column) {
    }
}
