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

    /**
     * One pass over the text; holds the block being read. Positions are offsets into the whole
     * text, the current line runs from {@code ls} to {@code le}, and a column is an offset minus
     * {@code ls} plus one. Nothing is copied out of the text but the names the fabric keeps.
     */
    private static final class Parse {
        private static final String[] ATTRIBUTES = {"vendid=", "devid=", "sysimgguid=", "switchguid=", "caguid=",
                "rtrguid="};
        private final IbDump dump;
        private final Diagnostics diagnostics;
        private String text;
        private long current = GuidText.INVALID;
        private int lineNo;
        private int ls;
        private int le;
        // Nearly every port line of a fabric ends in the same rate token (4xQDR): parsed once, then matched.
        private int rateFrom = -1;
        private int rateLength;
        private LinkRate lastRate = LinkRate.UNKNOWN;

        Parse(IbDump dump, Diagnostics diagnostics) {
            this.dump = dump;
            this.diagnostics = diagnostics;
        }

        void run(String text) {
            this.text = text;
            java.util.Arrays.fill(searchedFrom, -1);
            LineCursor lines = new LineCursor(text);
            while (lines.next()) {
                ls = lines.start();
                le = lines.end();
                lineNo = lines.number();
                int start = skipBlanks(ls);
                if (start == le || text.charAt(start) == '#') {
                    continue;
                }
                char c = text.charAt(start);
                if (c == '[') {
                    portLine(start);
                } else if (text.startsWith("Switch", start) || text.startsWith("Ca", start)
                        || text.startsWith("Rt", start)) {
                    header(start);
                } else if (!isAttribute(start)) {
                    diagnostics.warning(lineNo, col(start), "unrecognised line ignored");
                }
            }
        }

        private int col(int offset) {
            return offset - ls + 1;
        }

        /** Keys hold no line break, so a match in the text is a match within the line. */
        private boolean isAttribute(int start) {
            for (String key : ATTRIBUTES) {
                if (text.startsWith(key, start)) {
                    return true;
                }
            }
            return false;
        }

        /** {@code Switch 36 "S-<guid>" # "desc" enhanced port 0 lid 6 lmc 0} or {@code Ca 1 "H-<guid>" # "desc"}. */
        private void header(int start) {
            int wordEnd = tokenEnd(start);
            IbNodeKind kind = headerKind(start, wordEnd);
            int q1 = find('"', wordEnd);
            int q2 = q1 < 0 ? -1 : find('"', q1 + 1);
            current = GuidText.INVALID;
            if (kind == null || q2 < 0) {
                diagnostics.warning(lineNo, col(start), "unrecognised line ignored");
                return;
            }
            long key = nodeId(q1 + 1, q2);
            if (key == GuidText.INVALID) {
                return;
            }
            String description = comment(q2 + 1);
            current = key;
            dump.declare(key, kind, description, lineNo, col(start));
        }

        /** The kind a header's first word names, as {@link IbNodeKind#fromToken} reads it, without copying the word. */
        private IbNodeKind headerKind(int from, int to) {
            int n = to - from;
            if (n == 6 && text.startsWith("Switch", from)) {
                return IbNodeKind.SWITCH;
            }
            return n == 2 && text.startsWith("Ca", from) ? IbNodeKind.CA
                    : n == 2 && text.startsWith("Rt", from) ? IbNodeKind.ROUTER : null;
        }

        /** {@code [p](portguid) "S-<guid>"[q](portguid) # lid L lmc 0 "peer desc" lid L 4xQDR}. */
        private void portLine(int start) {
            int close = find(']', start);
            int port = close < 0 ? -1 : number(start + 1, close);
            if (port < 0) {
                diagnostics.warning(lineNo, col(start), "port line without a port number ignored");
                return;
            }
            if (current == GuidText.INVALID) {
                diagnostics.warning(lineNo, col(start), "port line outside a Switch or Ca block ignored");
                return;
            }
            int p = close + 1;
            p = skipExtPort(p);
            if (p < le && text.charAt(p) == '(') {
                int e = find(')', p);
                long g = e < 0 ? GuidText.INVALID : GuidText.parse(text, p + 1, e);
                if (g != GuidText.INVALID) {
                    dump.portGuid(current, port, g);
                }
                p = e < 0 ? le : e + 1;
            }
            p = skipBlanks(p);
            int q1 = p < le && text.charAt(p) == '"' ? p : -1;
            int q2 = q1 < 0 ? -1 : find('"', q1 + 1);
            if (q2 < 0) {
                diagnostics.warning(lineNo, col(p), "port " + port + ": expected the peer as \"S-<guid>\" or"
                        + " \"H-<guid>\"; line ignored");
                return;
            }
            long peer = nodeId(q1 + 1, q2);
            if (peer == GuidText.INVALID) {
                return;
            }
            IbNodeKind peerKind = text.charAt(q1 + 1) == 'S' ? IbNodeKind.SWITCH
                    : text.charAt(q1 + 1) == 'R' ? IbNodeKind.ROUTER : IbNodeKind.CA;
            int b1 = q2 + 1;
            int b2 = b1 < le && text.charAt(b1) == '[' ? find(']', b1) : -1;
            int peerPort = b2 < 0 ? -1 : number(b1 + 1, b2);
            if (peerPort < 0) {
                diagnostics.warning(lineNo, col(b1), "port " + port + ": peer port number missing; line ignored");
                return;
            }
            p = skipExtPort(b2 + 1);
            long peerPortGuid = GuidText.INVALID;
            if (p < le && text.charAt(p) == '(') {
                int e = find(')', p);
                peerPortGuid = e < 0 ? GuidText.INVALID : GuidText.parse(text, p + 1, e);
            }
            int hash = find('#', p);
            int d1 = -1;
            int d2 = -1;
            LinkRate rate = LinkRate.UNKNOWN;
            if (hash >= 0) {
                d1 = find('"', hash);
                d2 = lastQuote();
                rate = rate(d2 > d1 && d1 >= 0 ? d2 + 1 : hash + 1);
            }
            if (!dump.knows(peer)) {
                // The peer's description is copied only for a node without a block yet (most have one).
                String peerDescription = d1 >= 0 && d2 > d1 ? text.substring(d1 + 1, d2) : "";
                dump.mention(peer, peerKind, peerDescription, lineNo, col(q1));
            }
            if (peerPortGuid != GuidText.INVALID) {
                dump.portGuid(peer, peerPort, peerPortGuid);
            }
            dump.link(new IbLink(current, port, peer, peerPort, rate.width(), rate.speed(), lineNo, col(start)));
        }

        /**
         * The rate: the last blank-separated word of the line from {@code from} on, whitespace stripped
         * ({@code 4xQDR}); read as {@link LinkRate#glued}, and taken from the line before when its word is the same.
         */
        private LinkRate rate(int from) {
            int t0 = from;
            int t1 = le;
            while (t1 > t0 && Character.isWhitespace(text.charAt(t1 - 1))) {
                t1--;
            }
            while (t0 < t1 && Character.isWhitespace(text.charAt(t0))) {
                t0++;
            }
            int w = t1;
            while (w > t0 && text.charAt(w - 1) != ' ' && text.charAt(w - 1) != '\t') {
                w--;
            }
            int n = t1 - w;
            if (rateFrom >= 0 && n == rateLength && text.regionMatches(w, text, rateFrom, n)) {
                return lastRate;
            }
            lastRate = LinkRate.glued(text.substring(w, t1));
            rateFrom = w;
            rateLength = n;
            return lastRate;
        }

        /** Split ports on newer switches print {@code [35][ext 18]}; the ASIC port is the first. */
        private int skipExtPort(int p) {
            if (p < le && text.charAt(p) == '[') {
                int e = find(']', p);
                return e < 0 ? p : e + 1;
            }
            return p;
        }

        /** {@code S-<hex>}/{@code H-<hex>} between {@code from} and {@code to}; -1 with a warning if not. */
        private long nodeId(int from, int to) {
            int dash = from + 1;
            long g = to - from > 2 && text.charAt(dash) == '-' ? GuidText.parse(text, dash + 1, to) : GuidText.INVALID;
            if (g == GuidText.INVALID) {
                diagnostics.warning(lineNo, col(from), "\"" + text.substring(from, to)
                        + "\" is not a node id like \"S-<16 hex digits>\"; line ignored");
            }
            return g;
        }

        /** The description in {@code # "..."} after {@code from}, or {@code ""} when there is none. */
        private String comment(int from) {
            int hash = find('#', from);
            if (hash < 0) {
                return "";
            }
            int d1 = find('"', hash);
            int d2 = lastQuote();
            return d1 >= 0 && d2 > d1 ? text.substring(d1 + 1, d2) : "";
        }

        /**
         * Per ASCII character, where its last search began and what it found (-1: none to the end of the text).
         * {@link #find} asks {@code String.indexOf}, a JIT intrinsic that is fast even while this parse still runs
         * interpreted (a whole `compare` on ft3-16384 parses its 9 MB once, cold; the character loop was a tenth
         * of it), but that looks past the line's end: the answer is kept so that a character missing from many
         * lines is not searched for over the same stretch again, and each character's searches cover the text
         * about once.
         */
        private final int[] searchedFrom = new int[128];
        private final int[] foundAt = new int[128];

        /** The first {@code c} of the line at or after {@code from}, or -1. */
        private int find(char c, int from) {
            int at;
            if (c < 128 && searchedFrom[c] >= 0 && searchedFrom[c] <= from && (foundAt[c] < 0 || foundAt[c] >= from)) {
                // no c lies between the last search's start and what it found, so none before that answer
                at = foundAt[c];
            } else {
                at = text.indexOf(c, from);
                if (c < 128) {
                    searchedFrom[c] = from;
                    foundAt[c] = at;
                }
            }
            return at >= 0 && at < le ? at : -1;
        }

        /** The line's last double quote, or -1. */
        private int lastQuote() {
            for (int i = le - 1; i >= ls; i--) {
                if (text.charAt(i) == '"') {
                    return i;
                }
            }
            return -1;
        }

        private int skipBlanks(int p) {
            while (p < le && (text.charAt(p) == ' ' || text.charAt(p) == '\t')) {
                p++;
            }
            return p;
        }

        private int tokenEnd(int p) {
            while (p < le && text.charAt(p) != ' ' && text.charAt(p) != '\t') {
                p++;
            }
            return p;
        }

        private int number(int from, int to) {
            if (to <= from || to - from > 6) {
                return -1;
            }
            int v = 0;
            for (int i = from; i < to; i++) {
                char c = text.charAt(i);
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
