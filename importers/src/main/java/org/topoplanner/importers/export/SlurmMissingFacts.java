package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.GresLine;
import org.topoplanner.model.slurm.NodeLine;

/**
 * What the Slurm writers would have to make up because the cluster does not say it, as errors naming
 * the missing fact and the nodes it concerns (nodes with the same gap in one sentence):
 * <ul>
 *   <li>a node of unknown size (no sockets or cores from any source, no {@code CPUs=}/{@code Sockets=} on
 *       an imported node line): a bare {@code NodeName=n9} makes Slurm count 1 CPU;</li>
 *   <li>an imported node line whose {@code Gres=gpu:N} contradicts the GPUs the other sources give the
 *       node: which of the two is right is for the user to settle;</li>
 *   <li>an imported {@code gres.conf} line with {@code Count=} but no {@code File=}: the device files are
 *       unknown, and writing {@code /dev/nvidia0..} would invent them.</li>
 * </ul>
 */
final class SlurmMissingFacts {
    private static final Pattern GPU_COUNT = Pattern.compile("(?i)(?:^|,)gpu(?::[^:,]+)?:(\\d+)");

    private SlurmMissingFacts() {
    }

    static Map<String, List<Diagnostic>> check(Cluster cluster) {
        Map<String, NodeLine> lines = new LinkedHashMap<>();
        cluster.slurm().nodeLines().forEach(n -> lines.putIfAbsent(n.name(), n));
        Map<String, List<String>> unsized = new LinkedHashMap<>();
        Map<String, List<String>> gresDisagrees = new LinkedHashMap<>();
        for (String host : cluster.hostNames()) {
            NodeTopology node = cluster.node(host);
            NodeLine line = lines.get(host);
            boolean sized = node.sockets() != null && node.sockets() > 0 && node.cores() != null && node.cores() > 0;
            boolean lineSized = line != null && (line.cpus() != null || line.sockets() != null
                    || line.coresPerSocket() != null);
            if (!sized && !lineSized) {
                unsized.computeIfAbsent("", k -> new ArrayList<>()).add(host);
            }
            if (line != null && line.gres() != null) {
                int said = gpus(line.gres());
                if (said >= 0 && said != node.gpus().size()) {
                    gresDisagrees.computeIfAbsent("Gres=" + line.gres() + " in slurm.conf, but " + node.gpus().size()
                            + " GPUs from the other sources (gres.conf lines, nvidia-smi, hwloc)", k -> new ArrayList<>())
                            .add(host);
                }
            }
        }
        List<Diagnostic> nodes = new ArrayList<>();
        unsized.values().forEach(hosts -> nodes.add(Diagnostic.error(SlurmFiles.NODES, 1, 1, "the size of "
                + Hostlist.compressSorted(hosts) + " is unknown (no sockets or cores from any source, no CPUs= or Sockets="
                + " node line): a bare NodeName line makes Slurm count 1 CPU; import its hwloc, nvidia-smi, slurmd -C"
                + " output or a node line")));
        gresDisagrees.forEach((what, hosts) -> nodes.add(Diagnostic.error(SlurmFiles.NODES, 1, 1,
                Hostlist.compressSorted(hosts) + ": " + what + "; settle which is right before exporting")));
        List<Diagnostic> gres = new ArrayList<>();
        Map<String, List<String>> countOnly = new LinkedHashMap<>();
        for (GresLine g : cluster.slurm().gres()) {
            if (g.name().equalsIgnoreCase("gpu") && g.files().isEmpty() && g.count() != null && g.count() > 0) {
                List<String> hosts = g.nodes().isEmpty() ? cluster.hostNames() : g.nodes();
                countOnly.computeIfAbsent("Count=" + g.count(), k -> new ArrayList<>()).addAll(hosts);
            }
        }
        countOnly.forEach((count, hosts) -> gres.add(Diagnostic.error(SlurmFiles.GRES, 1, 1, "gres.conf gives "
                + Hostlist.compressSorted(hosts) + " Name=gpu " + count + " without File=: the"
                + " GPU device files are unknown and the export would have to invent them; add File= (or"
                + " AutoDetect=nvml) to that gres.conf line")));
        Map<String, List<Diagnostic>> out = new LinkedHashMap<>();
        if (!nodes.isEmpty()) {
            out.put(SlurmFiles.NODES, nodes);
        }
        if (!gres.isEmpty()) {
            out.put(SlurmFiles.GRES, gres);
        }
        return out;
    }

    /** The GPU count a {@code Gres=} value gives ({@code gpu:h100:4,gpu:a100:4} is 8), -1 when it names none. */
    static int gpus(String gres) {
        Matcher m = GPU_COUNT.matcher(gres.strip());
        int total = 0;
        boolean any = false;
        while (m.find()) {
            total += Integer.parseInt(m.group(1));
            any = true;
        }
        return any ? total : -1;
    }
}
