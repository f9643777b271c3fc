package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.TopologyManagerOptions;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

/** The kubelet's Topology Manager policy options reach admission through {@link KubeletSettings} and {@link PolicyOptions}. */
class TopologyManagerOptionsTest {
    /** Two sockets of two NUMA nodes (0,1 | 2,3), two GPUs on each NUMA node (GPUs 2i, 2i+1 on NUMA i). */
    private static final Cluster TWO_SOCKETS = TestClusters.cluster("s", 1, 1, twoSockets());

    private static NodeTopology twoSockets() {
        NodeTopologyBuilder b = new NodeTopologyBuilder().model("2s4n").cpuLayout(2, 2, 8, 1, 64000);
        for (int g = 0; g < 8; g++) {
            int numa = g / 2;
            b.gpu(Gpu.simple(g, "GPU", numa, CpuSet.range(numa * 4, numa * 4 + 3), null));
        }
        return b.build();
    }

    @ParameterizedTest(name = "prefer-closest={0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            false | 110
            true  | 1100
            """)
    void preferClosestPicksTheSameSocketPair(boolean closest, String mask) {
        // GPUs 0,1 (all of NUMA 0) busy; a container asks 3 GPUs. Every pair of NUMA nodes holds 4 GPUs, so
        // every feasible pair is preferred: {1,2}, {1,3}, {2,3}. Narrowest takes the lowest mask {1,2}
        // (across sockets); closest takes {2,3}, average distance (10+12+12+10)/4 = 11 against 15.5.
        ClusterState state = ClusterState.empty(TWO_SOCKETS)
                .with(new Placement("busy", List.of(HostAllocation.of("s01", List.of(0, 1), CpuSet.empty()))));
        KubeletSettings k = KubeletSettings.of(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.CONTAINER)
                .withOptions(new TopologyManagerOptions(closest, 8));
        PodRequest pod = new PodRequest("p", List.of(new ContainerRequest("c", 0, 0, 3, 0)), false);

        Admission a = TopologyManagerAdmission.admit(state, "s01", pod, k);

        assertThat(a).isInstanceOf(Admission.Admitted.class);
        assertThat(((Admission.Admitted) a).decisions().get(0).best().affinity().toString()).isEqualTo(mask);
    }

    @ParameterizedTest(name = "{0} with max-allowable {1} on 9 NUMA nodes: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            best-effort      | 8  | KubeletNotRunning
            single-numa-node | 8  | KubeletNotRunning
            best-effort      | 16 | admitted
            none             | 8  | admitted
            """)
    void aKubeletWithTooManyNumaNodesNeverStarts(String policy, int max, String expected) {
        Cluster nine = TestClusters.cluster("m", 1, 1,
                TestClusters.node(2, 4000, new int[] {1, 1, 1, 1, 1, 1, 1, 1, 1}, new int[9]));
        KubeletSettings k = KubeletSettings.of(TopologyManagerPolicy.parse(policy).orElseThrow(),
                TopologyManagerScope.CONTAINER).withOptions(new TopologyManagerOptions(false, max));
        PodRequest pod = new PodRequest("p", List.of(new ContainerRequest("c", 1, 0, 1, 0)), true);

        Admission a = TopologyManagerAdmission.admit(ClusterState.empty(nine), "m01", pod, k);

        assertThat(a instanceof Admission.Rejected r ? r.reason() : "admitted").isEqualTo(expected);
    }

    @Test
    void policyOptionsCarryTheOptionsToTheScheduler() {
        // k8s-default never binds to a node whose kubelet cannot start: it is NotReady and tainted.
        Cluster nine = TestClusters.cluster("m", 2, 2,
                TestClusters.node(2, 4000, new int[] {1, 1, 1, 1, 1, 1, 1, 1, 1}, new int[9]));
        PolicyOptions restricted = PolicyOptions.DEFAULT.withTopologyManager(TopologyManagerPolicy.RESTRICTED,
                TopologyManagerScope.CONTAINER);
        JobRequest job = JobRequest.nodesWithGpus("j", 1, 1);

        Suggestion refused = new K8sDefaultPolicy(restricted).suggest(ClusterState.empty(nine), job);
        Suggestion raised = new K8sDefaultPolicy(restricted.withTopologyManagerOptions(
                new TopologyManagerOptions(false, 9))).suggest(ClusterState.empty(nine), job);

        assertThat(KubeletSettings.from(restricted.withTopologyManagerOptions(new TopologyManagerOptions(true, 9)))
                .options()).isEqualTo(new TopologyManagerOptions(true, 9));
        assertThat(refused).isNotInstanceOf(Suggestion.Placed.class);
        assertThat(refused.toString()).contains("node.kubernetes.io/not-ready");
        assertThat(raised).isInstanceOf(Suggestion.Placed.class);
    }
}
