package org.topoplanner.model.hostlist;

/**
 * Martin Pool's "natural order" string comparison ({@code strnatcmp}), which Slurm uses to sort
 * hostlist prefixes: runs of digits compare by value ({@code rack2-} before {@code rack10-}), runs
 * starting with a zero compare digit by digit from the left ({@code a001b} before {@code a01b}
 * before {@code a1b}), everything else by character.
 *
 * <p>Two details follow the C code rather than intuition, because the point is to sort exactly as
 * Slurm does: after two equal digit runs the comparison goes on character by character (so a
 * shorter run with equal leading digits is not special-cased), and characters compare as C's signed
 * {@code char}, which puts every non-ASCII character before every ASCII one. Whitespace, which
 * {@code strnatcmp} skips, cannot occur in a host name and is not handled.
 */
final class NaturalOrder {
    private NaturalOrder() {
    }

    static int compare(String a, String b) {
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
