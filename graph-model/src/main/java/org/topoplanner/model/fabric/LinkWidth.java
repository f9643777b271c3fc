package org.topoplanner.model.fabric;

/** A cable's lane count: {@code 1x}, {@code 2x}, {@code 4x}, {@code 8x} or {@code 12x}; 0 lanes = unknown. */
public record LinkWidth(int lanes) {
    public static final LinkWidth UNKNOWN = new LinkWidth(0);
    public static final LinkWidth X1 = new LinkWidth(1);
    public static final LinkWidth X4 = new LinkWidth(4);

    public LinkWidth {
        if (lanes < 0) {
            throw new IllegalArgumentException("negative lane count " + lanes);
        }
    }

    /** Reads {@code 4x}, {@code 4X} or {@code 4}; anything else is {@link #UNKNOWN}. */
    public static LinkWidth fromToken(String token) {
        if (token == null) {
            return UNKNOWN;
        }
        String t = token.strip();
        if (t.endsWith("x") || t.endsWith("X")) {
            t = t.substring(0, t.length() - 1);
        }
        try {
            int n = Integer.parseInt(t);
            return n > 0 ? new LinkWidth(n) : UNKNOWN;
        } catch (NumberFormatException e) {
            return UNKNOWN;
        }
    }

    public boolean isKnown() {
        return lanes > 0;
    }

    @Override
    public String toString() {
        return lanes > 0 ? lanes + "x" : "?";
    }
}
