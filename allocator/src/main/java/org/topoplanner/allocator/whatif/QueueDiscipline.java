package org.topoplanner.allocator.whatif;

import java.util.Arrays;
import java.util.Optional;

/**
 * In which order a what-if run starts queued jobs; the placement itself is always the policy's.
 */
public enum QueueDiscipline {
    /** Strict first come, first served: the first job that cannot start holds every later one (Slurm's sched/builtin). */
    FIFO("fifo"),
    /**
     * EASY backfill (Lifka, The ANL/IBM SP scheduling system, JSSPP 1995; Mu'alem and Feitelson, IEEE TPDS 12(6),
     * 2001): the queue's head gets a reservation at the earliest time the policy could place it as running jobs
     * end; a later job starts now only when it fits now and would end by that time (the "extra nodes" half of
     * EASY's rule is not used, which only makes backfill more cautious). End times are estimated from the time
     * limit when the source has one, else from the recorded run time (a perfect estimate).
     */
    EASY_BACKFILL("easy"),
    /** Every queued job that fits starts, in submission order, with no reservation: large jobs may starve. */
    GREEDY("greedy");

    private final String id;

    QueueDiscipline(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    @Override
    public String toString() {
        return id;
    }

    public static Optional<QueueDiscipline> parse(String text) {
        return Arrays.stream(values()).filter(d -> d.id.equals(text)).findFirst();
    }
}
