package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.slurm.TopologyDeclarations.BlockDeclaration;
import org.topoplanner.importers.slurm.TopologyDeclarations.SwitchDeclaration;

/**
 * Reads Slurm's {@code topology.conf}: tree lines ({@code SwitchName= Switches= Nodes= LinkSpeed=})
 * and block lines ({@code BlockName= Nodes=}, {@code BlockSizes=}). Keys are case-insensitive,
 * separated by spaces or tabs; {@code #} starts a comment anywhere; the last line may lack its
 * newline. {@code RingName=} lines (the topology/ring plugin of Slurm 26) are skipped with a
 * warning, since the planner models trees and blocks only. {@code LinkSpeed=} is accepted and not
 * kept: Slurm itself does not use it.
 */
public final class TopologyConfReader implements FormatReader {
    private static final Set<String> SWITCH_KEYS = Set.of("switchname", "switches", "nodes", "linkspeed");
    private static final Set<String> BLOCK_KEYS = Set.of("blockname", "nodes");

    @Override
    public Format format() {
        return Format.SLURM_TOPOLOGY;
    }

    @Override
    public int detect(SourceText source) {
        int score = 0;
        for (String line : source.lines()) {
            String l = stripComment(line).strip().toLowerCase(Locale.ROOT);
            if (l.startsWith("switchname=") || l.startsWith("blockname=")) {
                return 95;
            }
            if (l.startsWith("ringname=") || l.startsWith("blocksizes=")) {
                score = 80;
            }
        }
        return score;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics diagnostics = new Diagnostics(source.path());
        TopologyDeclarations declarations = declarations(source, diagnostics);
        return new ImportResult(source, format(),
                ClusterPart.ofFabric(TopologyTreeAssembler.assemble(declarations, diagnostics)), diagnostics.list());
    }

    /**
     * Reads {@code topology.conf} as {@link #read} does, with the same findings, but stops short of building
     * the fabric: the nodes it names and which switch names them is all the export check needs of the file
     * it wrote (at 16,384 hosts the fabric was a fifth of a warm convert).
     */
    public TopologyReach reach(SourceText source) {
        Diagnostics diagnostics = new Diagnostics(source.path());
        return TopologyTreeAssembler.reach(declarations(source, diagnostics), diagnostics);
    }

    private static TopologyDeclarations declarations(SourceText source, Diagnostics diagnostics) {
        TopologyDeclarations declarations = new TopologyDeclarations();
        List<String> lines = source.lines();
        for (int i = 0; i < lines.size(); i++) {
            line(stripComment(lines.get(i)), i + 1, declarations, diagnostics);
        }
        return declarations;
    }

    private static String stripComment(String line) {
        int hash = line.indexOf('#');
        return hash < 0 ? line : line.substring(0, hash);
    }

    private static void line(String line, int lineNo, TopologyDeclarations d, Diagnostics diagnostics) {
        List<KeyValue> pairs = pairs(line, lineNo, diagnostics);
        if (pairs.isEmpty()) {
            return;
        }
        KeyValue first = pairs.get(0);
        switch (first.key) {
            case "switchname" -> {
                Map<String, LocatedText> v = values(pairs, SWITCH_KEYS, "a switch", diagnostics);
                d.switches.add(new SwitchDeclaration(first.value, v.get("switches"), v.get("nodes")));
            }
            case "blockname" -> {
                Map<String, LocatedText> v = values(pairs, BLOCK_KEYS, "a block", diagnostics);
                d.blocks.add(new BlockDeclaration(first.value, v.get("nodes")));
            }
            case "blocksizes" -> {
                values(pairs, Set.of("blocksizes"), "BlockSizes", diagnostics);
                blockSizes(first.value, d, diagnostics);
            }
            case "ringname" -> diagnostics.warning(lineNo, first.keyColumn,
                    "ring " + first.value.text() + " skipped: rings (topology/ring, Slurm 26) are not modelled;"
                            + " only trees and blocks are read");
            default -> diagnostics.error(lineNo, first.keyColumn, "a line must start with SwitchName=, BlockName="
                    + " or BlockSizes=, not " + first.rawKey + "=");
        }
    }

    private static void blockSizes(LocatedText value, TopologyDeclarations d, Diagnostics diagnostics) {
        if (d.blockSizesAt != null) {
            diagnostics.warning(value.line(), value.column(), "BlockSizes= given again (first on line "
                    + d.blockSizesAt.line() + "); the last one counts");
            d.blockSizes.clear();
        }
        d.blockSizesAt = value;
        int offset = 0;
        for (String part : value.text().split(",", -1)) {
            try {
                int size = Integer.parseInt(part.strip());
                if (size <= 0) {
                    throw new NumberFormatException();
                }
                d.blockSizes.add(size);
            } catch (NumberFormatException e) {
                diagnostics.error(value.line(), value.columnAt(offset), "block size \"" + part
                        + "\" is not a positive number");
            }
            offset += part.length() + 1;
        }
    }

    /** The values of the line's keys; unknown keys and repeated keys are reported. */
    private static Map<String, LocatedText> values(List<KeyValue> pairs, Set<String> allowed, String what,
                                                   Diagnostics diagnostics) {
        Map<String, LocatedText> out = new LinkedHashMap<>();
        for (KeyValue kv : pairs.subList(1, pairs.size())) {
            if (!allowed.contains(kv.key)) {
                diagnostics.error(kv.value.line(), kv.keyColumn, "unknown key " + kv.rawKey + "= for " + what
                        + "; Slurm refuses to start");
            } else if (out.put(kv.key, kv.value) != null) {
                diagnostics.warning(kv.value.line(), kv.keyColumn, kv.rawKey + "= given twice on one line;"
                        + " the last one counts");
            }
        }
        return out;
    }

    /** Splits a line into {@code key=value} tokens at blanks; reports tokens that are not pairs. */
    private static List<KeyValue> pairs(String line, int lineNo, Diagnostics diagnostics) {
        List<KeyValue> out = new ArrayList<>();
        int p = 0;
        while (p < line.length()) {
            while (p < line.length() && Character.isWhitespace(line.charAt(p))) {
                p++;
            }
            if (p >= line.length()) {
                break;
            }
            int start = p;
            boolean quoted = false;
            while (p < line.length() && (quoted || !Character.isWhitespace(line.charAt(p)))) {
                if (line.charAt(p) == '"') {
                    quoted = !quoted;
                }
                p++;
            }
            String token = line.substring(start, p);
            int eq = token.indexOf('=');
            if (eq <= 0) {
                diagnostics.error(lineNo, start + 1, "expected key=value, found \"" + token + "\"");
                continue;
            }
            String value = token.substring(eq + 1);
            int valueColumn = start + eq + 2;
            if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                value = value.substring(1, value.length() - 1);
                valueColumn++;
            }
            String rawKey = token.substring(0, eq);
            if (value.isEmpty()) {
                diagnostics.error(lineNo, start + 1, rawKey + "= has no value");
                continue;
            }
            out.add(new KeyValue(rawKey.toLowerCase(Locale.ROOT), rawKey, start + 1,
                    new LocatedText(value, lineNo, valueColumn)));
        }
        return out;
    }

    private record KeyValue(String key, String rawKey, int keyColumn, LocatedText value) {
    }
}
