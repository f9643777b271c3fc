package org.topoplanner.allocator.whatif;

import java.util.List;
import java.util.Objects;
import org.topoplanner.model.job.Placement;

/**
 * What happened to one job in one what-if run.
 *
 * @param job           the job's id in its workload
 * @param gpus          GPUs asked for
 * @param nodes         nodes asked for
 * @param submit        seconds from the workload's epoch
 * @param start         when it started; -1 when it never could (see {@code outcome})
 * @param end           start + recorded run time; -1 when it never started
 * @param placement     where the policy placed it: hosts in placement order with their GPUs and CPUs (no host
 *                      when it never started); its job name is the run's, not the workload's
 * @param leaves        leaf switches its hosts hang off
 * @param spines        tier-2 domains its traffic crosses (0 within one leaf)
 * @param highestTier   the tier of the lowest switch above all its hosts (0 on one host, -1 unconnected)
 * @param nvlinkDomains NVLink domains it spans: its hosts when their GPUs are NVLinked (the model knows
 *                      NVLink only inside a node), 0 when its GPUs have no NVLink
 * @param busGBps       estimated ring all-reduce bus bandwidth (GB/s per direction; +Infinity on one GPU)
 * @param slowdown      the slowdown that bandwidth implies against the best placement of the same shape on
 *                      the empty design ({@link SlowdownModel}); 1 at best, NaN when unknown
 * @param freeGpusAtStart      GPUs free just before it started
 * @param strandedGpusAtStart  of those, GPUs on partly used nodes (no whole-node job can use them)
 * @param outcome       {@code ran}, or why it never ran
 */
public record JobRecord(String job, int gpus, int nodes, long submit, long start, long end, Placement placement,
                        int leaves, int spines, int highestTier, int nvlinkDomains, double busGBps, double slowdown,
                        int freeGpusAtStart, int strandedGpusAtStart, String outcome) {
    public static final String RAN = "ran";

    public JobRecord {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(outcome, "outcome");
    }

    /** The hosts it ran on, in placement order. */
    public List<String> hosts() {
        return placement.hostNames();
    }

    public boolean ran() {
        return start >= 0;
    }

    /** Seconds from submission to start (-1 when it never started). */
    public long waitSeconds() {
        return start < 0 ? -1 : start - submit;
    }

    /** A job that cannot run on the design as asked. */
    static JobRecord never(String job, int gpus, int nodes, long submit, String why) {
        return new JobRecord(job, gpus, nodes, submit, -1, -1, new Placement(job, List.of()), 0, 0, 0, 0, Double.NaN, Double.NaN, 0, 0, why);
    }
}
