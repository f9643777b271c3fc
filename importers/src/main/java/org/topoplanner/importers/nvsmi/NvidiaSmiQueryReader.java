package org.topoplanner.importers.nvsmi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.GpuFabric;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/**
 * Reads the NVLink fabric registration of GPUs from {@code nvidia-smi -q} (also {@code -a},
 * {@code --query}): each GPU's {@code Fabric} section ({@code State}, {@code Status}, {@code CliqueId},
 * {@code ClusterUUID}), into multi-node NVLink domains, one per {@code <ClusterUUID>.<CliqueId>}.
 *
 * <p>Accepted shapes: the whole output; the output grepped for its Fabric lines (as Topograph's
 * bare-metal provider runs {@code pdsh -w <nodes> 'nvidia-smi -q | grep ClusterUUID'}), where each
 * {@code CliqueId} starts the next GPU and a missing {@code State} is taken as registered; and either
 * of these from many hosts with pdsh's {@code host: } prefix. Without prefixes the host is named by a
 * shell prompt line ({@code root@gb-01:~# nvidia-smi -q}), else by the file name (said in an info).
 *
 * <p>A GPU whose state is not {@code Completed}/{@code Success}, or that reports the all-zero
 * cluster UUID (H100 and other single-node NVLink systems do), is in no domain; a host whose GPUs
 * registered into different cliques is a warning and stays in its first GPU's clique.
 */
public final class NvidiaSmiQueryReader implements FormatReader {
    private static final Pattern PDSH = Pattern.compile("^([A-Za-z0-9][A-Za-z0-9._-]{0,62}): ");
    private static final Pattern FIELD = Pattern.compile("^(\\s*)([A-Za-z][A-Za-z0-9 ./()-]*?)\\s*:\\s*(.*?)\\s*$");
    private static final Pattern GPU_HEADER = Pattern.compile("^GPU ([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\\.[0-9A-Fa-f])\\s*$");
    private static final Pattern FABRIC_HEADER = Pattern.compile("^(?:[A-Za-z0-9._-]{1,63}: )?\\s*Fabric\\s*$");
    private static final Pattern CLIQUE = Pattern.compile("\\d{1,10}");
    private static final Pattern UUID = Pattern.compile("[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}");

    @Override
    public Format format() {
        return Format.NVIDIA_SMI_QUERY;
    }

