package org.topoplanner.importers.slurm;

import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.hostlist.HostlistSyntaxException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.slurm.NodeLine;

/**
 * Turns one {@code NodeName=} line of {@code slurm.conf} into one {@link NodeLine} per host, after
 * applying the {@code NodeName=DEFAULT} values seen so far; {@code NodeAddr=} and
 * {@code NodeHostname=} hostlists are expanded in step with {@code NodeName=}.
 */
final class NodeLineBuilder {
    /** The node keys this model reads; the rest go to {@link NodeLine#other()} as written. */
    private static final Map<String, String> FIELDS = Map.ofEntries(
            Map.entry("cpus", "CPUs"), Map.entry("procs", "CPUs"), Map.entry("boards", "Boards"),
            Map.entry("sockets", "Sockets"), Map.entry("socketsperboard", "Sockets"),
            Map.entry("corespersocket", "CoresPerSocket"), Map.entry("threadspercore", "ThreadsPerCore"),
            Map.entry("realmemory", "RealMemory"), Map.entry("gres", "Gres"), Map.entry("weight", "Weight"),
            Map.entry("feature", "Features"), Map.entry("features", "Features"), Map.entry("nodeaddr", "NodeAddr"));

    /** Folded key to the pair given by {@code NodeName=DEFAULT} lines; later defaults override earlier ones. */
    private final Map<String, SlurmConfPair> defaults = new LinkedHashMap<>();
    private final String path;
    private final Diagnostics diagnostics;
    /** Hosts named by the NodeName lines built so far, bounded by {@link Hostlist#MAX_HOSTS}. */
    private long hostsSoFar;

    NodeLineBuilder(String path, Diagnostics diagnostics) {
        this.path = path;
        this.diagnostics = diagnostics;
    }

    /** Carries the defaults of an earlier file (slurm.conf before an included nodes.conf). */
    NodeLineBuilder withDefaults(NodeLineBuilder earlier) {
        defaults.putAll(earlier.defaults);
        hostsSoFar = earlier.hostsSoFar;
        return this;
    }

    /** The nodes of one {@code NodeName=} line (none for a {@code DEFAULT} line or a bad hostlist). */
    List<LocatedNodeLine> build(SlurmConfLine line) {
        SlurmConfPair name = line.pair("NodeName").orElseThrow();
        Map<String, SlurmConfPair> own = new LinkedHashMap<>();
        for (SlurmConfPair p : line.pairs()) {
            if (!p.is("NodeName")) {
                String folded = FIELDS.containsKey(p.folded()) ? FIELDS.get(p.folded()) : p.folded();
                own.put(folded.toLowerCase(java.util.Locale.ROOT), p);
            }
        }
        if (name.value().equalsIgnoreCase("DEFAULT")) {
            defaults.putAll(own);
            return List.of();
        }
        List<String> hosts;
        try {
            hosts = Hostlist.expand(name.value());
        } catch (HostlistSyntaxException e) {
            diagnostics.error(name.valueLine(), name.valueColumn(), "invalid NodeName hostlist '"
                    + SlurmConfLexer.abbreviate(name.value()) + "': " + e.getMessage() + "; line skipped");
            return List.of();
        }
        if (hostsSoFar + hosts.size() > Hostlist.MAX_HOSTS) {
            // Each host becomes a node of the model; past this many the file describes no real cluster
            // and reading it would only cost minutes and gigabytes.
            diagnostics.error(name.valueLine(), name.valueColumn(), "NodeName lines of this file name more than "
                    + Hostlist.MAX_HOSTS + " hosts in all (" + hostsSoFar + " before this line, " + hosts.size()
                    + " on it); line skipped");
            return List.of();
        }
        hostsSoFar += hosts.size();
        Map<String, SlurmConfPair> all = new LinkedHashMap<>(defaults);
        all.putAll(own);
        List<String> addrs = inStep(all.get("nodeaddr"), hosts.size());
        Integer cpus = layout(all.get("cpus"), 65536);
        Integer boards = layout(all.get("boards"), 64);
        Integer sockets = layout(all.get("sockets"), 64);
        Integer cps = layout(all.get("corespersocket"), 4096);
        Integer tpc = layout(all.get("threadspercore"), 16);
        Long memory = number(all.get("realmemory"));
        Integer weight = integer(all.get("weight"));
        String gres = all.containsKey("gres") ? all.get("gres").value() : null;
        List<String> features = new ArrayList<>();
        if (all.containsKey("features")) {
            for (String f : all.get("features").value().split(",")) {
                if (!f.isBlank()) {
                    features.add(f.strip());
                }
            }
        }
        if (sockets == null && cpus != null) {
            int per = (boards == null ? 1 : boards) * (cps == null ? 1 : cps) * (tpc == null ? 1 : tpc);
            if (per > 0 && cpus % per == 0) {
                sockets = cpus / per;
            }
        }
        checkCpus(all.get("cpus"), cpus, boards, sockets, cps, tpc);
        Map<String, String> other = new LinkedHashMap<>();
        all.forEach((k, p) -> {
            if (!FIELDS.containsValue(canonical(k)) && !k.equals("nodeaddr")) {
                other.put(p.key(), p.value());
            }
        });
        List<LocatedNodeLine> out = new ArrayList<>();
        int gresColumn = all.containsKey("gres") && own.containsKey("gres") ? all.get("gres").valueColumn()
                : name.column();
        for (int i = 0; i < hosts.size(); i++) {
            NodeLine n = new NodeLine(hosts.get(i), cpus, boards, sockets, cps, tpc, memory, gres, weight, features,
                    addrs.isEmpty() ? null : addrs.get(i), other);
            out.add(new LocatedNodeLine(n, path, name.line(), name.column(), gresColumn));
        }
        return out;
    }

