package org.topoplanner.model.slurm;

import java.util.List;
import java.util.Optional;
import org.topoplanner.model.cpu.CpuSet;

/**
 * Whether a {@code gres.conf} {@code Cores=} list meets the node's socket boundaries, as {@code slurmctld} checks
 * when a node registers ({@code _check_core_range_matches_sock}, {@code src/interfaces/gres.c}). Slurm schedules GPU
 * affinity per socket only, so 24.11 and 26.05 refuse a core list that would promise more: the node becomes
 * INVALID ("GRES core specification 0-7 for node a1 doesn't match socket boundaries"). 22.05.8 has no such check
 * and runs the node.
 *
 * <p>Core indices are Slurm's abstract ones (socket by socket, threads not counted), as {@code Cores=} is written.
 * The versions differ: 24.11.5 accepts any union of whole sockets; 26.05.5 accepts exactly one whole socket or every
 * core of the node (a list naming two of four sockets is refused there).
 */
public final class GresSocketBoundary {
    private GresSocketBoundary() {
    }

    /**
     * The socket {@code cores} covers wrongly, as Slurm names it in its message.
     *
     * @param socket    the first socket the check stops at
     * @param firstCore its first core
     * @param lastCore  its last core
     */
    public record Refusal(int socket, int firstCore, int lastCore) {
        /** Slurm's own words ({@code (Socket 0 is cores 0-15)}). */
        public String message(String cores, String node) {
            return "GRES core specification " + cores + " for node " + node + " doesn't match socket boundaries. "
                    + "(Socket " + socket + " is cores " + firstCore + "-" + lastCore + ")";
        }
    }

    /** What {@code version} answers for {@code cores} on a node of {@code sockets x coresPerSocket}; empty = accepted. */
    public static Optional<Refusal> check(SlurmVersion version, CpuSet cores, int sockets, int coresPerSocket) {
        if (!version.atLeast(SlurmVersion.V24_11) || sockets <= 0 || coresPerSocket <= 0) {
            return Optional.empty();
        }
        int total = cores.size();
        // 26.05: every core of the node is accepted before any socket is looked at
        if (version.atLeast(SlurmVersion.V26_05) && total == sockets * coresPerSocket) {
            return Optional.empty();
        }
        for (int s = 0; s < sockets; s++) {
            int first = s * coresPerSocket;
            int on = cores.intersection(CpuSet.range(first, first + coresPerSocket - 1)).size();
            boolean whole = on == coresPerSocket && (!version.atLeast(SlurmVersion.V26_05) || on == total);
            if (on != 0 && !whole) {
                return Optional.of(new Refusal(s, first, first + coresPerSocket - 1));
            }
        }
        return Optional.empty();
    }

    /** The versions that refuse {@code cores} on such a node, oldest first. */
    public static List<SlurmVersion> refusingVersions(CpuSet cores, int sockets, int coresPerSocket) {
        return java.util.Arrays.stream(SlurmVersion.values())
                .filter(v -> check(v, cores, sockets, coresPerSocket).isPresent()).toList();
    }

    /**
     * What each release does with such a line, in one sentence for the import and export diagnostics: "Slurm 24.11
     * and 26.05 set the node INVALID (...); 22.05 accepts it".
     */
    public static String verdicts(List<SlurmVersion> refusing) {
        List<String> accepting = java.util.Arrays.stream(SlurmVersion.values()).filter(v -> !refusing.contains(v))
                .map(SlurmVersion::label).toList();
        String refused = String.join(" and ", refusing.stream().map(SlurmVersion::label).toList());
        return "Slurm " + refused + (refusing.size() == 1 ? " sets" : " set")
                + " the node INVALID (\"doesn't match socket boundaries\"); " + String.join(" and ", accepting)
                + (accepting.size() == 1 ? " accepts" : " accept") + " it";
    }

    /**
     * The smallest list {@code version} accepts that holds {@code cores}: the whole sockets they touch (what
     * {@code gres.c} says the check could have done itself: "expand the cpu list to fill the socket"), and under
     * 26.05 every core when they touch more than one socket.
     */
    public static CpuSet widened(SlurmVersion version, CpuSet cores, int sockets, int coresPerSocket) {
        if (check(version, cores, sockets, coresPerSocket).isEmpty()) {
            return cores;
        }
        CpuSet out = CpuSet.empty();
        int touched = 0;
        for (int s = 0; s < sockets; s++) {
            CpuSet socket = CpuSet.range(s * coresPerSocket, (s + 1) * coresPerSocket - 1);
            if (!cores.intersection(socket).isEmpty()) {
                out = out.union(socket);
                touched++;
            }
        }
        if (version.atLeast(SlurmVersion.V26_05) && touched > 1) {
            return CpuSet.range(0, sockets * coresPerSocket - 1);
        }
        return out;
    }
}
