package org.topoplanner.allocator.slurm;

import java.util.Locale;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SlurmTime;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * The limits of a {@code PartitionName=} line that {@code job_limits_check} ({@code slurmctld/job_mgr.c}) and
 * {@code _part_access_check} test a job against, as {@code read_config.c} ({@code _build_single_partitionline_info})
 * reads them: the partition's own line over {@code PartitionName=DEFAULT}'s, else Slurm's defaults ({@code State=UP},
 * {@code MinNodes=0}, {@code MaxNodes}, {@code MaxCPUsPerNode} and {@code MaxTime} unlimited). The same keys and
 * defaults in 22.05, 24.11 and 26.05.
 *
 * @param maxNodes       {@code MaxNodes}; null = unlimited
 * @param minNodes       {@code MinNodes}; 0 when not given
 * @param maxCpusPerNode {@code MaxCPUsPerNode}; null = unlimited
 * @param maxTimeMinutes {@code MaxTime} in minutes ({@code time_str2mins}); null = INFINITE
 */
record PartitionLimits(State state, Integer maxNodes, int minNodes, Integer maxCpusPerNode, Long maxTimeMinutes) {

    /** sbatch's words for {@code ESLURM_PARTITION_NOT_AVAIL} (own probe c18d1 b2, b3: every release). */
    static final String NOT_AVAILABLE = "Required partition not available (inactive or drain)";

    /** No limit: a cluster without partition lines, or a partition name that is not one. */
    static final PartitionLimits NONE = new PartitionLimits(State.UP, null, 0, null, null);

    /**
     * {@code State=}, as {@code state_up}'s two flags ({@code PARTITION_SUBMIT}, {@code PARTITION_SCHED}): UP has both,
     * DOWN submits only, DRAIN schedules only, INACTIVE neither.
     */
    enum State {
        UP(true, true), DOWN(true, false), DRAIN(false, true), INACTIVE(false, false);

        private final boolean submit;
        private final boolean sched;

        State(boolean submit, boolean sched) {
            this.submit = submit;
            this.sched = sched;
        }

        /** {@code PARTITION_SUBMIT}: {@code _alt_part_test} lets a job in (DRAIN and INACTIVE refuse it). */
        boolean takesSubmissions() {
            return submit;
        }

        /**
         * {@code PARTITION_SCHED}: {@code _part_access_check} tests the CPU, node and time limits only then (a DOWN
         * partition answers {@code WAIT_PART_DOWN} instead, whatever the job asks).
         */
        boolean schedules() {
            return sched;
        }
    }

    /**
     * The limits of partition {@code partition} on {@code cluster}; {@link #NONE} when there is no such line. Read
     * once per cluster ({@link PartitionTable}), not per suggestion.
     */
    static PartitionLimits of(Cluster cluster, SlurmPartition partition) {
        return partition == null ? NONE : PartitionTable.of(cluster).limits(partition);
    }

    /** {@link #of} read from the partition's line (its own over {@code PartitionName=DEFAULT}'s). */
    static PartitionLimits read(Cluster cluster, SlurmPartition partition) {
        if (partition == null) {
            return NONE;
        }
        String line = SlurmPartition.lineWithDefaults(cluster.slurm().keys(), partition.name());
        if (line == null) {
            return NONE;
        }
        return new PartitionLimits(state(SlurmPartition.value(line, "state")),
                count(SlurmPartition.value(line, "maxnodes")), minNodes(SlurmPartition.value(line, "minnodes")),
                count(SlurmPartition.value(line, "maxcpuspernode")), minutes(SlurmPartition.value(line, "maxtime")));
    }

    /**
     * Why slurmctld refuses a job of one partition at submission for its partition's state, or null:
     * {@code _get_job_parts} ({@code job_mgr.c}) runs {@code _alt_part_test}, which without a usable
     * {@code Alternate=} (not read here) answers {@code ESLURM_PARTITION_NOT_AVAIL} for a partition without
     * {@code PARTITION_SUBMIT} (DRAIN, INACTIVE), the same in 22.05, 24.11 and 26.05.
     */
    static String submissionRefusal(Cluster cluster, org.topoplanner.model.job.JobRequest request) {
        PartitionTable table = PartitionTable.of(cluster);
        return table.limits(table.partitionOf(request)).state().takesSubmissions() ? null : NOT_AVAILABLE;
    }

    private static State state(String v) {
        if (v == null) {
            return State.UP;
        }
        try {
            return State.valueOf(v.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return State.UP; // slurmctld refuses such a slurm.conf; the importer reports it
        }
    }

    /** A node or CPU count; UNLIMITED or INFINITE (or what does not parse) is no limit. */
    private static Integer count(String v) {
        if (v == null || SlurmTime.isInfinite(v)) {
            return null;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static int minNodes(String v) {
        Integer n = count(v);
        return n == null ? 0 : n;
    }

    /** {@code time_str2mins} ({@code parse_time.c}): the seconds rounded up to whole minutes; null for INFINITE. */
    static Long minutes(String v) {
        if (v == null || SlurmTime.isInfinite(v)) {
            return null;
        }
        try {
            long seconds = SlurmTime.parse(v.trim()).getSeconds();
            return (seconds + 59) / 60;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
