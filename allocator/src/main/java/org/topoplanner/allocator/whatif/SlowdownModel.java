package org.topoplanner.allocator.whatif;

/**
 * How much slower a job would run on the bus bandwidth its placement gives than on the best placement of
 * its shape: {@code slowdown = (1 - c) + c * best / got}, where {@code c} is the share of the job's run time
 * spent in ring all-reduce at the best bandwidth. The bandwidths are {@code RingEstimate}'s (its constants and
 * sources are in {@code BandwidthModel}); the best is that of the planner's placement of the same shape on the
 * empty design.
 *
 * <p>{@code c} is an assumption, not a measurement: {@value #DEFAULT_COMMUNICATION_SHARE} by default, meant as
 * a data-parallel training job whose gradient all-reduce is not fully hidden behind compute. Set it per run;
 * the report prints it. Run times are <b>not</b> stretched by the slowdown: the replay keeps the recorded run
 * times, so the schedule stays that of the workload, and the slowdown is reported beside it.
 */
public record SlowdownModel(double communicationShare) {
    public static final double DEFAULT_COMMUNICATION_SHARE = 0.3;
    public static final SlowdownModel DEFAULT = new SlowdownModel(DEFAULT_COMMUNICATION_SHARE);

    public SlowdownModel {
        if (!(communicationShare >= 0 && communicationShare <= 1)) {
            throw new IllegalArgumentException("communication share " + communicationShare + " is not within 0..1");
        }
    }

    /** The slowdown of a job given {@code got} where {@code best} was possible; NaN when either is unknown. */
    public double slowdown(double best, double got) {
        if (Double.isInfinite(best) && Double.isInfinite(got)) {
            return 1.0; // one GPU: no ring step in either
        }
        if (!(got > 0) || !(best > 0) || Double.isNaN(best) || Double.isNaN(got)) {
            return Double.NaN;
        }
        return (1 - communicationShare) + communicationShare * Math.max(1.0, best / got);
    }
}
