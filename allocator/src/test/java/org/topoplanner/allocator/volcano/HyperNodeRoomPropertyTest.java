package org.topoplanner.allocator.volcano;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.k8s.KubeletSettings;
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
 * The per-HyperNode room kept with each state and updated from earlier states for the hosts whose jobs
 * changed equals the room built afresh and the sums this test makes over each HyperNode's real nodes,
 * after random job starts and ends (asked at every step or only now and then, then updated across many
 * changes); and hard mode with the room check answers exactly as it does placing the gang in every
 * HyperNode, on those random states, with and without a tier limit.
 */
class HyperNodeRoomPropertyTest {
    private static final Cluster EXAMPLE = ShippedData.exampleCluster();
    private static final List<JobRequest> ASKS = List.of(JobRequest.nodesWithGpus("a", 2, 1),
            JobRequest.nodesWithGpus("b", 4, 8), JobRequest.nodesWithGpus("c", 3, 3),
            JobRequest.nodesWithGpus("d", 10, 8), JobRequest.nodesWithGpus("e", 20, 2));

    @Property(tries = 40)
    void keptRoomEqualsFreshRoomAndTheNodesSums(@ForAll long seed) {
        Random r = new Random(seed);
        HyperNodeTree tree = HyperNodeTree.of(EXAMPLE);
        boolean everyStep = r.nextBoolean();
        ClusterState s = ClusterState.empty(EXAMPLE);
        List<String> running = new ArrayList<>();
        int compared = 0;
        for (int step = 0; step < 150; step++) {
            s = randomChange(r, s, running, step);
            if (everyStep || r.nextInt(20) == 0) {
                HyperNodeRoom.Layout layout = VolcanoPolicy.layout(s);
                for (JobRequest job : ASKS) {
                    PodShape shape = PodTemplate.DEFAULT.shape(s, job);
                    PodRequest pod = PodRequest.of(shape, job.name() + "-0");
                    HyperNodeRoom fresh = HyperNodeRoom.of(s, layout, pod, shape.onePerNode(), shape.gang());
                    assertSummedUp(s, tree, layout, fresh, pod, shape);
                    assertThat(VolcanoPolicy.room(s, tree, layout, shape, pod))
                            .as("step %d, job %s (seed %d)", step, job.name(), seed).isEqualTo(fresh);
                    compared++;
                }
            }
        }
        assertThat(compared).isPositive();
    }

    @Property(tries = 25)
    void answersEqualThePlacementInEveryHyperNode(@ForAll long seed) {
        Random r = new Random(seed);
        ClusterState s = ClusterState.empty(EXAMPLE);
        List<String> running = new ArrayList<>();
        List<NetworkTopology> modes = List.of(new NetworkTopology(true, null), new NetworkTopology(true, 1),
                new NetworkTopology(true, 2));
        int compared = 0;
        for (int step = 0; step < 60; step++) {
            s = randomChange(r, s, running, step);
            if (r.nextInt(4) == 0) {
                for (NetworkTopology nt : modes) {
                    VolcanoPolicy checked = new VolcanoPolicy(KubeletSettings.from(PolicyOptions.DEFAULT),
                            PodTemplate.DEFAULT, j -> nt);
                    for (JobRequest job : ASKS) {
                        assertThat(checked.suggest(s, job)).as("step %d, %s, job %s (seed %d)", step, nt, job.name(), seed)
                                .isEqualTo(checked.withoutRoomCheck().suggest(s, job));
                        compared++;
                    }
                }
            }
        }
        assertThat(compared).isPositive();
    }

    /** Ends a random running job one time in three, else starts one on a few random hosts' random GPUs and CPUs. */
    private static ClusterState randomChange(Random r, ClusterState s, List<String> running, int step) {
        if (!running.isEmpty() && r.nextInt(3) == 0) {
            return s.without(running.remove(r.nextInt(running.size())));
        }
        List<String> hosts = EXAMPLE.hostNames();
        List<HostAllocation> allocs = new ArrayList<>();
        List<String> used = new ArrayList<>();
        for (int k = 0; k < 1 + r.nextInt(4); k++) {
            String h = hosts.get(r.nextInt(hosts.size()));
            if (!used.contains(h)) {
                used.add(h);
                allocs.add(HostAllocation.of(h, List.of(r.nextInt(8)), CpuSet.of(r.nextInt(8))));
            }
        }
        String name = "j" + step;
        running.add(name);
        return s.with(new Placement(name, allocs));
    }

    /** Each HyperNode's room is the sum over its real nodes of the tasks each takes, counted here. */
    private static void assertSummedUp(ClusterState s, HyperNodeTree tree, HyperNodeRoom.Layout layout,
                                       HyperNodeRoom room, PodRequest pod, PodShape shape) {
        List<Integer> sums = new ArrayList<>(room.perHyperNode());
        ClusterIndex index = ClusterIndex.of(s.cluster());
        tree.hyperNodes().forEach((name, info) -> {
            int sum = 0;
            for (String host : info.realNodes()) {
                if (index.number(host) >= 0) {
                    int n = NodeCapacity.of(s, host).countIn(pod);
                    sum += Math.min(shape.onePerNode() ? Math.min(1, n) : n, shape.gang());
                }
            }
            assertThat(sums.get(layout.position().get(name))).as("HyperNode %s", name).isEqualTo(sum);
            assertThat(room.mayHold(layout, name, shape.gang())).isEqualTo(sum >= shape.gang());
        });
        assertThat(layout.position()).hasSameSizeAs(tree.hyperNodes());
    }
}
