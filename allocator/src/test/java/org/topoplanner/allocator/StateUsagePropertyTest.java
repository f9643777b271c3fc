package org.topoplanner.allocator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * The usage view kept up to date job by job equals the one counted from scratch, overlaps and a placement that
 * lists a host twice included, and names the jobs on each host in start order.
 */
class StateUsagePropertyTest {
    private static final Cluster TREE3 = OracleCase.cluster("tree3lvl");

    @Property(tries = 100)
    void incrementalUsageEqualsRecounted(@ForAll long seed) {
        Random r = new Random(seed);
        List<String> hosts = TREE3.hostNames();
        ClusterState s = ClusterState.empty(TREE3);
        s.usage(); // from here on, with/without update the view
        List<String> running = new ArrayList<>();
        for (int step = 0; step < 40; step++) {
            if (!running.isEmpty() && r.nextInt(3) == 0) {
                String gone = running.remove(r.nextInt(running.size()));
                s = s.without(gone);
            } else {
                List<HostAllocation> allocs = new ArrayList<>();
                for (int k = 0; k < 1 + r.nextInt(3); k++) {
                    String h = hosts.get(r.nextInt(hosts.size()));
                    allocs.add(HostAllocation.of(h, List.of(r.nextInt(4)), CpuSet.of(r.nextInt(16))));
                }
                String name = "j" + step;
                s = s.with(new Placement(name, allocs), r.nextInt(4) == 0 ? ClusterState.Hold.WHOLE_NODES
                        : ClusterState.Hold.LISTED);
                running.add(name);
            }
            StateUsage kept = s.usage();
            StateUsage fresh = new StateUsage(ClusterIndex.of(TREE3), s.running(), holdsOf(s));
            for (int h = 0; h < hosts.size(); h++) {
                assertThat(kept.jobs(h)).isEqualTo(fresh.jobs(h));
                assertThat(kept.heldWhole(h)).isEqualTo(fresh.heldWhole(h));
                assertThat(kept.usedGpuPositions(h)).isEqualTo(fresh.usedGpuPositions(h));
                assertThat(kept.usedGpuIndices(h)).isEqualTo(fresh.usedGpuIndices(h));
                assertThat(kept.usedCpus(h)).isEqualTo(fresh.usedCpus(h));
                assertThat(kept.usedCores(h)).isEqualTo(fresh.usedCores(h));
                String host = ClusterIndex.of(TREE3).host(h);
                List<String> on = new ArrayList<>();
                s.running().forEach((job, p) -> {
                    if (p.on(host).isPresent()) {
                        on.add(job);
                    }
                });
                assertThat(kept.jobsOn(h)).isEqualTo(on);
            }
        }
    }

    private static java.util.Map<String, ClusterState.Hold> holdsOf(ClusterState s) {
        java.util.Map<String, ClusterState.Hold> m = new java.util.LinkedHashMap<>();
        s.running().keySet().forEach(j -> m.put(j, s.hold(j)));
        return m;
    }
}
