package org.topoplanner.importers.merge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.model.diag.Diagnostic;

/**
 * Finds the hosts that some fabric sources have and others lack, and which of them a person chose
 * to drop. Hosts are grouped by which sources have them, so a fabric that lacks a whole leaf is one
 * conflict. Only fabrics count: a fabric source describes every host cabled in, so a host it lacks
 * is a real disagreement, whereas a single machine's file names one host by nature.
 */
final class HostPresence {
    private HostPresence() {
    }

    /** The hosts to leave out of the cluster; a {@link HostPresenceConflict} per group in {@code conflicts}. */
    static Set<String> resolve(List<ImportResult> sources, MergeChoices choices, List<Diagnostic> out,
                               List<SourceConflict> conflicts) {
        List<ImportResult> withFabric = sources.stream().filter(r -> r.part().fabric() != null).toList();
        Set<String> dropped = new LinkedHashSet<>();
        if (withFabric.size() < 2) {
            return dropped;
        }
        Map<ImportResult, Set<String>> hostsOf = new LinkedHashMap<>();
        Set<String> all = new LinkedHashSet<>();
        for (ImportResult r : withFabric) {
            Set<String> hosts = FabricMerger.hostNames(r.part().fabric());
            hostsOf.put(r, hosts);
            all.addAll(hosts);
        }
        Map<List<String>, List<String>> groups = new LinkedHashMap<>();
        for (String h : all) {
            List<String> namedBy = new ArrayList<>();
            hostsOf.forEach((r, hosts) -> {
                if (hosts.contains(h)) {
                    namedBy.add(r.source().path());
                }
            });
            if (namedBy.size() < withFabric.size()) {
                groups.computeIfAbsent(namedBy, k -> new ArrayList<>()).add(h);
            }
        }
        groups.forEach((namedBy, hosts) -> {
            List<String> lackedBy = withFabric.stream().map(r -> r.source().path())
                    .filter(p -> !namedBy.contains(p)).toList();
            HostPresenceConflict kept = new HostPresenceConflict(hosts, namedBy, lackedBy, true);
            boolean drop = choices.pick(kept.key()).filter(HostPresenceConflict.DROP::equals).isPresent();
            conflicts.add(drop ? new HostPresenceConflict(hosts, namedBy, lackedBy, false) : kept);
            if (drop) {
                dropped.addAll(hosts);
                out.add(Diagnostic.info(lackedBy.get(0), 0, 0, hosts.size() + " host(s) that only "
                        + String.join(", ", namedBy) + " name(s) are left out, as chosen: " + FabricMerger.list(hosts)));
            }
        });
        return dropped;
    }
}
