package org.topoplanner.allocator;

/** Why a job waits, in the words {@code squeue} uses, so replays diff against the real scheduler. */
public enum PendingReason {
    /** Not enough free resources now (or a {@code --switches} limit not met yet). */
    RESOURCES("Resources"),
    /** An earlier job in the queue waits, and strict FIFO lets nothing pass it. */
    PRIORITY("Priority"),
    /**
     * The job asks for more nodes than its partition has: Slurm 22.05 queues it for good (and, with
     * strict FIFO, everything behind it), where 24.11 refuses it at submit.
     */
    PARTITION_CONFIG("PartitionConfig");

    private final String slurmName;

    PendingReason(String slurmName) {
        this.slurmName = slurmName;
    }

    /** The {@code Reason=} value Slurm prints. */
    public String slurmName() {
        return slurmName;
    }
}
