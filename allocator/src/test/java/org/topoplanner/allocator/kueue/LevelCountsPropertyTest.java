package org.topoplanner.allocator.kueue;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.k8s.NodeCapacity;
import org.topoplanner.allocator.k8s.PodRequest;
import org.topoplanner.allocator.k8s.PodTemplate;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.PodShape;
import org.topoplanner.resources.ShippedData;

/**
 * The per-domain pod counts kept with each state and updated from earlier states for the hosts whose jobs
 * changed equal the counts built afresh from that state's nodes (each domain the sum of its nodes' counts), after random job starts and ends, for
 * several pod sizes, whether asked at every step or only now and then (then updated from the cluster's
 * latest table across many changes).
 */
class LevelCountsPropertyTest {
    private static final Cluster EXAMPLE = ShippedData.exampleCluster();

    @Property(tries = 40)
    void keptCountsEqualFreshOnes(@ForAll long seed) {
        Random r = new Random(seed);
        TopologyLevels levels = TopologyLevels.of(EXAMPLE);
        TasTree tree = TasTree.ofAll(EXAMPLE, levels);
        List<String> hosts = EXAMPLE.hostNames();
        List<JobRequest> asks = List.of(JobRequest.nodesWithGpus("a", 2, 1), JobRequest.nodesWithGpus("b", 4, 8),
                JobRequest.nodesWithGpus("c", 1, 3));
        boolean everyStep = r.nextBoolean();
        ClusterState s = ClusterState.empty(EXAMPLE);
        List<String> running = new ArrayList<>();
        int compared = 0;
        for (int step = 0; step < 150; step++) {
            if (!running.isEmpty() && r.nextInt(3) == 0) {
                s = s.without(running.remove(r.nextInt(running.size())));
            } else {
                List<HostAllocation> allocs = new ArrayList<>();
                List<String> used = new ArrayList<>();
                for (int k = 0; k < 1 + r.nextInt(3); k++) {
                    String h = hosts.get(r.nextInt(hosts.size()));
                    if (!used.contains(h)) {
                        used.add(h);
                        allocs.add(HostAllocation.of(h, List.of(r.nextInt(8)), CpuSet.of(r.nextInt(8))));
                    }
                }
                String name = "j" + step;
                s = s.with(new Placement(name, allocs));
                running.add(name);
            }
            if (everyStep || r.nextInt(20) == 0) {
                for (JobRequest job : asks) {
                    PodShape shape = PodTemplate.DEFAULT.shape(s, job);
                    PodRequest pod = PodRequest.of(shape, job.name() + "-0");
                    ClusterState now = s;
                    LeafCapacity[] capacity = tree.capacities(
                            h -> PodTemplate.forShape(NodeCapacity.of(now, h), shape));
                    LevelCounts fresh = LevelCounts.of(tree, capacity, LeafCapacity.Demand.of(pod));
                    assertSummedUp(fresh, tree, capacity, LeafCapacity.Demand.of(pod));
                    assertThat(KueueTasPolicy.counts(s, tree, shape, true, pod))
                            .as("step %d, job %s (seed %d)", step, job.name(), seed).isEqualTo(fresh);
                    compared++;
                }
            }
        }
        assertThat(compared).isPositive();
    }

    /** Each lowest-level domain holds its own count, every other domain the sum of its children's (summed here). */
    private static void assertSummedUp(LevelCounts counts, TasTree tree, LeafCapacity[] capacity,
                                       LeafCapacity.Demand demand) {
        int last = tree.levels() - 1;
        long[][] sums = new long[tree.levels()][];
        for (int l = 0; l <= last; l++) {
            sums[l] = new long[tree.level(l).size()];
        }
        for (int i = 0; i < capacity.length; i++) {
            LeafCapacity.Count c = capacity[i].count(demand);
            assertThat(counts.limitedBy(i)).isEqualTo(c.pods() == 0 ? c.limitedBy() : null);
            int at = i;
            for (int l = last; l >= 0; l--) {
                sums[l][at] += c.pods();
                at = tree.level(l).get(at).parent();
            }
        }
        for (int l = 0; l <= last; l++) {
            for (int d = 0; d < sums[l].length; d++) {
                assertThat((long) counts.pods(l, d)).as("level %d, domain %d", l, d).isEqualTo(sums[l][d]);
            }
        }
    }
}
