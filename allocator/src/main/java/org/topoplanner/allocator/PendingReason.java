package org.topoplanner.allocator;

/** Why a job waits, in the words {@code squeue} uses, so replays diff against the real scheduler. */
public enum PendingReason {
    /** Not enough free resources now (or a {@code --switches} limit not met yet). */
    RESOURCES("Resources"),
    /** An earlier job in the queue waits, and strict FIFO lets nothing pass it. */
    PRIORITY("Priority");

    private final String slurmName;

    PendingReason(String slurmName) {
        this.slurmName = slurmName;
    }

    /** The {@code Reason=} value Slurm prints. */
    public String slurmName() {
        return slurmName;
    }
}
