package org.topoplanner.allocator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.bench.BenchClusters;
import org.topoplanner.model.cluster.Cluster;

/**
 * The window warms a cluster's index in the background while a drag-over may already ask for it;
 * both must get the one index, built once.
 */
class ClusterIndexSharingTest {

    @Test
    void concurrentCallersShareOneBuild() throws Exception {
        // big enough that the build takes long compared with starting the threads
        Cluster cluster = BenchClusters.fatTree(2, 16, 32, 4, 8);
        int callers = 6;
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<ClusterIndex>> answers = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return ClusterIndex.of(cluster);
                }));
            }
            start.countDown();
            ClusterIndex first = answers.get(0).get();
            for (Future<ClusterIndex> f : answers) {
                assertSame(first, f.get(), "every caller sees the same index");
            }
            assertSame(first, ClusterIndex.of(cluster), "later callers reuse it");
            assertEquals(2 * 16 * 32, first.size());
        } finally {
            pool.shutdownNow();
        }
    }
}
