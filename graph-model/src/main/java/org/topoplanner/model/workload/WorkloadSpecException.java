package org.topoplanner.model.workload;

/** A {@code gen:} workload specification that cannot be read; the message says what and where. */
public final class WorkloadSpecException extends Exception {
    private static final long serialVersionUID = 1L;

    public WorkloadSpecException(String message) {
        super(message);
    }
}
