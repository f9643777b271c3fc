package org.topoplanner.importers.hardware;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.merge.NodeInsides;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.node.NodeTopology;

/**
 * Gives a cluster's hosts their hardware (sockets, NUMA, cores, GPUs, NVLink, PCIe, NICs) from an
 * ordered list of {@code HOSTLIST=SOURCE} rules. Pure: the cluster is not changed, a new one is made.
 *
 * <p>Usage (command line and window alike):
 * <pre>{@code
 * HardwareTemplates templates = ...;                 // the app: ShippedData's templates by id
 * HardwareRule a = HardwareRule.parse("node[0001-4096]=hgx-h100-sxm", templates); // throws HardwareRuleException
 * HardwareRule b = HardwareRule.of(hostsOfAGroup, HardwareSource.read(Path.of("node0001.xml")));
 * HardwareAssignment plan = new HardwareAssignment(List.of(a, b));
 * HardwareResult r = plan.apply(cluster, ExistingHardware.KEEP);   // r.cluster(), r.diagnostics()
 * HardwareTotals t = r.totals();                     // hosts, GPUs, cores, CPUs: the running total
 * List<HostGroup> groups = HostGroups.of(cluster, plan); // hosts by what describes them, with counts
 * }</pre>
 * A rule's file is read once, when its {@link HardwareSource} is made; {@code apply} reads nothing,
 * so a preview can be recomputed on every change of a proposed assignment.
 *
 * <p>Order of trust, per host:
 * <ol>
 *   <li><b>Per-host sources</b>: a rule's file that names the host (hwloc XML or {@code nvidia-smi}
 *       output with its host name, node lines, {@code gres.conf} {@code NodeName=}), and, with
 *       {@link ExistingHardware#KEEP}, what the cluster already says about it. Several combine as an
 *       import combines them (richest source first, disagreements are warnings).</li>
 *   <li><b>A file for a set of hosts</b>: a rule's file that names no host ({@code nvidia-smi topo -m},
 *       {@code slurmd -G}, {@code gres.conf} without {@code NodeName=}), or that names a single
 *       host outside the rule's hostlist (a dump taken on one machine of the type).</li>
 *   <li><b>A template</b>.</li>
 * </ol>
 * Within levels 2 and 3 the later rule wins for the hosts it covers, so a rule can refine an earlier
 * one. Rules that match no host of the cluster, files that cannot be read or describe no node are
 * errors; hosts of a rule missing from the cluster are a warning; hosts left without hardware are
 * named in one warning with their hostlist.
 */
public record HardwareAssignment(List<HardwareRule> rules) {
    public HardwareAssignment {
        rules = List.copyOf(rules);
    }

    public static HardwareAssignment none() {
        return new HardwareAssignment(List.of());
    }

    /** This assignment with one more rule at the end (it wins over the earlier ones at its level). */
    public HardwareAssignment with(HardwareRule rule) {
        List<HardwareRule> all = new ArrayList<>(rules);
        all.add(rule);
        return new HardwareAssignment(all);
    }

    /** What a host gets from the rules, level by level. */
    private static final class Offers {
        final Map<String, List<NodeInsides.Source>> perHost = new HashMap<>();
        final Map<String, NodeTopology> forSet = new HashMap<>();
        final Map<String, NodeTopology> template = new HashMap<>();

        boolean covers(String host) {
            return perHost.containsKey(host) || forSet.containsKey(host) || template.containsKey(host);
        }
    }

    public HardwareResult apply(Cluster cluster, ExistingHardware existing) {
        return apply(cluster, existing, cluster.name());
    }

    /**
     * As {@link #apply(Cluster, ExistingHardware)}, with {@code hostsFrom} (the file that brought the
     * hosts) as the place of the warning about hosts left without hardware.
     */
    public HardwareResult apply(Cluster cluster, ExistingHardware existing, String hostsFrom) {
        List<Diagnostic> out = new ArrayList<>();
        List<String> hostNames = cluster.hostNames();
        Set<String> inCluster = new LinkedHashSet<>(hostNames);
        Offers offers = new Offers();
        for (HardwareRule rule : rules) {
            offer(rule, inCluster, offers, out);
        }
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        List<String> kept = new ArrayList<>();
        List<String> replaced = new ArrayList<>();
        for (String h : hostNames) {
            NodeTopology before = cluster.node(h);
            if (!offers.covers(h)) {
                nodes.put(h, before);
                continue;
            }
            boolean known = !NodeInsides.isUnknown(before);
            List<NodeInsides.Source> own = new ArrayList<>();
            if (existing == ExistingHardware.KEEP && known) {
                own.add(new NodeInsides.Source(before, Format.PROJECT, "the cluster"));
            }
            own.addAll(offers.perHost.getOrDefault(h, List.of()));
            if (!own.isEmpty()) {
                nodes.put(h, NodeInsides.merge(h, own, out));
                if (known && existing == ExistingHardware.KEEP && !offers.perHost.containsKey(h)) {
                    kept.add(h);
                }
            } else {
                nodes.put(h, offers.forSet.containsKey(h) ? offers.forSet.get(h) : offers.template.get(h));
            }
            if (known && existing == ExistingHardware.REPLACE) {
                replaced.add(h);
            }
        }
        if (!kept.isEmpty()) {
            out.add(Diagnostic.info("", 0, 0, kept.size() + " host(s) keep the inside the cluster's own sources give "
                    + "them, which wins over a rule for a set of hosts or a template: " + HostNames.hostlist(kept)));
        }
        if (!replaced.isEmpty()) {
            out.add(Diagnostic.info("", 0, 0, replaced.size() + " host(s) had an inside and now take it from the "
                    + "rules: " + HostNames.hostlist(replaced)));
        }
        Cluster result = rules.isEmpty() ? cluster : new Cluster(cluster.name(), cluster.fabric(), nodes,
                cluster.hosts(), cluster.slurm(), cluster.kubernetes(), cluster.nvlink());
        warnWithout(result, hostsFrom, out);
        return new HardwareResult(result, out);
    }

