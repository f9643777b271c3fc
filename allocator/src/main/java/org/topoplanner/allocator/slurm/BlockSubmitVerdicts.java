package org.topoplanner.allocator.slurm;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch's verdict on a job for {@code topology/block}, kept per cluster ({@link ClusterIndex#derived}): the test runs
 * on the idle cluster, so it depends on the request and the version only, and a queue or a what-if asks it for the
 * same request again and again. A speed-up only (the block selection on the idle cluster costs as much as a
 * placement); at most {@value #KEPT} requests per cluster, the least recently asked leave first.
 */
final class BlockSubmitVerdicts {
    private static final int KEPT = 256;

    private record TableKey() {
    }

    /** The request without its name (two jobs of one shape get one verdict) and the version. */
    private record Key(SlurmJobSpec job, SlurmVersion version) {
    }

    private final Map<Key, Boolean> verdicts = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Boolean> eldest) {
            return size() > KEPT;
        }
    };

    static BlockSubmitVerdicts of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(new TableKey(), c -> new BlockSubmitVerdicts());
    }

    /** The verdict on {@code job} under {@code version}, from {@code test} the first time it is asked. */
    boolean accepted(SlurmJobSpec job, SlurmVersion version, BooleanSupplier test) {
        Key key = new Key(job.withName(""), version);
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