    private static String canonical(String folded) {
        return FIELDS.values().stream().filter(v -> v.equalsIgnoreCase(folded)).findFirst().orElse(folded);
    }

    /** A NodeAddr hostlist expanded and cycled to one address per node, as Slurm's expansion does. */
    private List<String> inStep(SlurmConfPair addr, int hostCount) {
        if (addr == null) {
            return List.of();
        }
        List<String> addrs;
        try {
            addrs = Hostlist.expand(addr.value());
        } catch (HostlistSyntaxException e) {
            diagnostics.warning(addr.valueLine(), addr.valueColumn(), "invalid NodeAddr hostlist '"
                    + SlurmConfLexer.abbreviate(addr.value()) + "': " + e.getMessage() + "; ignored");
            return List.of();
        }
        if (addrs.isEmpty()) {
            return List.of();
        }
        if (addrs.size() != hostCount) {
            diagnostics.warning(addr.valueLine(), addr.valueColumn(), "NodeAddr names " + addrs.size()
                    + " addresses for " + hostCount + " nodes; Slurm pairs them in order and needs as many");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < hostCount; i++) {
            out.add(addrs.get(i % addrs.size()));
        }
        return out;
    }

    private void checkCpus(SlurmConfPair at, Integer cpus, Integer boards, Integer sockets, Integer cps, Integer tpc) {
        if (cpus == null || sockets == null || cps == null) {
            return;
        }
        int cores = (boards == null ? 1 : boards) * sockets * cps;
        int threads = cores * (tpc == null ? 1 : tpc);
        if (cpus != cores && cpus != threads) {
            diagnostics.warning(at.valueLine(), at.valueColumn(), "CPUs=" + cpus + " is neither the " + threads
                    + " threads nor the " + cores + " cores that Boards/Sockets/CoresPerSocket/ThreadsPerCore give");
        }
    }

    /**
     * A count of the CPU layout: at least 1 (Sockets=0 would divide the node by nothing) and at most
     * {@code max}, far above any machine, so that CoresPerSocket=2147483647 does not build two
     * billion cores. Outside that it is a warning and the value is ignored, as a bad number is.
     */
    private Integer layout(SlurmConfPair p, int max) {
        Integer n = integer(p);
        if (n != null && (n < 1 || n > max)) {
            diagnostics.warning(p.valueLine(), p.valueColumn(), p.key() + "=" + p.value() + " is outside 1.." + max
                    + "; ignored");
            return null;
        }
        return n;
    }

    private Integer integer(SlurmConfPair p) {
        Long n = number(p);
        if (n != null && n > Integer.MAX_VALUE) {
            diagnostics.warning(p.valueLine(), p.valueColumn(), p.key() + "=" + p.value() + " is too large; ignored");
            return null;
        }
        return n == null ? null : n.intValue();
    }

    private Long number(SlurmConfPair p) {
        if (p == null) {
            return null;
        }
        String v = p.value().strip();
        if (v.isEmpty() || v.length() > 18 || !v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            diagnostics.warning(p.valueLine(), p.valueColumn(), p.key() + "='" + SlurmConfLexer.abbreviate(v)
                    + "' is not a whole number; ignored");
            return null;
        }
        return Long.parseLong(v);
    }
}
