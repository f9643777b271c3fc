package org.topoplanner.importers.nvsmi;

import java.util.regex.Pattern;

/**
 * The words an {@code nvidia-smi topo} matrix is made of. Pasted matrices lose their tabs and glue
 * neighbouring cells together ({@code NV12NV12}, {@code SYSSYS}, {@code NIC7NIC8}), so cells are
 * recognised by what they say, not by where whitespace happens to be.
 */
enum MatrixVocabulary {
    /** {@code topo -m} and {@code -mp}: path classes. */
    TOPOLOGY(Pattern.compile("X|NV\\d{1,2}|PIX|PXB|PHB|NODE|SYS|SOC")),
    /** {@code topo -p2p r|w|n|a|p}: capability words. */
    P2P(Pattern.compile("X|OK|CNS|GNS|TNS|NS|U"));

    /**
     * A device column label. Named RDMA devices come first so that glued names split where the
     * number ends ({@code mlx5_0mlx5_1}); NV lane counts stop at two digits so that a count glued to
     * a CPU list ({@code NV180-71}) still splits.
     */
    static final Pattern DEVICE = Pattern.compile("GPU\\d+|NIC\\d+|mlx\\d+_bond_\\d+|mlx\\d+_\\d+");

    /** A device name in old matrices that is none of the above ({@code bnxt_re0}, {@code irdma1}). */
    static final Pattern OTHER_DEVICE = Pattern.compile("[A-Za-z][A-Za-z0-9_.:-]*");

    /** The affinity column titles, with any run of whitespace between their words. */
    static final Pattern CPU_AFFINITY = Pattern.compile("CPU\\s+Affinity", Pattern.CASE_INSENSITIVE);
    static final Pattern NUMA_AFFINITY = Pattern.compile("NUMA\\s+Affinity", Pattern.CASE_INSENSITIVE);
    static final Pattern GPU_NUMA_ID = Pattern.compile("GPU\\s+NUMA\\s+ID", Pattern.CASE_INSENSITIVE);

    /** Words only a topology matrix uses (an X diagonal alone says nothing). */
    static final Pattern TOPOLOGY_ONLY = Pattern.compile("NV\\d{1,2}|PIX|PXB|PHB|NODE|SYS|SOC");
    /** Words only a P2P capability matrix uses. */
    static final Pattern P2P_ONLY = Pattern.compile("OK|CNS|GNS|TNS|NS|U");

    private final Pattern cell;

    MatrixVocabulary(Pattern cell) {
        this.cell = cell;
    }

    Pattern cell() {
        return cell;
    }
}
