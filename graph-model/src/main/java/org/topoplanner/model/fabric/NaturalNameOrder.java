package org.topoplanner.model.fabric;

import java.util.Comparator;

/**
 * Orders names the way people number racks and nodes: runs of digits compare as numbers, so
 * {@code leaf2} comes before {@code leaf10}; on equal numbers the shorter (unpadded) spelling
 * comes first, and the plain text decides the rest, so the order is total and stable.
 */
public final class NaturalNameOrder implements Comparator<String> {
    public static final NaturalNameOrder INSTANCE = new NaturalNameOrder();

    private NaturalNameOrder() {
    }

    @Override
    public int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char ca = a.charAt(i);
            char cb = b.charAt(j);
            if (isDigit(ca) && isDigit(cb)) {
                int ei = digitsEnd(a, i);
                int ej = digitsEnd(b, j);
                int byValue = compareDigitRuns(a, i, ei, b, j, ej);
                if (byValue != 0) {
                    return byValue;
                }
                if (ei - i != ej - j) {
                    return Integer.compare(ei - i, ej - j);
                }
                i = ei;
                j = ej;
            } else {
                if (ca != cb) {
                    return Character.compare(ca, cb);
                }
                i++;
                j++;
            }
        }
        int byRest = Integer.compare(a.length() - i, b.length() - j);
        return byRest != 0 ? byRest : a.compareTo(b);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int digitsEnd(String s, int from) {
        int k = from;
        while (k < s.length() && isDigit(s.charAt(k))) {
            k++;
        }
        return k;
    }

    /** Compares two digit runs by value without parsing, so runs longer than a long still order. */
    private static int compareDigitRuns(String a, int i, int ei, String b, int j, int ej) {
        while (i < ei - 1 && a.charAt(i) == '0') {
            i++;
        }
        while (j < ej - 1 && b.charAt(j) == '0') {
            j++;
        }
        if (ei - i != ej - j) {
            return Integer.compare(ei - i, ej - j);
        }
        for (; i < ei; i++, j++) {
            if (a.charAt(i) != b.charAt(j)) {
                return Character.compare(a.charAt(i), b.charAt(j));
            }
        }
        return 0;
    }
}
