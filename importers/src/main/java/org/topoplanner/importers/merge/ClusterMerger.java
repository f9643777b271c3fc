package org.topoplanner.importers.merge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.export.ExportManifestReader;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.node.NodeTopology;

/**
 * Merges what several sources say into one {@link Cluster}, and reports every disagreement.
 *
 * <ul>
 *   <li><b>Fabric</b>: see {@link FabricMerger} ({@code ibnetdiscover} over {@code topology.conf}).
 *       Without any fabric, the cluster gets one with its hosts and no switches.</li>
 *   <li><b>Hosts</b>: every host a source names, in Slurm's node line order first, then fabric order,
 *       then the other sources' order. A source that names several hosts or has a fabric speaks for
 *       the whole cluster: hosts it lacks that another such source has are warnings.</li>
 *   <li><b>Unnamed host</b>: a source that does not name its host ({@code nvidia-smi topo -m},
 *       {@code slurmd -G}, a {@code gres.conf} without {@code NodeName=}) describes a node type. When
 *       other sources name hosts it applies to every one of them as a template (said in an info);
 *       when none does, it stays one host under its own key.</li>
 *   <li><b>Node insides</b>: see {@link NodeInsideMerger} (hwloc > nvidia-smi > Slurm, combined where
 *       complementary).</li>
 *   <li><b>Host attributes</b> (weight, features) and <b>Slurm and Kubernetes settings</b> are
 *       concatenated; the same node line, key or attribute with different values is a warning.</li>
 *   <li><b>Conflicts</b>: where the merge took one side (the fabric, a group of hosts' insides,
 *       hosts only some fabrics have), it says so as a {@link SourceConflict}; a {@link MergeChoices}
 *       answer makes it take the other side, and the diagnostics then compare against that side.</li>
 *   <li><b>Name</b>: {@code ClusterName=} of slurm.conf, else the cluster an export manifest was
 *       written for, else the first source's file or folder name without extension, else
 *       {@code cluster}.</li>
 * </ul>
 */
public final class ClusterMerger {

    /** The merge with the rank-based defaults: the richest source wins every conflict, no host is dropped. */
    public MergedCluster merge(List<ImportResult> sources) {
        return merge(sources, MergeChoices.none());
    }

    /**
     * The merge with a person's answers to the conflicts of an earlier merge of the same sources; the
     * result lists the conflicts again, each with the option now in use.
     */
    public MergedCluster merge(List<ImportResult> sources, MergeChoices choices) {
        List<Diagnostic> out = new ArrayList<>();
        List<SourceConflict> conflicts = new ArrayList<>();
        List<Diagnostic> fromSources = new ArrayList<>();
        sources.forEach(r -> fromSources.addAll(r.diagnostics()));
        Fabric fabric = FabricMerger.merge(sources, choices, out, conflicts);
        Set<String> dropped = HostPresence.resolve(sources, choices, out, conflicts);
        if (fabric != null && !dropped.isEmpty()) {
            fabric = DroppedHosts.fabric(fabric, dropped);
        }
        Set<String> hosts = namedHosts(sources, fabric);
        hosts.removeAll(dropped);
        compareHostSets(sources, out);
        Map<String, List<NodeInsideMerger.Candidate>> candidates = new LinkedHashMap<>();
        hosts.forEach(h -> candidates.put(h, new ArrayList<>()));
        for (ImportResult r : sources) {
            String unnamed = r.part().unnamedHost();
            for (Map.Entry<String, NodeTopology> e : r.part().nodes().entrySet()) {
                String path = r.source().path();
                if (e.getKey().equals(unnamed)) {
                    applyTemplate(r, e.getValue(), hosts, candidates, out);
                } else if (!dropped.contains(e.getKey())) {
                    candidates.computeIfAbsent(e.getKey(), k -> new ArrayList<>())
                            .add(new NodeInsideMerger.Candidate(e.getValue(), r.format(), path, false));
                }
            }
        }
        NodeInsideChoices insides = new NodeInsideChoices(choices);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        candidates.forEach((h, list) -> nodes.put(h, insides.merge(h, list, out)));
        conflicts.addAll(insides.conflicts());
        if (fabric == null) {
            FabricBuilder b = new FabricBuilder();
            nodes.keySet().forEach(b::addHost);
            fabric = b.build();
            if (!sources.isEmpty()) {
                // said of the first source, the one a reader of the message most likely meant to carry the fabric
                out.add(Diagnostic.info(sources.get(0).source().path(), 1, 1,
                        "no source describes the fabric: the hosts stand without switches"));
            }
        }
        Map<String, HostAttributes> attributes = mergeAttributes(sources, out);
        attributes.keySet().removeAll(dropped);
        SettingsMerger settings = new SettingsMerger(out);
        sources.forEach(settings::add);
        Cluster cluster = new Cluster(name(sources, settings), fabric, nodes, attributes,
                DroppedHosts.slurm(settings.slurm(), dropped), DroppedHosts.kubernetes(settings.kubernetes(), dropped),
                NvlinkDomainMerger.merge(sources, nodes.keySet(), out));
        return new MergedCluster(cluster, fromSources, out, conflicts);
    }

