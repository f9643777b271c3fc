package org.topoplanner.app.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.inspect.InspectSource;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.NodeTopology;

/** The human-readable {@code inspect} report: sources, fabric by tier, node types and link classes. */
final class InspectSummary {
    private static final String[] TIER_NAMES = {"unattached", "leaf", "spine", "core"};
    private final ImportOutcome outcome;

    InspectSummary(ImportOutcome outcome) {
        this.outcome = outcome;
    }

    String text() {
        StringBuilder sb = new StringBuilder();
        Cluster c = outcome.clusterOrThrow();
        sb.append("cluster ").append(c.name()).append('\n');
        for (InspectSource s : outcome.sources()) {
            sb.append("  source ").append(s.path()).append(" (").append(s.format().id()).append(")\n");
        }
        long errors = outcome.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).count();
        long warnings = outcome.diagnostics().stream().filter(d -> d.severity() == Severity.WARNING).count();
        sb.append("  diagnostics: ").append(errors).append(" errors, ").append(warnings).append(" warnings\n");
        conflicts(sb);
        fabric(sb, c.fabric());
        sb.append(NvlinkDomainSummary.text(c));
        nodes(sb, c);
        return sb.toString();
    }

    /** Where the sources disagree, what the merge used and what the others say (the window lets one choose). */
    private void conflicts(StringBuilder sb) {
        if (outcome.conflicts().isEmpty()) {
            return;
        }
        sb.append("  conflicts: ").append(outcome.conflicts().size())
                .append(" (the merge used the first answer; the window's import review lets you choose)\n");
        for (var conflict : outcome.conflicts()) {
            sb.append("    ").append(conflict.subject()).append('\n');
            var used = conflict.chosenOption();
            sb.append("      used:  ").append(used.label()).append(" \u2014 ").append(used.says()).append('\n');
            for (var other : conflict.options()) {
                if (!other.id().equals(used.id())) {
                    sb.append("      other: ").append(other.label()).append(" \u2014 ").append(other.says()).append('\n');
                }
            }
        }
    }

    private static void fabric(StringBuilder sb, Fabric f) {
        sb.append("fabric: ").append(f.switches().size()).append(" switches, ").append(f.hosts().size())
                .append(" hosts, ").append(f.cables().size()).append(" cables\n");
        Map<Integer, List<SwitchNode>> byTier = new TreeMap<>(java.util.Comparator.reverseOrder());
        for (SwitchNode s : f.switches()) {
            byTier.computeIfAbsent(s.tier(), t -> new java.util.ArrayList<>()).add(s);
        }
        byTier.forEach((tier, list) -> {
            String name = tier < TIER_NAMES.length ? TIER_NAMES[tier] : "tier " + tier;
            sb.append(String.format("  tier %d (%s): %d switch%s: %s%n", tier, name, list.size(),
                    list.size() == 1 ? "" : "es", abbreviate(list.stream().map(SwitchNode::name)
                            .sorted(org.topoplanner.model.fabric.NaturalNameOrder.INSTANCE).toList())));
        });
        if (!f.blocks().isEmpty()) {
            sb.append("  blocks: ").append(f.blocks().size()).append(", sizes ").append(f.blockSizes()).append('\n');
        }
    }

    private static void nodes(StringBuilder sb, Cluster c) {
        Map<NodeTopology, List<String>> types = new LinkedHashMap<>();
        c.nodes().forEach((host, t) -> types.computeIfAbsent(t, k -> new java.util.ArrayList<>()).add(host));
        sb.append("nodes: ").append(c.nodes().size()).append(" described, ").append(c.gpuCount()).append(" GPUs\n");
        for (var e : types.entrySet()) {
            NodeTopology t = e.getKey();
            sb.append(String.format("  %d x %s: %s sockets, %s NUMA, %s cores, %s threads, %d GPUs, %d NICs%n",
                    e.getValue().size(), t.model() == null ? "node" : t.model(), n(t.sockets()), n(t.numaNodes()),
                    n(t.cores()), n(t.threads()), t.gpus().size(), t.nics().size()));
            Map<String, Integer> classes = new TreeMap<>();
            for (DeviceLink l : t.links()) {
                classes.merge(l.token(), 1, Integer::sum);
            }
            if (!classes.isEmpty()) {
                sb.append("    links: ").append(classes.toString().replaceAll("[{}]", "")).append('\n');
            }
            // Host names as Slurm writes them: node[01-32] says more than an elided list.
            sb.append("    hosts: ").append(org.topoplanner.model.hostlist.Hostlist.compress(e.getValue())).append('\n');
        }
    }

    private static String n(Integer v) {
        return v == null ? "?" : v.toString();
    }

    private static String abbreviate(List<String> names) {
        if (names.size() <= 8) {
            return String.join(" ", names);
        }
        return String.join(" ", names.subList(0, 4)) + " ... " + String.join(" ", names.subList(names.size() - 2,
                names.size())) + " (" + names.size() + ")";
    }
}
