package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * What {@code gres_select_filter_sock_core} keeps count of while it gives up a node's cores (22.05.8
 * {@code cons_common/gres_select_filter.c}; 24.11.5 and 26.05 {@code topology/common/gres_filter.c}, the same steps):
 * the cores still usable ({@code avail_core}), how many of them each socket holds ({@code avail_cores_per_sock}),
 * their total once the socket loop has counted it ({@code avail_cores_tot}) and the node's CPUs ({@code avail_cpus}).
 * Every step of the filter that clears a core with the total kept clears it as {@link #clear} does.
 */
final class FilterCores {
    final BitSet avail;
    final int[] perSocket;
    int total;
    int cpus;
    private final int coresPerSocket;
    private final int threadsPerCore;
    private final boolean cutToCores;

    /**
     * The cores of {@code avail} counted per socket of {@code node}, with {@code cpus} CPUs and no total yet;
     * {@code cutToCores}: how a cleared core lowers the CPUs, 24.11's and 26.05's way ({@link #drop}).
     */
    FilterCores(SlurmNode node, BitSet avail, int cpus, boolean cutToCores) {
        this.avail = avail;
        this.cpus = cpus;
        this.cutToCores = cutToCores;
        coresPerSocket = node.coresPerSocket();
        threadsPerCore = node.threadsPerCore();
        perSocket = new int[node.sockets()];
        for (int s = 0; s < perSocket.length; s++) {
            for (int c = 0; c < coresPerSocket; c++) {
                if (avail.get(s * coresPerSocket + c)) {
                    perSocket[s]++;
                }
            }
        }
    }

    /**
     * Clears core {@code core} of {@code socket} before the total is counted (the socket loop's first-pass step):
     * the CPUs are lowered only once they exceed what the cores left hold, so a count already below the cores' CPUs
     * (a partition cap, a per-CPU memory figure) is not lowered twice. 22.05 takes a core's threads off ({@code if
     * (bit_set_count(avail_core) * cpus_per_core < *avail_cpus) *avail_cpus -= cpus_per_core}, {@code
     * cons_common/gres_select_filter.c}); 24.11 and 26.05 set the CPUs to the cores left ({@code cnt =
     * avail_cores_tot * cpus_per_core; if (cnt < *avail_cpus) *avail_cpus = cnt}, {@code topology/common/
     * gres_filter.c}, every clearing step), so a count that was not whole cores becomes whole ones. Own probe c28c1
     * t1, t2 ({@code -p d3 -n4 --gpus-per-task=1} at 3 CPUs a task on idle two-thread nodes, 24.11.5 and 26.05.5): 15
     * CPUs trimmed to 3 cores are 6, two tasks a node on n1 and n2, where 5 held one task on each of four nodes.
     */
    void drop(int socket, int core) {
        avail.clear(socket * coresPerSocket + core);
        perSocket[socket]--;
        int left = avail.cardinality() * threadsPerCore;
        if (left < cpus) {
            cpus = cutToCores ? left : cpus - threadsPerCore;
        }
    }

    /** {@link #drop} once the total is counted: {@code avail_cores_tot} loses the core too. */
    void clear(int socket, int core) {
        drop(socket, core);
        total--;
    }

    /** Clears the last usable core of {@code socket}, if it has one (the trim of the fullest required socket). */
    void clearLast(int socket) {
        for (int c = coresPerSocket - 1; c >= 0; c--) {
            if (avail.get(socket * coresPerSocket + c)) {
                clear(socket, c);
                return;
            }
        }
    }

    /**
     * Clears the cores of every socket not {@code required}, socket by socket and the last core first, until
     * {@code keep} cores are left. The filter does this twice: with {@code enforce-binding} or on the first pass it
     * clears all of them ({@code keep} 0: the total counts only set cores, so it reaches 0 with the last one), and
     * after the required-core count it clears only down to that count ("Remove more cores than needed",
     * {@code !enforce_binding && !first_pass}).
     */
    void clearSocketsNotRequired(boolean[] required, int keep) {
        for (int s = 0; s < perSocket.length && total > keep; s++) {
            if (required[s]) {
                continue;
            }
            for (int c = coresPerSocket - 1; c >= 0 && total > keep; c--) {
                if (avail.get(s * coresPerSocket + c)) {
                    clear(s, c);
                }
            }
        }
    }
}
