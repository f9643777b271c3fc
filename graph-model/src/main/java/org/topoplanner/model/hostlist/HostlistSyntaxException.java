package org.topoplanner.model.hostlist;

/**
 * A hostlist expression that cannot be expanded ({@code Invalid hostlist} in Slurm's words), with the
 * 0-based offset into the expression where the problem starts, so a reader can turn it into a
 * diagnostic pointing at the right column of its file. The message is the reason alone; callers add
 * the expression and position in their own words.
 */
public final class HostlistSyntaxException extends Exception {
    private static final long serialVersionUID = 1L;
    private final String reason;
    private final String expression;
    private final int offset;

    public HostlistSyntaxException(String reason, String expression, int offset) {
        super(reason);
        this.reason = reason;
        this.expression = expression;
        this.offset = offset;
    }

    /** What is wrong, without the position: {@code Invalid range: `A-B' (only numeric ranges ...)}. */
    public String reason() {
        return reason;
    }

    /** The whole expression that was being read. */
    public String expression() {
        return expression;
    }

    /** 0-based offset into the expression where the problem starts. */
    public int offset() {
        return offset;
    }
}
