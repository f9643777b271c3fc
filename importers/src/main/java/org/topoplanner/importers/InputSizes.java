package org.topoplanner.importers;

import org.topoplanner.model.input.InputLimits;

/**
 * The size limit of each format: generous for what real clusters produce (a 16,384-host
 * {@code ibnetdiscover} is 8.6 MB), far below what would exhaust memory. A format not named here
 * (a reader added later) gets the medium limit.
 */
public final class InputSizes {
    private InputSizes() {
    }

    public static long kindLimit(Format format) {
        return switch (format) {
            case IBNETDISCOVER, IBNETDISCOVER_PORTS, IBLINKINFO, LLDPCTL_JSON, LLDPCTL_KEYVALUE, KUBERNETES_NODES,
                    KUBECTL_DESCRIBE, PROJECT,
                    TOPOGRAPH_MODEL -> InputLimits.LARGE;
            case NVIDIA_SMI_TOPO, NVIDIA_SMI_P2P -> InputLimits.SMALL;
            default -> InputLimits.MEDIUM;
        };
    }

    /** The limit for {@code format} under the user's limits. */
    public static long limit(InputLimits limits, Format format) {
        return limits.limit(kindLimit(format));
    }

    /** How a format is named in a size message. */
    public static String kind(Format format) {
        return "format " + format.id();
    }
}
