package org.topoplanner.model.hostlist;

/** A hostlist expression Slurm would reject ({@code Invalid hostlist}), with where it went wrong. */
public final class HostlistSyntaxException extends Exception {
    private static final long serialVersionUID = 1L;
    private final int offset;

    public HostlistSyntaxException(String message, int offset) {
        super(message);
        this.offset = offset;
    }

    /** 0-based offset into the expression where the problem starts. */
    public int offset() {
        return offset;
    }
}
