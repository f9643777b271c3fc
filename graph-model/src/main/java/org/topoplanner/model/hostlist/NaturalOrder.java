package org.topoplanner.model.hostlist;

import java.util.Comparator;

/**
 * Slurm's order of node names: Martin Pool's "natural order" string comparison ({@code strnatcmp},
 * {@code src/common/strnatcmp.c}). Slurm sorts with it twice, and both are this one comparator:
 * hostlist prefixes ({@code hostlist_sort}, {@code rack2-} before {@code rack10-}), and the node table
 * ({@code node_record_table_ptr}, so every node bitmap), which {@code slurmctld} sorts by name after
 * reading {@code slurm.conf}, whatever order the node lines had.
 *
 * <p>Runs of digits compare by value ({@code d7} before {@code d10}), runs starting with a zero digit by
 * digit from the left ({@code a001b} before {@code a01b} before {@code a1b}; {@code n02} before {@code n1}),
 * everything else by character ({@code -} before {@code 1}). Observed in own probe nameorder (22.05.8
 * and 24.11.5 alike, one {@code NodeName=} line per node in the order zz1, aa1, mm1, d7, d10, gpu1,
 * gpu-b1, n02, n1): {@code scontrol show node} and the job's {@code BatchHost} follow aa1, d7, d10,
 * gpu-b1, gpu1, mm1, n02, n1, zz1. The node table order decides which node a job's per-job GPU count
 * reaches first: own case deep d3d ({@code -N2 --gpus=5} on gpu-b04 and gpu-a4, gpu-b lines first in
 * {@code slurm.conf}) gives gpu-a4 its two socket-0 GPUs and gpu-b04 the other three in 22.05.8.
 *
 * <p>Two details follow the C code rather than intuition, because the point is to sort exactly as
 * Slurm does: after two equal digit runs the comparison goes on character by character (so a
 * shorter run with equal leading digits is not special-cased, and two different names never compare
 * equal), and characters compare as C's signed {@code char}, which puts every non-ASCII character
 * before every ASCII one. Whitespace, which {@code strnatcmp} skips, cannot occur in a host name and
 * is not handled.
 */
public final class NaturalOrder implements Comparator<String> {
    /** The one instance: the order is stateless. */
    public static final NaturalOrder INSTANCE = new NaturalOrder();

    private NaturalOrder() {
    }

    @Override
    public int compare(String a, String b) {
        int ai = 0;
        int bi = 0;
        while (true) {
            char ca = at(a, ai);
            char cb = at(b, bi);
            if (isDigit(ca) && isDigit(cb)) {
                boolean fractional = ca == '0' || cb == '0';
                int result = fractional ? compareLeft(a, ai, b, bi) : compareRight(a, ai, b, bi);
                if (result != 0) {
                    return result;
                }
            }
            if (ca == 0 && cb == 0) {
                return 0;
            }
            int ka = signedChar(ca);
            int kb = signedChar(cb);
            if (ka != kb) {
                return ka < kb ? -1 : 1;
            }
            ai++;
            bi++;
        }
    }

    /** Two right-aligned numbers: the longer run wins; at equal length the first differing digit. */
    private static int compareRight(String a, int ai, String b, int bi) {
        int bias = 0;
        for (;; ai++, bi++) {
            char ca = at(a, ai);
            char cb = at(b, bi);
            if (!isDigit(ca) && !isDigit(cb)) {
                return bias;
            }
            if (!isDigit(ca)) {
                return -1;
            }
            if (!isDigit(cb)) {
                return 1;
            }
            if (ca < cb && bias == 0) {
                bias = -1;
            } else if (ca > cb && bias == 0) {
                bias = 1;
            }
        }
    }

    /** Two left-aligned numbers (fractions, in effect): the first differing digit wins. */
    private static int compareLeft(String a, int ai, String b, int bi) {
        for (;; ai++, bi++) {
            char ca = at(a, ai);
            char cb = at(b, bi);
            if (!isDigit(ca) && !isDigit(cb)) {
                return 0;
            }
            if (!isDigit(ca)) {
                return -1;
            }
            if (!isDigit(cb)) {
                return 1;
            }
            if (ca != cb) {
                return ca < cb ? -1 : 1;
            }
        }
    }

    /** The character at {@code i}, or 0 past the end, like C's terminating NUL. */
    private static char at(String s, int i) {
        return i < s.length() ? s.charAt(i) : 0;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Orders like a signed C {@code char} on x86: non-ASCII (UTF-8 lead bytes) below ASCII. */
    private static int signedChar(char c) {
        return c < 0x80 ? c : c - 0x10000;
    }
}
