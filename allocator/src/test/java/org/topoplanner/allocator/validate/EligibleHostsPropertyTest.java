package org.topoplanner.allocator.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.validate.Fixture.EXAMPLE;
import static org.topoplanner.allocator.validate.Fixture.VALIDATOR;
import static org.topoplanner.allocator.validate.Fixture.request;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * The per-state table of hosts that could take a node of the job ({@link EligibleHosts}), updated as jobs come
 * and go, must judge a placement exactly as a table built afresh on the same jobs
 * ({@link ClusterState#onCluster} starts a state without history): the fewest leaves and spines behind
 * {@code CROSS_LEAF} and {@code CROSS_SPINE} come from it. On the shipped example cluster (4 leaves of 8 hosts,
 * 2 spines), with jobs holding what they list or their nodes whole, and requests with and without
 * {@code --exclusive} and {@code --exclude}.
 */
class EligibleHostsPropertyTest {
    /** Requests that need (nearly) a whole leaf, so that a busy host moves the minimum. */
    private static final List<String> REQUESTS = List.of("-N 8 --gpus-per-node=8", "-N 7 --gpus-per-node=6",
            "-N 8 --exclusive", "-N 6 --gpus-per-node=8 --exclude=node01,node10", "--gpus=60",
            "-N 8 --gpus-per-node=2 --cpus-per-gpu=14");

    /** Each op: bits 0-4 a host, bits 5-6 GPUs taken (0, 2, 4 or 8), bit 7 whether it holds the node whole. */
    @Property(tries = 50)
    void updatedTablesJudgeAsFreshOnes(@ForAll @Size(min = 1, max = 30) List<@IntRange(min = 0, max = 255) Integer> ops,
                                       @ForAll @IntRange(min = 0, max = 5) int which,
                                       @ForAll @IntRange(min = 0, max = 31) int first) {
        JobRequest job = request(REQUESTS.get(which));
        ClusterState s = ClusterState.empty(EXAMPLE);
        List<List<Violation>> updated = new ArrayList<>();
        List<List<Violation>> fresh = new ArrayList<>();
        for (int op : ops) {
            String host = String.format("node%02d", (op & 31) + 1);
            int taken = new int[] {0, 2, 4, 8}[(op >> 5) & 3];
            String name = "j-" + host + "-" + taken;
            if (s.placement(name).isPresent()) {
                s = s.without(name);
            } else {
                List<Integer> gpus = new ArrayList<>();
                for (int g = 0; g < taken; g++) {
                    gpus.add(g);
                }
                s = s.with(new Placement(name, List.of(HostAllocation.of(host, gpus, CpuSet.range(0, taken)))),
                        (op & 128) != 0 ? ClusterState.Hold.WHOLE_NODES : ClusterState.Hold.LISTED);
            }
            Placement spread = spread(job, first);
            updated.add(VALIDATOR.validate(s, job, spread));
            fresh.add(VALIDATOR.validate(s.onCluster(s.cluster()), job, spread));
        }
        assertThat(updated).isEqualTo(fresh);
    }

    /** The job's nodes taken every fifth host from {@code first}: across leaves, so the minimum is asked. */
    private static Placement spread(JobRequest job, int first) {
        int nodes = job.minNodes() == null ? 3 : job.minNodes();
        List<HostAllocation> hosts = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            hosts.add(HostAllocation.of(String.format("node%02d", (first + 5 * i) % 32 + 1), List.of(6, 7),
                    CpuSet.of(30, 31)));
        }
        return new Placement("job", hosts);
    }
}
