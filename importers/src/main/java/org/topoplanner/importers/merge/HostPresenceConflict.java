package org.topoplanner.importers.merge;

import java.util.List;

/**
 * Hosts that some fabric sources have and others lack: kept (the default, so nothing a source saw
 * is lost) or dropped from the whole cluster.
 *
 * @param hosts    the hosts, in the order of the first source naming them
 * @param namedBy  paths of the fabric sources that have them
 * @param lackedBy paths of the fabric sources that do not
 * @param kept     whether the cluster has them
 */
public record HostPresenceConflict(List<String> hosts, List<String> namedBy, List<String> lackedBy, boolean kept)
        implements SourceConflict {
    public static final String KEEP = "keep";
    public static final String DROP = "drop";

    public HostPresenceConflict {
        hosts = List.copyOf(hosts);
        namedBy = List.copyOf(namedBy);
        lackedBy = List.copyOf(lackedBy);
    }

    /** The same sources on each side mean the same hosts, whatever is chosen. */
    @Override
    public String key() {
        return "hosts:" + String.join(",", namedBy) + "|" + String.join(",", lackedBy);
    }

    @Override
    public String subject() {
        return hosts.size() + " host(s) only in some fabrics: " + FabricMerger.list(hosts);
    }

    @Override
    public List<ConflictOption> options() {
        return List.of(
                new ConflictOption(KEEP, "keep", "as " + names(namedBy) + " say(s): the hosts are in the cluster"),
                new ConflictOption(DROP, "drop", "as " + names(lackedBy) + " say(s): the hosts are left out"));
    }

    @Override
    public String chosen() {
        return kept ? KEEP : DROP;
    }

    private static String names(List<String> paths) {
        return String.join(", ", paths.stream().map(p -> ConflictOption.ofSource(p, "").label()).toList());
    }
}
