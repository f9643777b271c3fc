package org.topoplanner.model.slurm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.topoplanner.model.hostlist.Hostlist;

/**
 * A {@code PartitionName=} line of {@code slurm.conf} as far as placement needs it: its nodes
 * ({@code Nodes=}, {@code ALL} or a hostlist; absent = none), whether it is the default partition
 * ({@code Default=YES}) and the {@code topology.yaml} topology it is bound to ({@code Topology=},
 * Slurm 25.05+; {@code null} = the cluster default).
 *
 * @param nodes the expanded {@code Nodes=}; {@code null} for {@code ALL}
 */
public record SlurmPartition(String name, List<String> nodes, boolean isDefault, String topology) {
    /** The prefix under which {@link SlurmSettings#keys()} keeps partition lines. */
    public static final String KEY_PREFIX = "PartitionName.";
    /** Slurm's default {@code PriorityTier} ({@code read_config.c}: {@code conf_part->priority_tier = 1}). */
    private static final int DEFAULT_TIER = 1;

    public SlurmPartition {
        nodes = nodes == null ? null : List.copyOf(nodes);
    }

    /** True when the partition holds {@code host} ({@code Nodes=ALL} holds every node). */
    public boolean holds(String host) {
        return nodes == null || nodes.contains(host);
    }

    /**
     * The partitions kept in {@code keys} ({@code PartitionName.<name>} to the rest of the line), in
     * order; {@code PartitionName=DEFAULT} gives its values to the lines after it, as in Slurm. A
     * {@code Nodes=} hostlist that does not parse holds no node (the reader reported it).
     */
    public static List<SlurmPartition> of(Map<String, String> keys) {
        List<SlurmPartition> out = new ArrayList<>();
        String defaultLine = "";
        for (Map.Entry<String, String> e : keys.entrySet()) {
            if (!e.getKey().startsWith(KEY_PREFIX)) {
                continue;
            }
            String name = e.getKey().substring(KEY_PREFIX.length());
            if (name.equalsIgnoreCase("DEFAULT")) {
                defaultLine = defaultLine + " " + e.getValue();
                continue;
            }
            String line = defaultLine + " " + e.getValue();
            String nodes = value(line, "Nodes");
            List<String> hosts = nodes == null ? List.of()
                    : nodes.equalsIgnoreCase("ALL") ? null : Hostlist.expandOrEmpty(nodes);
            String isDefault = value(line, "Default");
            out.add(new SlurmPartition(name, hosts, isDefault != null && isDefault.equalsIgnoreCase("YES"),
                    value(line, "Topology")));
        }
        return out;
    }

    /** The last {@code key=value} of the line (keys fold case, as Slurm's parser does); null if absent. */
    public static String value(String line, String key) {
        String found = null;
        for (String word : line.trim().split("\\s+")) {
            int eq = word.indexOf('=');
            if (eq > 0 && word.substring(0, eq).toLowerCase(Locale.ROOT).equals(key.toLowerCase(Locale.ROOT))) {
                found = stripQuotes(word.substring(eq + 1));
            }
        }
        return found;
    }

    private static String stripQuotes(String v) {
        return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
    }

    /**
     * The partition's {@code PriorityTier} ({@code read_config.c} {@code _build_single_partitionline_info}): its own
     * line's, else {@code PartitionName=DEFAULT}'s, else 1; a {@code Priority=} on either sets it over both.
     */
    public static int priorityTier(Map<String, String> keys, String partition) {
        String line = lineWithDefaults(keys, partition);
        if (line == null) {
            return DEFAULT_TIER;
        }
        String priority = value(line, "priority");
        if (priority != null) {
            return parse(priority);
        }
        String tier = value(line, "prioritytier");
        return tier == null ? DEFAULT_TIER : parse(tier);
    }

    /**
     * Whether the partition takes submissions ({@code PARTITION_SUBMIT}: {@code State=UP} or {@code DOWN}).
     * {@code _get_job_parts} ({@code job_mgr.c}, 22.05, 24.11 and 26.05) removes one that does not ({@code DRAIN},
     * {@code INACTIVE}) from a job's {@code part_ptr_list} at submission ({@code _alt_part_test}), so
     * {@code build_job_queue} never makes a record for it. True for a name without a line, and for a value Slurm
     * would not start with (the importer reports it).
     */
    public static boolean takesSubmissions(Map<String, String> keys, String partition) {
        String line = lineWithDefaults(keys, partition);
        String state = line == null ? null : value(line, "state");
        return state == null || !(state.equalsIgnoreCase("DRAIN") || state.equalsIgnoreCase("INACTIVE"));
    }

    /**
     * The partition's line with the {@code PartitionName=DEFAULT} lines before it in front (so {@link #value}, which
     * takes the last, reads the partition's own value over the defaults, as {@code read_config.c} does); null when
     * the partition has no line.
     */
    public static String lineWithDefaults(Map<String, String> keys, String partition) {
        String defaults = "";
        for (Map.Entry<String, String> e : keys.entrySet()) {
            if (!e.getKey().startsWith(SlurmPartition.KEY_PREFIX)) {
                continue;
            }
            String part = e.getKey().substring(SlurmPartition.KEY_PREFIX.length());
            if (part.equalsIgnoreCase("DEFAULT")) {
                defaults = defaults + " " + e.getValue();
            } else if (part.equals(partition)) {
                return defaults + " " + e.getValue();
            }
        }
        return null;
    }

    private static int parse(String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return DEFAULT_TIER; // slurmctld refuses such a slurm.conf; the importer reported it
        }
    }
}
