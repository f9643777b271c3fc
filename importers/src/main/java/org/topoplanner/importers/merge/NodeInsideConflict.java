package org.topoplanner.importers.merge;

import java.util.List;

/**
 * Sources disagree on the inside of a group of hosts (GPU count, NVLinks, sockets, cores, threads,
 * NUMA nodes); the hosts take their devices and CPU layout from one source, and only what it lacks
 * from the others. Hosts are grouped when every source says the same about each of them, so a
 * node type of 512 hosts is one conflict.
 *
 * @param key     the sources and what each says, so the same group is found again after a re-merge
 * @param hosts   the hosts of the group, in cluster order
 * @param options one per source that describes these hosts, richest first
 * @param chosen  the path of the source whose devices are used
 */
public record NodeInsideConflict(String key, List<String> hosts, List<ConflictOption> options, String chosen)
        implements SourceConflict {
    public NodeInsideConflict {
        hosts = List.copyOf(hosts);
        options = List.copyOf(options);
    }

    @Override
    public String subject() {
        return "node inside of " + (hosts.size() == 1 ? "host " : hosts.size() + " hosts: ")
                + FabricMerger.list(hosts);
    }
}
