package org.topoplanner.importers.slurm;

import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.hostlist.HostlistSyntaxException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.slurm.GresLine;

/**
 * Turns the pairs of one {@code gres.conf} line into a {@link GresLine}, checking each value the
 * way {@code slurmd} does ({@code src/interfaces/gres.c}): {@code CPUs=} is read exactly like
 * {@code Cores=} (core indices), {@code Links=} needs exactly one {@code -1}, and a {@code Count=}
 * must match the number of {@code File=} devices.
 */
final class GresLineParser {
    /** Largest link weight Slurm accepts ({@code GRES_MAX_LINK}). */
    static final int MAX_LINK = 1023;
    static final Set<String> AUTODETECT = Set.of("nvml", "nvidia", "rsmi", "oneapi", "off");
    private static final Set<String> KNOWN = Set.of("nodename", "name", "type", "file", "files", "multiplefiles",
            "cores", "cpus", "links", "link", "count", "flags", "autodetect");

    private final String path;
    private final Diagnostics diagnostics;

    GresLineParser(String path, Diagnostics diagnostics) {
        this.path = path;
        this.diagnostics = diagnostics;
    }

    /** The line's GRES, or null when it has none (an {@code AutoDetect=} line, or an unusable line). */
    LocatedGresLine parse(SlurmConfLine line) {
        List<String> nodes = List.of();
        String name = null;
        String type = null;
        List<String> files = List.of();
        String cores = null;
        boolean fromCpus = false;
        List<Integer> links = List.of();
        Long count = null;
        SlurmConfPair countPair = null;
        String flags = null;
        String autoDetect = null;
        LocatedGresLine.Position coresAt = null;
        LocatedGresLine.Position linksAt = null;
        for (SlurmConfPair p : line.pairs()) {
            String v = p.value();
            switch (p.folded()) {
                case "nodename" -> {
                    try {
                        nodes = Hostlist.expand(v);
                    } catch (HostlistSyntaxException e) {
                        diagnostics.error(p.valueLine(), p.valueColumn(), "invalid NodeName hostlist '"
                                + SlurmConfLexer.abbreviate(v) + "': " + e.getMessage() + "; line skipped");
                        return null;
                    }
                }
                case "name" -> name = v;
                case "type" -> type = v.isEmpty() || v.equals("(null)") ? null : v;
                case "file", "files", "multiplefiles" -> {
                    try {
                        files = Hostlist.expand(v);
                    } catch (HostlistSyntaxException e) {
                        diagnostics.error(p.valueLine(), p.valueColumn(), "invalid File= range '"
                                + SlurmConfLexer.abbreviate(v) + "': " + e.getMessage());
                    }
                    if (p.is("MultipleFiles")) {
                        diagnostics.warning(p.line(), p.column(), "MultipleFiles= makes all "
                                + files.size() + " files one GPU; read here as one GPU per file");
                    }
                }
                case "cores", "cpus" -> {
                    if (cores != null) {
                        diagnostics.warning(p.line(), p.column(), "both Cores= and CPUs=; Slurm uses Cores=");
                        if (p.is("CPUs")) {
                            break;
                        }
                    }
                    try {
                        cores = CpuSet.parse(v).toString();
                        fromCpus = p.is("CPUs");
                        coresAt = new LocatedGresLine.Position(p.valueLine(), p.valueColumn());
                    } catch (IllegalArgumentException e) {
                        diagnostics.warning(p.valueLine(), p.valueColumn(), "invalid " + p.key() + "='"
                                + SlurmConfLexer.abbreviate(v) + "': not a core list; affinity dropped");
                    }
                    if (fromCpus) {
                        diagnostics.info(p.line(), p.column(), "CPUs= is the deprecated spelling of Cores=; "
                                + "Slurm reads it as core indices, not CPU ids");
                    }
                }
                case "links", "link" -> {
                    links = parseLinks(p);
                    linksAt = new LocatedGresLine.Position(p.valueLine(), p.valueColumn());
                }
                case "count" -> {
                    count = GresSpec.count(v);
                    countPair = p;
                    if (count == null) {
                        diagnostics.warning(p.valueLine(), p.valueColumn(), "Count='" + SlurmConfLexer.abbreviate(v)
                                + "' is not a number (Slurm refuses it)");
                    }
                }
                case "flags" -> flags = v;
                case "autodetect" -> {
                    autoDetect = v;
                    if (!AUTODETECT.contains(v.toLowerCase(Locale.ROOT))) {
                        diagnostics.warning(p.valueLine(), p.valueColumn(), "unknown AutoDetect='" + v
                                + "' (Slurm knows nvml, nvidia, rsmi, oneapi, off)");
                    }
                }
                default -> diagnostics.warning(p.line(), p.column(), "unknown gres.conf key '" + p.key()
                        + "' skipped (slurmd refuses the file)");
            }
        }
        if (name == null) {
            if (autoDetect == null) {
                diagnostics.warning(line.line(), 1, "line has no Name=; skipped (slurmd: Invalid GRES data, no type name)");
            }
            return null;
        }
        if (count != null && !files.isEmpty() && count != files.size() && !isShared(name)) {
            diagnostics.warning(countPair.valueLine(), countPair.valueColumn(), "Count=" + count + " but File= names "
                    + files.size() + " devices (slurmd: count does not match File value)");
        }
        if (files.isEmpty() && name.equalsIgnoreCase("gpu")) {
            diagnostics.warning(line.line(), 1, "gpu line without File=: Slurm discards file-less GPUs, "
                    + "so the node registers INVAL");
        }
        int column = line.first().map(SlurmConfPair::column).orElse(1);
        GresLine g = new GresLine(nodes, name, type, files, cores, links, count, flags, autoDetect);
        LocatedGresLine.Position start = new LocatedGresLine.Position(line.line(), column);
        return new LocatedGresLine(g, path, line.line(), column, coresAt == null ? start : coresAt,
                linksAt == null ? start : linksAt, fromCpus);
    }

    static boolean isKnownKey(String folded) {
        return KNOWN.contains(folded);
    }

    private static boolean isShared(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.equals("mps") || n.equals("shard");
    }

    /** Parses {@code -1,4,4}; {@code (null)} or an invalid list gives an empty list (Slurm ignores it). */
    private List<Integer> parseLinks(SlurmConfPair p) {
        String v = p.value();
        if (v.equals("(null)")) {
            return List.of();
        }
        List<Integer> out = new ArrayList<>();
        int selves = 0;
        for (String t : v.split(",", -1)) {
            try {
                int w = Integer.parseInt(t.strip());
                if (w < -2 || w > MAX_LINK) {
                    throw new NumberFormatException();
                }
                selves += w == -1 ? 1 : 0;
                out.add(w);
            } catch (NumberFormatException e) {
                diagnostics.warning(p.valueLine(), p.valueColumn(), "Links='" + SlurmConfLexer.abbreviate(v)
                        + "': '" + t + "' is not a weight from -2 to " + MAX_LINK + "; Slurm ignores these Links");
                return List.of();
            }
        }
        if (selves != 1) {
            diagnostics.warning(p.valueLine(), p.valueColumn(), "Links='" + SlurmConfLexer.abbreviate(v) + "' has "
                    + selves + " entries of -1 (this GPU) instead of one; Slurm ignores these Links");
            return List.of();
        }
        return out;
    }
}
