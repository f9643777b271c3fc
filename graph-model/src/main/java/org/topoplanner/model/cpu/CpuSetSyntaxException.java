package org.topoplanner.model.cpu;

/**
 * A CPU list or hwloc mask that cannot be read, with the 0-based column in the text where the problem
 * starts. It is an {@link IllegalArgumentException} so that callers written against the older
 * unchecked contract keep working; {@link CpuSet#parse} and {@link CpuSet#fromHwlocMask} declare it.
 */
public final class CpuSetSyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String reason;
    private final String text;
    private final int column;

    public CpuSetSyntaxException(String reason, String text, int column) {
        super(reason + " (at column " + column + " of '" + text + "')");
        this.reason = reason;
        this.text = text;
        this.column = column;
    }

    /** What is wrong, without the position. */
    public String reason() {
        return reason;
    }

    /** The whole text that was being read. */
    public String text() {
        return text;
    }

    /** 0-based column in {@link #text()} where the problem starts. */
    public int column() {
        return column;
    }
}
