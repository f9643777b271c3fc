package org.topoplanner.importers.nvsmi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.nvsmi.TopoMatrix.AffinityColumn;
import org.topoplanner.importers.nvsmi.TopoMatrix.AffinityKind;
import org.topoplanner.importers.nvsmi.TopoMatrix.Cell;
import org.topoplanner.importers.nvsmi.TopoMatrix.Header;
import org.topoplanner.importers.nvsmi.TopoMatrix.Row;

/**
 * Splits the text of an {@code nvidia-smi topo} paste into a {@link TopoMatrix}. Cells are found
 * by vocabulary, so tabs, runs of spaces, mixes of both and glued cells all read the same; the
 * affinity cells after the matrix are matched to their columns by {@link AffinityCells}.
 */
final class TopoMatrixParser {
    private static final Pattern LEGEND = Pattern.compile("^\\s*Legend\\s*:", Pattern.CASE_INSENSITIVE);
    private static final Pattern NIC_LEGEND = Pattern.compile("^\\s*NIC\\s+Legend\\s*:", Pattern.CASE_INSENSITIVE);
    private static final Pattern LEGEND_WORD = Pattern.compile("^\\s*(\\S+)\\s*=");
    private static final Pattern NIC_ENTRY = Pattern.compile("^\\s*(NIC\\d+)\\s*:\\s*(\\S+)");
    private static final List<Pattern> AFFINITY_TITLES = List.of(MatrixVocabulary.CPU_AFFINITY,
            MatrixVocabulary.NUMA_AFFINITY, MatrixVocabulary.GPU_NUMA_ID);

    private final MatrixVocabulary vocabulary;
    private final Diagnostics diagnostics;

    TopoMatrixParser(MatrixVocabulary vocabulary, Diagnostics diagnostics) {
        this.vocabulary = vocabulary;
        this.diagnostics = diagnostics;
    }

