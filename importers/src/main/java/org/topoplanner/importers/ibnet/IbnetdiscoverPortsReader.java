package org.topoplanner.importers.ibnet;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;

/**
 * Reads the ports report of {@code ibnetdiscover -p} (also {@code --ports}): one line per port,
 *
 * <pre>
 * CA   134  1 0x7cfe9003003b4bde 4x EDR - SW  1719 10 0x7cfe9003009ce5b0 ( 'o0001 HCA-1' - 'ib-i1l1s01' )
 * SW  2052 37 0x506b4b03005c2740 4x ???                                    'ib-i4l1s01'
 * </pre>
 *
 * <p>The second form is a port without a peer (down, or {@code ???} speed) and only declares its
 * node. The GUID printed for a CA is its port GUID, which is used as the CA's key.
 */
public final class IbnetdiscoverPortsReader implements FormatReader {
    @Override
    public Format format() {
        return Format.IBNETDISCOVER_PORTS;
    }

    @Override
    public int detect(SourceText source) {
        LineCursor lines = new LineCursor(source.text());
        while (lines.next() && lines.number() <= 200) {
            List<Token> t = tokens(lines.line(), 0, lines.line().length());
            if (t.size() >= 6 && IbNodeKind.fromToken(t.get(0).text) != null && t.get(0).text.length() == 2
                    && isNumber(t.get(1).text) && isNumber(t.get(2).text) && t.get(3).text.startsWith("0x")
                    && t.get(4).text.toLowerCase().endsWith("x")) {
                return 95;
            }
        }
        return 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics diagnostics = new Diagnostics(source.path());
        IbDump dump = new IbDump();
        LineCursor lines = new LineCursor(source.text());
        while (lines.next()) {
            line(lines.line(), lines.number(), dump, diagnostics);
        }
        return new ImportResult(source, format(), ClusterPart.ofFabric(IbFabricAssembler.assemble(dump, diagnostics)),
                diagnostics.list());
    }

    private static void line(String line, int lineNo, IbDump dump, Diagnostics diagnostics) {
        int open = line.indexOf('\'');
        List<Token> t = tokens(line, 0, open < 0 ? line.length() : open);
        if (t.isEmpty() || t.get(0).text.startsWith("#")) {
            return;
        }
        Local local = local(t);
        if (local == null) {
            diagnostics.warning(lineNo, t.get(0).column, "not a port line of ibnetdiscover -p; ignored");
            return;
        }
        int q2 = line.lastIndexOf('\'');
        if (t.size() < 11 || !t.get(6).text.equals("-")) {
            String description = open >= 0 && q2 > open ? line.substring(open + 1, q2) : "";
            dump.declare(local.guid, local.kind, description, lineNo, t.get(0).column);
            return;
        }
        IbNodeKind peerKind = IbNodeKind.fromToken(t.get(7).text);
        int peerPort = parsePort(t.get(9).text);
        long peerGuid = GuidText.parse(t.get(10).text);
        int sep = open < 0 ? -1 : line.indexOf("' - '", open + 1);
        if (peerKind == null || peerPort < 0 || peerGuid == GuidText.INVALID || sep < 0 || q2 <= sep + 4) {
            diagnostics.warning(lineNo, t.get(6).column, "the peer of this port is not \"- TYPE LID PORT GUID"
                    + " ( 'local' - 'peer' )\"; line ignored");
            dump.declare(local.guid, local.kind, open >= 0 && sep > open ? line.substring(open + 1, sep) : "",
                    lineNo, t.get(0).column);
            return;
        }
        dump.declare(local.guid, local.kind, line.substring(open + 1, sep), lineNo, t.get(0).column);
        dump.mention(peerGuid, peerKind, line.substring(sep + 5, q2), lineNo, t.get(7).column);
        LinkRate rate = LinkRate.split(t.get(4).text, t.get(5).text);
        dump.link(new IbLink(local.guid, local.port, peerGuid, peerPort, rate.width(), rate.speed(), lineNo,
                t.get(0).column));
    }

    private static Local local(List<Token> t) {
        if (t.size() < 6) {
            return null;
        }
        IbNodeKind kind = IbNodeKind.fromToken(t.get(0).text);
        int port = parsePort(t.get(2).text);
        long guid = GuidText.parse(t.get(3).text);
        if (kind == null || port < 0 || guid == GuidText.INVALID || !isNumber(t.get(1).text)) {
            return null;
        }
        return new Local(kind, port, guid);
    }

    private static int parsePort(String s) {
        return isNumber(s) && s.length() <= 6 ? Integer.parseInt(s) : -1;
    }

    private static boolean isNumber(String s) {
        if (s.isEmpty() || s.length() > 9) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    static List<Token> tokens(String line, int from, int to) {
        List<Token> out = new ArrayList<>(12);
        int p = from;
        while (p < to) {
            p = IbnetdiscoverReader.skipBlanks(line, p);
            if (p >= to) {
                break;
            }
            int e = Math.min(IbnetdiscoverReader.tokenEnd(line, p), to);
            out.add(new Token(line.substring(p, e), p + 1));
            p = e;
        }
        return out;
    }

    record Token(String text, int column) {
    }

    private record Local(IbNodeKind kind, int port, long guid) {
    }
}
