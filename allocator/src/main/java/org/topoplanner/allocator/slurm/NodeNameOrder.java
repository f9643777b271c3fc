package org.topoplanner.allocator.slurm;

import java.util.Comparator;

/**
 * The order of Slurm's node table ({@code node_record_table_ptr}), and so of every node bitmap:
 * {@code slurmctld} sorts the nodes by name with {@code strnatcmp} ({@code src/common/strnatcmp.c})
 * after reading {@code slurm.conf}, whatever order the node lines had.
 *
 * <p>Observed (own probe, 22.05.8 and 24.11.5 alike, one {@code NodeName=} line per node in the
 * order zz1, aa1, mm1, d7, d10, gpu1, gpu-b1, n02, n1): {@code scontrol show node} and the job's
 * {@code BatchHost} follow aa1, d7, d10, gpu-b1, gpu1, mm1, n02, n1, zz1. Digit runs compare by
 * value (d7 before d10), other characters by code ({@code -} before {@code 1}), and a digit run
 * that starts with {@code 0} compares digit by digit from the left (n02 before n1). The order
 * decides which node a job's per-job GPU count reaches first: own case deep d3d ({@code -N2
 * --gpus=5} on gpu-b04 and gpu-a4, gpu-b lines first in {@code slurm.conf}) gives gpu-a4 its two
 * socket-0 GPUs and gpu-b04 the other three in 22.05.8.
 */
public final class NodeNameOrder implements Comparator<String> {
    public static final NodeNameOrder INSTANCE = new NodeNameOrder();

    private NodeNameOrder() {
    }

    @Override
    public int compare(String a, String b) {
        int ai = 0;
        int bi = 0;
        while (true) {
            char ca = at(a, ai);
            char cb = at(b, bi);
            while (Character.isWhitespace(ca)) {
                ca = at(a, ++ai);
            }
            while (Character.isWhitespace(cb)) {
                cb = at(b, ++bi);
            }
            if (isDigit(ca) && isDigit(cb)) {
                // strnatcmp: a run with a leading zero is a "fractional" part, compared left-aligned
                int r = ca == '0' || cb == '0' ? compareLeft(a, ai, b, bi) : compareRight(a, ai, b, bi);
                if (r != 0) {
                    return r;
                }
            }
            if (ca == 0 && cb == 0) {
                return a.compareTo(b); // equal for strnatcmp; names are unique, so any fixed tie-break
            }
            if (ca != cb) {
                return ca < cb ? -1 : 1;
            }
            ai++;
            bi++;
        }
    }

    /** Right-aligned runs: the longer run wins, else the first differing digit (strnatcmp's bias). */
    private static int compareRight(String a, int ai, String b, int bi) {
        int bias = 0;
        for (;; ai++, bi++) {
            char ca = at(a, ai);
            char cb = at(b, bi);
            if (!isDigit(ca) && !isDigit(cb)) {
                return bias;
            } else if (!isDigit(ca)) {
                return -1;
            } else if (!isDigit(cb)) {
                return 1;
            } else if (ca < cb) {
                if (bias == 0) {
                    bias = -1;
                }
            } else if (ca > cb) {
                if (bias == 0) {
                    bias = 1;
                }
            }
        }
    }

    /** Left-aligned runs: the first differing digit wins, a shorter run is smaller. */
    private static int compareLeft(String a, int ai, String b, int bi) {
        for (;; ai++, bi++) {
            char ca = at(a, ai);
            char cb = at(b, bi);
            if (!isDigit(ca) && !isDigit(cb)) {
                return 0;
            } else if (!isDigit(ca)) {
                return -1;
            } else if (!isDigit(cb)) {
                return 1;
            } else if (ca != cb) {
                return ca < cb ? -1 : 1;
            }
        }
    }

    private static char at(String s, int i) {
        return i < s.length() ? s.charAt(i) : 0;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
