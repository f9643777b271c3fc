package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.RecentlyAsked;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch's verdict on a job for {@code topology/block}, kept per cluster ({@link ClusterIndex#derived}): the test runs
 * on the idle cluster, or on it without the nodes {@code --exclusive} jobs hold, so it depends on the request, the
 * version and those nodes, and a queue or a what-if asks it for the same request again and again. A speed-up only (the block selection on the idle cluster costs as much as a
 * placement); at most {@value #KEPT} requests per cluster, the least recently asked leave first.
 */
final class BlockSubmitVerdicts {
    private static final int KEPT = 256;

    private record TableKey() {
    }

    /**
     * The request without its name (two jobs of one shape get one verdict), the version, the nodes the test
     * leaves out (those an {@code --exclusive} job holds, by node-table index) and the request's memory options
     * (the test reads each node's memory: {@link IdleMemory}).
     */
    private record Key(SlurmJobSpec job, SlurmVersion version, BitSet leftOut, IdleMemory.Key memory) {
    }

    private final Map<Key, Boolean> verdicts = new RecentlyAsked<>(KEPT);

    static BlockSubmitVerdicts of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(new TableKey(), c -> new BlockSubmitVerdicts());
    }

    /**
     * The verdict on {@code job} with the memory options {@code memory} under {@code version} with the nodes of
     * {@code leftOut} out of the test, from
     * {@code test} the first time it is asked.
     */
    boolean accepted(SlurmJobSpec job, SlurmVersion version, BitSet leftOut, IdleMemory.Key memory,
                     BooleanSupplier test) {
        Key key = new Key(job.withName(""), version, (BitSet) leftOut.clone(), memory);
        synchronized (verdicts) {
            Boolean known = verdicts.get(key);
            if (known != null) {
                return known;
            }
        }
        // computed outside the lock: two threads may both test a new request, with the same answer
        boolean ok = test.getAsBoolean();
        synchronized (verdicts) {
            verdicts.put(key, ok);
        }
        return ok;
    }
}