    private static void applyTemplate(ImportResult r, NodeTopology node, Set<String> hosts,
                                      Map<String, List<NodeInsideMerger.Candidate>> candidates, List<Diagnostic> out) {
        String path = r.source().path();
        if (hosts.isEmpty()) {
            candidates.computeIfAbsent(r.part().unnamedHost(), k -> new ArrayList<>())
                    .add(new NodeInsideMerger.Candidate(node, r.format(), path, false));
            return;
        }
        for (String h : hosts) {
            candidates.get(h).add(new NodeInsideMerger.Candidate(node, r.format(), path, true));
        }
        out.add(Diagnostic.info(path, 0, 0, "this source names no host: its node (" + node.gpus().size() + " GPUs"
                + (node.cores() == null ? "" : ", " + node.cores() + " cores") + ") applies to every one of the "
                + hosts.size() + " hosts as a template"));
    }

    /** Hosts named by any source, Slurm node line order first. */
    private static Set<String> namedHosts(List<ImportResult> sources, Fabric fabric) {
        Set<String> hosts = new LinkedHashSet<>();
        sources.forEach(r -> r.part().slurm().nodeLines().forEach(n -> hosts.add(n.name())));
        if (fabric != null) {
            hosts.addAll(FabricMerger.hostNames(fabric));
        }
        for (ImportResult r : sources) {
            hosts.addAll(hostsOf(r));
        }
        return hosts;
    }

    private static Set<String> hostsOf(ImportResult r) {
        Set<String> hosts = new LinkedHashSet<>();
        r.part().slurm().nodeLines().forEach(n -> hosts.add(n.name()));
        if (r.part().fabric() != null) {
            hosts.addAll(FabricMerger.hostNames(r.part().fabric()));
        }
        r.part().nodes().keySet().stream().filter(h -> !h.equals(r.part().unnamedHost())).forEach(hosts::add);
        hosts.addAll(r.part().hosts().keySet());
        hosts.addAll(r.part().kubernetes().nodeLabels().keySet());
        r.part().nvlink().all().forEach(d -> hosts.addAll(d.hosts()));
        return hosts;
    }

    /** Sources with a fabric or several hosts speak for the cluster; each lacking a host of another is a warning. */
    private static void compareHostSets(List<ImportResult> sources, List<Diagnostic> out) {
        List<ImportResult> wide = sources.stream()
                .filter(r -> r.part().fabric() != null || hostsOf(r).size() > 1).toList();
        for (ImportResult r : wide) {
            Set<String> mine = hostsOf(r);
            Set<String> missing = new LinkedHashSet<>();
            List<String> others = new ArrayList<>();
            for (ImportResult o : wide) {
                if (o == r) {
                    continue;
                }
                Set<String> theirs = new LinkedHashSet<>(hostsOf(o));
                theirs.removeAll(mine);
                if (!theirs.isEmpty()) {
                    missing.addAll(theirs);
                    others.add(o.source().path());
                }
            }
            if (!missing.isEmpty()) {
                out.add(Diagnostic.warning(r.source().path(), 0, 0, "this source lacks " + missing.size()
                        + " host(s) that " + String.join(", ", others) + " name(s): " + FabricMerger.list(missing)));
            }
        }
    }

    private static Map<String, HostAttributes> mergeAttributes(List<ImportResult> sources, List<Diagnostic> out) {
        Map<String, HostAttributes> attributes = new LinkedHashMap<>();
        Map<String, String> from = new LinkedHashMap<>();
        for (ImportResult r : sources) {
            r.part().hosts().forEach((h, a) -> {
                HostAttributes before = attributes.putIfAbsent(h, a);
                if (before == null) {
                    from.put(h, r.source().path());
                } else if (!before.equals(a)) {
                    out.add(Diagnostic.warning(r.source().path(), 0, 0, h + ": weight " + a.weight() + " features "
                            + a.features() + " here, weight " + before.weight() + " features " + before.features()
                            + " in " + from.get(h) + " (kept the latter)"));
                }
            });
        }
        return attributes;
    }

    private static String name(List<ImportResult> sources, SettingsMerger settings) {
        String fromConf = settings.keyIgnoringCase("ClusterName");
        if (fromConf != null && !fromConf.isBlank()) {
            return fromConf;
        }
        for (ImportResult r : sources) {
            if (r.format() == Format.EXPORT_MANIFEST) {
                Optional<String> exported = ExportManifestReader.clusterName(r.source());
                if (exported.isPresent()) {
                    return exported.get();
                }
            }
        }
        for (ImportResult r : sources) {
            if (r.format() == Format.EXPORT_MANIFEST) {
                continue;
            }
            String f = r.source().fileName();
            if (!f.isBlank()) {
                int dot = f.indexOf('.');
                return dot > 0 ? f.substring(0, dot) : f;
            }
        }
        return "cluster";
    }
}
