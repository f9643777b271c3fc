package org.topoplanner.importers.merge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/**
 * Combines the NVLink domains the sources name. Per-host sources ({@code nvidia-smi -q} of each
 * tray) add up to whole domains; a host two sources put in different cliques keeps the first
 * source's clique, with a warning, because the GPUs can only have registered into one.
 */
final class NvlinkDomainMerger {
    private NvlinkDomainMerger() {
    }

    static NvlinkDomains merge(List<ImportResult> sources, Set<String> hosts, List<Diagnostic> out) {
        List<NvlinkDomain> all = new ArrayList<>();
        Map<String, String> domainOf = new HashMap<>();
        Map<String, String> said = new HashMap<>();
        for (ImportResult r : sources) {
            for (NvlinkDomain d : r.part().nvlink().all()) {
                for (String h : d.hosts()) {
                    String before = domainOf.putIfAbsent(h, d.name());
                    if (before == null) {
                        said.put(h, r.source().path());
                    } else if (!before.equals(d.name())) {
                        out.add(Diagnostic.warning(r.source().path(), 0, 0, h + " is in NVLink domain " + d.name()
                                + " here, in " + before + " in " + said.get(h) + " (kept the latter)"));
                    }
                }
                all.add(d);
            }
        }
        return NvlinkDomains.of(all).retainHosts(hosts);
    }
}