    private static void offer(HardwareRule rule, Set<String> inCluster, Offers offers, List<Diagnostic> out) {
        String origin = rule.origin();
        List<String> matched = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (String h : new LinkedHashSet<>(rule.hosts())) {
            (inCluster.contains(h) ? matched : missing).add(h);
        }
        if (rule.source() instanceof HardwareSource.Described d) {
            out.addAll(d.problems());
        }
        if (matched.isEmpty()) {
            out.add(Diagnostic.error(origin, 1, 1, "none of the " + missing.size() + " host(s) of "
                    + rule.hostlist() + " is in the cluster (its " + inCluster.size() + " hosts: "
                    + HostNames.hostlist(inCluster) + ")"));
            return;
        }
        if (!missing.isEmpty()) {
            out.add(Diagnostic.warning(origin, 1, 1, missing.size() + " of the " + (missing.size() + matched.size())
                    + " hosts of " + rule.hostlist() + " are not in the cluster: " + HostNames.hostlist(missing)));
        }
        if (rule.source() instanceof HardwareSource.Template t) {
            matched.forEach(h -> offers.template.put(h, t.node()));
        } else if (rule.source() instanceof HardwareSource.Described d) {
            offerFile(rule, d, matched, offers, out);
        }
    }

    private static void offerFile(HardwareRule rule, HardwareSource.Described d, List<String> matched, Offers offers,
                                  List<Diagnostic> out) {
        String origin = rule.origin();
        if (d.describesNothing()) {
            if (!d.hasErrors()) {
                out.add(Diagnostic.error(origin, 1, 1, d.path() + " describes no node inside (no GPUs, CPUs or NICs)"));
            }
            return;
        }
        Set<String> ruleHosts = new LinkedHashSet<>(matched);
        List<String> namedHere = d.named().keySet().stream().filter(ruleHosts::contains).toList();
        List<String> outside = d.named().keySet().stream().filter(h -> !ruleHosts.contains(h)).toList();
        namedHere.forEach(h -> offers.perHost.computeIfAbsent(h, k -> new ArrayList<>()).addAll(d.named().get(h)));
        NodeTopology forSet = d.unnamed().orElse(null);
        if (forSet == null && namedHere.isEmpty() && d.named().size() == 1) {
            String only = outside.get(0);
            forSet = NodeInsides.merge(only, d.named().get(only), out);
            out.add(Diagnostic.info(origin, 1, 1, d.path() + " describes host " + only + ", which is not in "
                    + rule.hostlist() + ": its inside is used for the rule's " + matched.size() + " host(s)"));
        } else if (!outside.isEmpty()) {
            out.add(Diagnostic.info(origin, 1, 1, d.path() + " also describes " + outside.size() + " host(s) "
                    + "outside " + rule.hostlist() + ", left alone: " + HostNames.hostlist(outside)));
        }
        if (forSet != null) {
            // Hosts the file names take what it says about each of them (above); the others its node.
            for (String h : matched) {
                if (!d.named().containsKey(h)) {
                    offers.forSet.put(h, forSet);
                }
            }
        } else if (namedHere.size() < matched.size()) {
            List<String> unnamed = matched.stream().filter(h -> !d.named().containsKey(h)).toList();
            out.add(Diagnostic.warning(origin, 1, 1, d.path() + " does not describe " + unnamed.size()
                    + " host(s) of " + rule.hostlist() + ": " + HostNames.hostlist(unnamed)));
        }
    }

    /** One warning naming every host still without hardware, so none is silently taken as empty. */
    static void warnWithout(Cluster cluster, String hostsFrom, List<Diagnostic> out) {
        List<String> without = cluster.hostNames().stream().filter(h -> NodeInsides.isUnknown(cluster.node(h)))
                .toList();
        if (!without.isEmpty()) {
            out.add(Diagnostic.warning(hostsFrom, 1, 1, without.size() + " of the " + cluster.hostNames().size()
                    + " hosts have no hardware (no GPUs, no CPU count), so no job that needs GPUs or CPUs fits "
                    + "on them: " + HostNames.hostlist(without) + "; give it with --hardware HOSTLIST=SOURCE "
                    + "(a template id from `topoplanner templates`, or a file describing the node)"));
        }
    }
}