    @Override
    public int detect(SourceText source) {
        String t = source.text();
        if (t.contains("==============NVSMI LOG==============")) {
            return 95;
        }
        boolean uuid = Pattern.compile("ClusterUUID\\s+:").matcher(t).find();
        boolean clique = Pattern.compile("CliqueId\\s+:").matcher(t).find();
        return uuid && clique ? 85 : uuid ? 60 : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        List<String> lines = source.lines();
        Map<String, List<Integer>> byHost = hostsOf(lines);
        boolean prefixed = !byHost.isEmpty();
        // whole output has Fabric headers; a grep for the clique lines has none
        boolean sections = lines.stream().anyMatch(l -> FABRIC_HEADER.matcher(l).matches());
        List<NvlinkDomain> domains = new ArrayList<>();
        Map<String, Integer> gpusPerHost = new LinkedHashMap<>();
        if (byHost.isEmpty()) {
            String host = hostOfUnprefixed(source, lines, d);
            List<Integer> all = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                all.add(i);
            }
            byHost.put(host, all);
        }
        boolean anyState = lines.stream().anyMatch(l -> l.matches(".*\\bState\\s+:.*"));
        if (!anyState) {
            d.info(1, 1, "no Fabric State lines (the output was grepped for its clique lines): every GPU listed is"
                    + " taken as registered with the fabric manager");
        }
        byHost.forEach((host, indices) -> {
            List<FabricRecord> records = records(lines, indices, prefixed, sections, anyState, d);
            gpusPerHost.put(host, records.size());
            domainOf(host, records, d).ifPresent(domains::add);
        });
        if (gpusPerHost.values().stream().allMatch(n -> n == 0)) {
            d.error(1, 1, "no GPU Fabric section: not nvidia-smi -q output of a driver that reports NVLink fabric"
                    + " state (R550 or later)");
        }
        NvlinkDomains found = NvlinkDomains.of(domains);
        d.info(1, 1, gpusPerHost.size() + " host(s), " + gpusPerHost.values().stream().mapToInt(Integer::intValue).sum()
                + " GPU fabric section(s), " + found.size() + " multi-node NVLink domain(s)");
        ClusterPart part = new ClusterPart(null, Map.of(), Map.of(), null, null, null, found);
        return new ImportResult(source, format(), part, d.list());
    }

    /** Line indices per pdsh host when every non-blank line carries a prefix, else empty. */
    private static Map<String, List<Integer>> hostsOf(List<String> lines) {
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.isBlank()) {
                continue;
            }
            Matcher m = PDSH.matcher(l);
            if (!m.find()) {
                return new LinkedHashMap<>();
            }
            out.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(i);
        }
        return out;
    }

    private static String hostOfUnprefixed(SourceText source, List<String> lines, Diagnostics d) {
        for (String l : lines) {
            var prompt = ShellPrompt.find(l);
            if (prompt.isPresent()) {
                return prompt.get().host();
            }
        }
        String name = source.fileName();
        int dot = name.indexOf('.');
        String host = dot > 0 ? name.substring(0, dot) : name.isBlank() ? "host" : name;
        d.info(1, 1, "nvidia-smi -q does not name its host: the file name gives it, " + host
                + " (pdsh -w <hosts> 'nvidia-smi -q' output names every host)");
        return host;
    }

    /** The GPUs' fabric records among one host's lines. */
    private static List<FabricRecord> records(List<String> lines, List<Integer> indices, boolean prefixed,
                                              boolean sections, boolean anyState, Diagnostics d) {
        List<FabricRecord> out = new ArrayList<>();
        String busId = null;
        String model = null;
        Fields f = null;
        int fabricIndent = -1;
        for (int i : indices) {
            String raw = lines.get(i);
            int shift = 0;
            String l = raw;
            if (prefixed) {
                Matcher p = PDSH.matcher(raw);
                if (p.find()) {
                    shift = p.end();
                    l = raw.substring(shift);
                }
            }
            if (l.isBlank()) {
                continue;
            }
            int indent = l.length() - l.stripLeading().length();
            if (sections && fabricIndent >= 0 && indent <= fabricIndent) {
                // the Fabric section ended: whole output reads clique lines only inside it
                f = flush(f, out, anyState, d);
                fabricIndent = -1;
            }
            Matcher gpu = GPU_HEADER.matcher(l);
            if (gpu.matches()) {
                f = flush(f, out, anyState, d);
                busId = gpu.group(1);
                model = null;
                continue;
            }
            if (l.strip().equals("Fabric")) {
                f = flush(f, out, anyState, d);
                f = new Fields(busId, model);
                fabricIndent = indent;
                continue;
            }
            Matcher m = FIELD.matcher(l);
            if (!m.matches()) {
                continue;
            }
            String key = m.group(2);
            String value = m.group(3);
            int column = shift + m.start(3) + 1;
            if (key.equals("Product Name")) {
                model = value;
                continue;
            }
            if (key.equals("Summary") && f != null && value.equalsIgnoreCase("Unhealthy")) {
                d.warning(i + 1, Math.min(column, Math.max(1, raw.length())), "fabric health Unhealthy: the GPU stays"
                        + " in its NVLink domain, but its NVLink bandwidth may be degraded (nvidia-smi -q Fabric Health)");
                continue;
            }
            if (!key.equals("State") && !key.equals("Status") && !key.equals("CliqueId") && !key.equals("ClusterUUID")
                    || sections && fabricIndent < 0) {
                continue;
            }
            if (f == null || key.equals("CliqueId") && f.clique != null
                    || key.equals("ClusterUUID") && f.uuid != null) {
                // a grepped output has no Fabric header: the next GPU's lines start again
                f = flush(f, out, anyState, d);
                f = new Fields(busId, model);
            }
            f.set(key, value, i + 1, Math.min(column, Math.max(1, raw.length())), d);
        }
        flush(f, out, anyState, d);
        return out;
    }

    private static Fields flush(Fields f, List<FabricRecord> out, boolean anyState, Diagnostics d) {
        if (f != null && f.any && !f.malformed) {
            out.add(f.record(anyState));
        }
        return null;
    }

    private static java.util.Optional<NvlinkDomain> domainOf(String host, List<FabricRecord> records, Diagnostics d) {
        FabricRecord first = null;
        for (FabricRecord r : records) {
            GpuFabric g = r.fabric();
            // Topograph greps for ClusterUUID alone: the UUID is then the whole domain name
            boolean uuidOnly = g.cliqueId() == null && g.clusterUuid() != null && g.state().equals("Completed")
                    && !g.clusterUuid().equals(GpuFabric.ZERO_UUID);
            if (!g.registered() && !uuidOnly) {
                if (!g.state().equals("N/A")) {
                    d.warning(r.line(), r.column(), host + ": GPU " + (r.busId() == null ? "" : r.busId() + " ")
                            + "fabric State " + g.state() + ", Status " + g.status()
                            + (GpuFabric.ZERO_UUID.equals(g.clusterUuid()) ? ", ClusterUUID all zero" : "")
                            + ": not registered with the NVLink fabric manager, so in no multi-node NVLink domain");
                }
                continue;
            }
            if (first == null) {
                first = r;
            } else if (!name(r.fabric()).equals(name(first.fabric()))) {
                d.warning(r.line(), r.column(), host + ": this GPU is in NVLink domain " + name(r.fabric())
                        + ", an earlier one in " + name(first.fabric()) + "; the host is kept in the latter");
            }
        }
        if (first == null) {
            return java.util.Optional.empty();
        }
        GpuFabric g = first.fabric();
        return java.util.Optional.of(g.cliqueId() == null
                ? NvlinkDomain.ofBlock(g.clusterUuid(), List.of(host), DomainOrigin.NVIDIA_SMI)
                : new NvlinkDomain(g.cliqueLabel(), g.clusterUuid().toLowerCase(java.util.Locale.ROOT), g.cliqueId(),
                        List.of(host), null, null, DomainOrigin.NVIDIA_SMI));
    }

    private static String name(GpuFabric g) {
        return g.cliqueId() == null ? g.clusterUuid() : g.cliqueLabel();
    }

    /** One Fabric section being read. */
    private static final class Fields {
        private final String busId;
        private final String model;
        private String state;
        private String status;
        private Long clique;
        private String uuid;
        private boolean any;
        /** A value was not what nvidia-smi prints (warned): the GPU is left out rather than guessed. */
        private boolean malformed;
        private int line;
        private int column;

        Fields(String busId, String model) {
            this.busId = busId;
            this.model = model;
        }

        void set(String key, String value, int lineNo, int col, Diagnostics d) {
            any = true;
            if (line == 0 || key.equals("CliqueId")) {
                line = lineNo;
                column = col;
            }
            switch (key) {
                case "State" -> state = value;
                case "Status" -> status = value;
                case "CliqueId" -> {
                    if (CLIQUE.matcher(value).matches()) {
                        clique = Long.parseLong(value);
                    } else if (!value.equals("N/A")) {
                        malformed = true;
                        d.warning(lineNo, col, "CliqueId '" + value + "' is not a number; the GPU is in no domain");
                    }
                }
                default -> {
                    if (UUID.matcher(value).matches()) {
                        uuid = value.toLowerCase(java.util.Locale.ROOT);
                    } else if (!value.equals("N/A")) {
                        malformed = true;
                        d.warning(lineNo, col, "ClusterUUID '" + value + "' is not a UUID; the GPU is in no domain");
                    }
                }
            }
        }

        FabricRecord record(boolean anyState) {
            String s = state != null ? state : anyState ? "N/A" : "Completed";
            String st = status != null ? status : anyState ? "N/A" : "Success";
            return new FabricRecord(busId, model, new GpuFabric(s, st, clique, uuid), line, column);
        }
    }
}
