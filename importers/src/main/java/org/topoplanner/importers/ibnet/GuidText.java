package org.topoplanner.importers.ibnet;

/** Reads GUIDs as dumps print them: 1 to 16 hex digits, with or without {@code 0x}, leading zeros optional. */
final class GuidText {
    private GuidText() {
    }

    /** Returned for text that is not a GUID; all-ones is not a GUID a node can have. */
    static final long INVALID = -1L;

    /**
     * The GUID as a number (GUIDs with the top bit set are negative longs), or {@link #INVALID}
     * when the text is not 1..16 hex digits.
     */
    static long parse(CharSequence s, int from, int to) {
        if (to - from >= 2 && s.charAt(from) == '0' && (s.charAt(from + 1) == 'x' || s.charAt(from + 1) == 'X')) {
            from += 2;
        }
        int n = to - from;
        if (n < 1 || n > 16) {
            return INVALID;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            int d = Character.digit(s.charAt(i), 16);
            if (d < 0) {
                return INVALID;
            }
            v = (v << 4) | d;
        }
        return v;
    }

    static long parse(String s) {
        return parse(s, 0, s.length());
    }
}