    TopoMatrix parse(List<String> lines) {
        String promptHost = null;
        String command = null;
        int promptLine = 0;
        Header header = null;
        List<Row> rows = new ArrayList<>();
        Map<String, String> nicLegend = new LinkedHashMap<>();
        Set<String> legendWords = new LinkedHashSet<>();
        boolean legendSeen = false;
        boolean inNicLegend = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int number = i + 1;
            if (header == null) {
                Optional<ShellPrompt> prompt = ShellPrompt.find(line);
                if (prompt.isPresent()) {
                    promptHost = prompt.get().host();
                    command = prompt.get().command();
                    promptLine = number;
                    continue;
                }
                header = header(line, number).orElse(null);
                continue;
            }
            if (NIC_LEGEND.matcher(line).find()) {
                legendSeen = true;
                inNicLegend = true;
                continue;
            }
            if (LEGEND.matcher(line).find()) {
                legendSeen = true;
                continue;
            }
            if (legendSeen) {
                Matcher nic = NIC_ENTRY.matcher(line);
                if (inNicLegend && nic.find()) {
                    nicLegend.put(nic.group(1), nic.group(2));
                } else {
                    Matcher word = LEGEND_WORD.matcher(line);
                    if (word.find()) {
                        legendWords.add(word.group(1));
                    }
                }
                continue;
            }
            if (line.isBlank()) {
                continue;
            }
            Optional<Row> row = row(line, number, header);
            if (row.isPresent()) {
                rows.add(row.get());
            } else if (header(line, number).isPresent()) {
                diagnostics.warning(number, 1, "a second matrix starts here; only the first one is read");
                break;
            } else if (line.contains("MIG")) {
                diagnostics.info(number, firstNonBlank(line),
                        "MIG device line skipped: MIG instances share the topology of their parent GPU");
            } else {
                diagnostics.warning(number, firstNonBlank(line), "not a matrix row (it does not start with a device"
                        + " of the header): '" + abbreviate(line.strip()) + "'");
            }
        }
        return new TopoMatrix(promptHost, promptLine, command, header, rows, nicLegend, legendWords, legendSeen);
    }

    /** Reads a line as a header: device labels and affinity titles only, with at least one GPU. */
    Optional<Header> header(String line, int number) {
        List<Cell> devices = new ArrayList<>();
        List<AffinityColumn> affinity = new ArrayList<>();
        int p = 0;
        while (true) {
            p = skipBlanks(line, p);
            if (p >= line.length()) {
                break;
            }
            int end = affinityTitle(line, p, affinity);
            if (end > p) {
                p = end;
                continue;
            }
            if (!affinity.isEmpty()) {
                return Optional.empty();
            }
            Matcher device = MatrixVocabulary.DEVICE.matcher(line).region(p, line.length());
            if (device.lookingAt()) {
                devices.add(new Cell(device.group(), number, p + 1));
                p = device.end();
                continue;
            }
            Matcher other = MatrixVocabulary.OTHER_DEVICE.matcher(line).region(p, line.length());
            if (!other.lookingAt() || (other.end() < line.length() && !isBlank(line.charAt(other.end())))
                    || isCellWord(other.group())) {
                return Optional.empty();
            }
            devices.add(new Cell(other.group(), number, p + 1));
            p = other.end();
        }
        boolean hasGpu = devices.stream().anyMatch(d -> d.text().matches("GPU\\d+"));
        return hasGpu ? Optional.of(new Header(number, devices, affinity)) : Optional.empty();
    }

    private int affinityTitle(String line, int p, List<AffinityColumn> affinity) {
        for (int k = 0; k < AFFINITY_TITLES.size(); k++) {
            Matcher m = AFFINITY_TITLES.get(k).matcher(line).region(p, line.length());
            if (m.lookingAt()) {
                affinity.add(new AffinityColumn(AffinityKind.values()[k], ScreenColumns.of(line, p)));
                return m.end();
            }
        }
        return p;
    }

    /** Reads a line as a row of the matrix whose header is given. */
    Optional<Row> row(String line, int number, Header header) {
        int p = skipBlanks(line, 0);
        List<String> labels = new ArrayList<>(header.labels());
        labels.sort(Comparator.comparingInt(String::length).reversed());
        String label = null;
        for (String l : labels) {
            int end = p + l.length();
            if (line.startsWith(l, p) && (end >= line.length() || !Character.isDigit(line.charAt(end)))) {
                label = l;
                break;
            }
        }
        if (label == null) {
            return Optional.empty();
        }
        Cell labelCell = new Cell(label, number, p + 1);
        p += label.length();
        List<Cell> cells = new ArrayList<>();
        Matcher cell = vocabulary.cell().matcher(line);
        while (cells.size() < header.devices().size()) {
            int q = skipBlanks(line, p);
            if (q >= line.length() || !cell.region(q, line.length()).lookingAt()) {
                break;
            }
            int digitsEnd = cell.end();
            while (digitsEnd < line.length() && Character.isDigit(line.charAt(digitsEnd))) {
                digitsEnd++;
            }
            boolean lastCell = cells.size() + 1 == header.devices().size();
            boolean gluedCpuList = lastCell && !header.affinity().isEmpty() && (digitsEnd - cell.end() <= 7
                    || (digitsEnd < line.length() && (line.charAt(digitsEnd) == '-' || line.charAt(digitsEnd) == ',')));
            if (cell.group().startsWith("NV") && digitsEnd > cell.end() && !gluedCpuList) {
                // Only the last cell can have a CPU list glued to it (NV180-71), and a CPU id has at most 7
                // digits; anywhere else the digits belong to the cell, and NV9223372036854775808 is no lane
                // count (NVLink has at most 18).
                diagnostics.error(number, q + 1, "'" + abbreviate(line.substring(q, digitsEnd))
                        + "' is not a link class: NV takes a lane count of at most two digits");
                break;
            }
            cells.add(new Cell(cell.group(), number, q + 1));
            p = cell.end();
        }
        Map<AffinityKind, Cell> affinity = new EnumMap<>(AffinityKind.class);
        new AffinityCells(header.affinity(), diagnostics).assign(line, number, p, affinity);
        return Optional.of(new Row(labelCell, cells, affinity));
    }

    private static boolean isCellWord(String word) {
        return MatrixVocabulary.TOPOLOGY.cell().matcher(word).matches()
                || MatrixVocabulary.P2P.cell().matcher(word).matches();
    }

    static int skipBlanks(String line, int p) {
        while (p < line.length() && isBlank(line.charAt(p))) {
            p++;
        }
        return p;
    }

    static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\u00a0';
    }

    private static int firstNonBlank(String line) {
        return Math.min(skipBlanks(line, 0), Math.max(line.length() - 1, 0)) + 1;
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
