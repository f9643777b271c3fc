package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.SlurmSettings;

/**
 * Reads the output of {@code slurmd -G}: one {@code Gres Name=... Type=... Count=... Index=... ID=...
 * File=... [Cores=... CoreCnt=...] [Links=...] [Flags=...]} record per GRES line the node
 * configured, each after a log prefix ({@code slurmd: }, a timestamp, ...).
 *
 * <p>What the real tool prints (22.05 and 24.11, from {@code _log_gres_slurmd_conf} in gres.c):
 * {@code (null)} for an unset type or links; 22.05 prints a missing {@code Links=} as a bare
 * {@code (null)} at the end; {@code Index=} is the number at the end of the file name (128 for
 * {@code renderD128}, 0 for a {@code [0-1]} range), not the GRES index, so it is not used; one
 * record may stand for several devices ({@code Count=2 File=/dev/nvidia[0-1]}). Lines broken by a
 * terminal or a mail client are joined back: a line that does not start like a log line continues
 * the record above, with a space when it starts with a known key and without one otherwise (a wrap
 * in the middle of a value). The output never names its node, so the node is an unnamed host keyed
 * by the file name. Other {@code error:} and {@code fatal:} log lines are passed on as warnings.
 */
public final class SlurmdGresReader implements FormatReader {
    private static final Pattern RECORD = Pattern.compile("Gres Name=");
    private static final Pattern DETECT = Pattern.compile("Gres Name=\\S+ Type=\\S+ Count=\\d+");
    private static final Pattern LOG_START = Pattern.compile(
            "^\\s*(?:slurmd(?:\\[\\d+])?:|\\[\\d{4}-\\d\\d-\\d\\d|\\d{4}-\\d\\d-\\d\\d|[A-Z][a-z]{2} [ \\d]\\d |\\$|#)");
    private static final Pattern KEY_START = Pattern.compile(
            "^(?:Name|Type|Count|Index|ID|File|Cores|CoreCnt|Links|Flags|UniqueId)=");
    private static final Pattern PROBLEM = Pattern.compile("\\b(error|fatal):\\s*(.*)$");
    private static final Set<String> IGNORED = Set.of("index", "id", "corecnt", "uniqueid");

    @Override
    public Format format() {
        return Format.SLURMD_G;
    }

    @Override
    public int detect(SourceText source) {
        return DETECT.matcher(source.text()).find() ? 95 : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        GresLineParser parser = new GresLineParser(source.path(), d);
        List<LocatedGresLine> lines = new ArrayList<>();
        List<String> physical = source.lines();
        int i = 0;
        while (i < physical.size()) {
            String text = physical.get(i);
            Matcher m = RECORD.matcher(text);
            if (!m.find()) {
                Matcher problem = PROBLEM.matcher(text);
                if (problem.find()) {
                    d.warning(i + 1, problem.start() + 1, "slurmd " + problem.group(1) + ": "
                            + SlurmConfLexer.abbreviate(problem.group(2)));
                }
                i++;
                continue;
            }
            List<SlurmConfPair> pairs = new ArrayList<>();
            Record r = new Record();
            r.append(text.substring(m.start() + "Gres ".length()), i + 1, m.start() + "Gres ".length() + 1);
            i++;
            while (i < physical.size() && isContinuation(physical.get(i))) {
                String next = physical.get(i);
                String stripped = next.stripLeading();
                int col = next.length() - stripped.length() + 1;
                boolean spaced = KEY_START.matcher(stripped).find() || next.startsWith(" ") || next.startsWith("\t")
                        || r.endsWithSpace();
                r.append(spaced ? " " : "", i + 1, col);
                r.append(stripped, i + 1, col);
                i++;
            }
            r.split(pairs, d);
            int firstLine = pairs.isEmpty() ? r.firstLine : pairs.get(0).line();
            LocatedGresLine g = parser.parse(new SlurmConfLine(firstLine, pairs, null));
            if (g != null) {
                lines.add(g);
            }
        }
        Set<Diagnostic> sink = new LinkedHashSet<>();
        String host = source.fileName();
        NodeTopology node = SlurmNodeAssembler.assemble(null, lines, sink);
        sink.forEach(d::add);
        if (lines.isEmpty()) {
            d.error(0, 0, "no 'Gres Name=' record found: not slurmd -G output, or slurmd ran without "
                    + "DebugFlags=Gres (then it prints only Name, Type and Count)");
        }
        SlurmSettings slurm = new SlurmSettings(List.of(), lines.stream().map(LocatedGresLine::gres).toList(),
                Map.of());
        ClusterPart part = new ClusterPart(null, lines.isEmpty() ? Map.of() : Map.of(host, node), Map.of(), slurm,
                null, lines.isEmpty() ? null : host);
        return new ImportResult(source, format(), part, d.list());
    }

    private static boolean isContinuation(String line) {
        return !line.isBlank() && !LOG_START.matcher(line).find() && !RECORD.matcher(line).find();
    }

    /** The text of one record with the line and column of every character. */
    private static final class Record {
        private final StringBuilder text = new StringBuilder();
        private final List<int[]> where = new ArrayList<>();
        private int firstLine;

        void append(String s, int line, int column) {
            if (text.length() == 0) {
                firstLine = line;
            }
            for (int k = 0; k < s.length(); k++) {
                text.append(s.charAt(k));
                where.add(new int[] {line, column + k});
            }
        }

        boolean endsWithSpace() {
            return text.length() > 0 && Character.isWhitespace(text.charAt(text.length() - 1));
        }

        /** Splits at blanks into Key=Value pairs; a bare (null) is 22.05's unset Links. */
        void split(List<SlurmConfPair> pairs, Diagnostics d) {
            int k = 0;
            String s = text.toString();
            while (k < s.length()) {
                while (k < s.length() && Character.isWhitespace(s.charAt(k))) {
                    k++;
                }
                int start = k;
                while (k < s.length() && !Character.isWhitespace(s.charAt(k))) {
                    k++;
                }
                if (start == k) {
                    break;
                }
                String token = s.substring(start, k);
                int eq = token.indexOf('=');
                int[] at = where.get(start);
                if (eq > 0) {
                    String key = token.substring(0, eq);
                    if (!IGNORED.contains(key.toLowerCase(java.util.Locale.ROOT))) {
                        int[] vat = eq + 1 < token.length() ? where.get(start + eq + 1) : at;
                        pairs.add(new SlurmConfPair(key, token.substring(eq + 1), '=', at[0], at[1], vat[0], vat[1]));
                    }
                } else if (!token.equals("(null)")) {
                    d.warning(at[0], at[1], "unexpected '" + SlurmConfLexer.abbreviate(token) + "' in a Gres record");
                }
            }
        }
    }
}
