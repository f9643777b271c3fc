package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.ContainerSpec;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.PodShape;

/**
 * {@code k8s-default} schedules over classes of alike nodes ({@link NodeClasses}, {@link LiveClasses}); it
 * must bind exactly where a scheduler that filters and scores every node one by one binds (the best score,
 * ties by name), and fail with the same event text. The reference below is that node-by-node loop.
 */
class NodeClassesSchedulingTest {
    private static final Cluster CLUSTER = TestClusters.cluster("n", 12, 4,
            TestClusters.node(4, 32000, new int[] {2, 2}, new int[] {1, 1}));

    /** Each entry: bits 0-3 the busy GPUs of that node, bits 4-7 busy CPU pairs; one job per node. */
    private static ClusterState state(List<Integer> busy) {
        ClusterState s = ClusterState.empty(CLUSTER);
        for (int i = 0; i < busy.size(); i++) {
            int b = busy.get(i);
            List<Integer> gpus = new ArrayList<>();
            List<Integer> cpus = new ArrayList<>();
            for (int g = 0; g < 4; g++) {
                if ((b & (1 << g)) != 0) {
                    gpus.add(g);
                }
            }
            for (int c = 0; c < 4; c++) {
                if ((b & (1 << (4 + c))) != 0) {
                    cpus.add(2 * c);
                    cpus.add(2 * c + 1);
                }
            }
            if (!gpus.isEmpty() || !cpus.isEmpty()) {
                String host = String.format("n%02d", i + 1);
                s = s.with(new Placement("busy-" + host, List.of(HostAllocation.of(host, gpus, CpuSet.of(cpus)))));
            }
        }
        return s;
    }

    /** The scheduler node by node: where each pod binds, or the event text of the first pod that fits nowhere. */
    private static List<String> oneByOne(ClusterState state, JobRequest job, PodShape shape) {
        Map<String, NodeCapacity> nodes = new LinkedHashMap<>();
        PodTemplate.candidateHosts(state, job).stream().sorted().forEach(h -> nodes.put(h, NodeCapacity.of(state, h)));
        List<String> chosen = new ArrayList<>();
        for (int i = 0; i < shape.pods(); i++) {
            PodRequest pod = PodRequest.of(shape, job.name() + "-" + i);
            Map<String, Integer> reasons = new TreeMap<>();
            String best = null;
            long bestScore = 0;
            for (NodeCapacity n : nodes.values()) {
                if (shape.onePerNode() && chosen.contains(n.host())) {
                    reasons.merge("node(s) didn't match pod anti-affinity rules", 1, Integer::sum);
                    continue;
                }
                Optional<String> no = n.insufficient(pod);
                if (no.isPresent()) {
                    reasons.merge(no.get(), 1, Integer::sum);
                    continue;
                }
                long s = NodeScore.of(n, pod).total();
                if (best == null || s > bestScore) {
                    best = n.host();
                    bestScore = s;
                }
            }
            if (best == null) {
                chosen.add(K8sDefaultPolicy.unschedulable(nodes.size(), reasons));
                return chosen;
            }
            chosen.add(best);
            nodes.put(best, nodes.get(best).plus(pod));
        }
        return chosen;
    }

    @Property(tries = 150)
    void bindsWhereANodeByNodeSchedulerBinds(@ForAll @Size(12) List<@IntRange(min = 0, max = 255) Integer> busy,
                                             @ForAll @IntRange(min = 1, max = 14) int pods,
                                             @ForAll @IntRange(min = 0, max = 4) int gpusPerPod,
                                             @ForAll @IntRange(min = 0, max = 6) int cpusPerPod,
                                             @ForAll boolean onePerNode) {
        ClusterState state = state(busy);
        JobRequest job = JobRequest.builder().name("j").podShape(new PodShape(pods,
                List.of(ContainerSpec.of(gpusPerPod, cpusPerPod)),
                onePerNode ? PodShape.PodsPerNode.ONE : PodShape.PodsPerNode.ANY, null, null, null, false)).build();
        K8sDefaultPolicy policy = new K8sDefaultPolicy(PolicyOptions.DEFAULT);
        PodShape shape = PodTemplate.DEFAULT.shape(state, job);
        Outcome out = policy.schedule(state, job);
        List<String> ours = new ArrayList<>(out.bound().stream().map(Admission::host).toList());
        if (!out.why().isEmpty()) {
            ours.add(out.why());
        }
        assertThat(ours).isEqualTo(oneByOne(state, job, shape));
    }
}
