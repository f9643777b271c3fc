package org.topoplanner.allocator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * A derived table asked for again after more job starts and ends than a state remembers is updated from the
 * table last made on the cluster, for the hosts whose jobs differ, and equals the table built afresh; so does
 * one asked on a state made independently (from the empty cluster) with the same or other jobs.
 */
class LatestTablesPropertyTest {
    private static final Cluster TREE3 = OracleCase.cluster("tree3lvl");

    /** A key of this test's own: jobs and used GPUs per host. */
    private record JobsAndGpus(long seed) {
    }

    @Property(tries = 50)
    void tableAskedRarelyEqualsFreshOne(@ForAll long seed) {
        Random r = new Random(seed);
        List<String> hosts = TREE3.hostNames();
        JobsAndGpus key = new JobsAndGpus(seed);
        AtomicInteger builds = new AtomicInteger();
        ClusterState s = ClusterState.empty(TREE3);
        List<String> running = new ArrayList<>();
        for (int step = 0; step < 120; step++) {
            if (!running.isEmpty() && r.nextInt(3) == 0) {
                s = s.without(running.remove(r.nextInt(running.size())));
            } else {
                List<HostAllocation> allocs = new ArrayList<>();
                for (int k = 0; k < 1 + r.nextInt(3); k++) {
                    allocs.add(HostAllocation.of(hosts.get(r.nextInt(hosts.size())), List.of(r.nextInt(4)),
                            CpuSet.of(r.nextInt(16))));
                }
                String name = "j" + step;
                s = s.with(new Placement(name, allocs));
                running.add(name);
            }
            if (r.nextInt(25) == 0) {
                ClusterState asked = r.nextBoolean() ? s : rebuilt(s);
                long[] kept = asked.derived(key, st -> {
                    builds.incrementAndGet();
                    return count(st);
                }, LatestTablesPropertyTest::recount);
                assertThat(kept).as("step %d (seed %d)", step, seed).isEqualTo(count(asked));
            }
        }
        assertThat(builds.get()).as("built afresh once, then updated").isLessThanOrEqualTo(1);
    }

    /** The same jobs on a state made from the empty cluster: no history shared with {@code s}. */
    private static ClusterState rebuilt(ClusterState s) {
        ClusterState out = ClusterState.empty(s.cluster());
        for (Placement p : s.running().values()) {
            out = out.with(p);
        }
        return out;
    }

    private static long[] count(ClusterState s) {
        long[] t = new long[TREE3.hostNames().size()];
        for (int h = 0; h < t.length; h++) {
            t[h] = cell(s, h);
        }
        return t;
    }

    private static long[] recount(long[] before, ClusterState now, java.util.Set<String> changed) {
        long[] t = Arrays.copyOf(before, before.length);
        for (String host : changed) {
            int h = ClusterIndex.of(now.cluster()).number(host);
            t[h] = cell(now, h);
        }
        return t;
    }

    private static long cell(ClusterState s, int h) {
        StateUsage u = s.usage();
        return u.jobs(h) * 1000L + u.usedGpuIndices(h).cardinality() * 10L + u.usedCpus(h).cardinality();
    }
}
