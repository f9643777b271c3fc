package org.topoplanner.model.k8s;

import java.util.ArrayList;
import java.util.List;

/**
 * The kubelet's {@code --topology-manager-policy-options} ({@code KubeletConfiguration.topologyManagerPolicyOptions}),
 * as {@code pkg/kubelet/cm/topologymanager/policy_options.go} reads them.
 *
 * @param preferClosestNumaNodes {@code prefer-closest-numa-nodes}: among equally wide NUMA sets the merge
 *                               takes the one with the smallest average distance (not under
 *                               {@code single-numa-node}, where every candidate is one node)
 * @param maxAllowableNumaNodes  {@code max-allowable-numa-nodes}: a kubelet with any policy but {@code none}
 *                               refuses to start on a machine with more NUMA nodes than this (default 8)
 */
public record TopologyManagerOptions(boolean preferClosestNumaNodes, int maxAllowableNumaNodes) {
    public static final String PREFER_CLOSEST = "prefer-closest-numa-nodes";
    public static final String MAX_ALLOWABLE = "max-allowable-numa-nodes";
    /** {@code defaultMaxAllowableNUMANodes}. */
    public static final int DEFAULT_MAX_ALLOWABLE = 8;
    public static final TopologyManagerOptions DEFAULT = new TopologyManagerOptions(false, DEFAULT_MAX_ALLOWABLE);

    public TopologyManagerOptions {
        if (maxAllowableNumaNodes < 1) {
            throw new IllegalArgumentException(MAX_ALLOWABLE + " must be at least 1, not " + maxAllowableNumaNodes);
        }
    }

    /** A parse: the options, or why the kubelet would refuse them. */
    public sealed interface Parsed {
    }

    public record Valid(TopologyManagerOptions options) implements Parsed {
    }

    public record Invalid(String message) implements Parsed {
    }

    /**
     * Reads {@code key=value} items (each may itself be a comma-separated list, as the kubelet flag is).
     * Unknown keys and unreadable values are refused, as {@code NewPolicyOptions} refuses them; the
     * kubelet also refuses {@code max-allowable-numa-nodes} below its default.
     */
    public static Parsed parse(List<String> items) {
        boolean closest = false;
        int max = DEFAULT_MAX_ALLOWABLE;
        List<String> pairs = new ArrayList<>();
        for (String item : items) {
            for (String p : item.split(",")) {
                if (!p.isBlank()) {
                    pairs.add(p.trim());
                }
            }
        }
        for (String p : pairs) {
            int eq = p.indexOf('=');
            if (eq < 0) {
                return new Invalid("a Topology Manager option is key=value, not \"" + p + "\"");
            }
            String key = p.substring(0, eq).trim();
            String value = p.substring(eq + 1).trim();
            switch (key) {
                case PREFER_CLOSEST -> {
                    // strconv.ParseBool's spellings
                    if (List.of("1", "t", "T", "true", "TRUE", "True").contains(value)) {
                        closest = true;
                    } else if (List.of("0", "f", "F", "false", "FALSE", "False").contains(value)) {
                        closest = false;
                    } else {
                        return new Invalid("bad value for option \"" + key + "\": \"" + value + "\" is not true or false");
                    }
                }
                case MAX_ALLOWABLE -> {
                    try {
                        max = Integer.parseInt(value);
                    } catch (NumberFormatException e) {
                        return new Invalid("bad value for option \"" + key + "\": \"" + value + "\" is not a number");
                    }
                    if (max < DEFAULT_MAX_ALLOWABLE) {
                        return new Invalid("the minimum value of \"" + key + "\" should not be less than "
                                + DEFAULT_MAX_ALLOWABLE);
                    }
                }
                default -> {
                    return new Invalid("unknown Topology Manager Policy option: \"" + key + "\"");
                }
            }
        }
        return new Valid(new TopologyManagerOptions(closest, max));
    }

    /** The flag's spelling of these options, empty when all are defaults. */
    public String flag() {
        List<String> out = new ArrayList<>();
        if (preferClosestNumaNodes) {
            out.add(PREFER_CLOSEST + "=true");
        }
        if (maxAllowableNumaNodes != DEFAULT_MAX_ALLOWABLE) {
            out.add(MAX_ALLOWABLE + "=" + maxAllowableNumaNodes);
        }
        return String.join(",", out);
    }
}
