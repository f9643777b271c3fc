package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.kueue.KueueTasPolicy;
import org.topoplanner.allocator.volcano.VolcanoPolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.ContainerSpec;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.PodShape;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.job.SbatchToPods;
import org.topoplanner.resources.ShippedData;

/**
 * Every Kubernetes policy places the job's pod shape: its pod count, one pod per node when the shape says so
 * (and shared nodes when it does not), every container's GPUs, whole nodes for whole-node pods, RDMA devices.
 * On the shipped example: 32 nodes of 8 GPUs, 2 x 16 cores, 4 NICs.
 */
class PodShapePlacementTest {
    private static final Cluster EXAMPLE = ShippedData.exampleCluster();

    static Stream<PlacementPolicy> policies() {
        return Stream.of(new K8sDefaultPolicy(PolicyOptions.DEFAULT), new KueueTasPolicy(PolicyOptions.DEFAULT),
                new VolcanoPolicy(PolicyOptions.DEFAULT));
    }

    private static Placement placed(PlacementPolicy p, JobRequest job) {
        Suggestion s = p.suggest(ClusterState.empty(EXAMPLE), job);
        assertThat(s).as(p.id() + ": " + s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement();
    }

    private static JobRequest shaped(PodShape shape) throws Exception {
        return SbatchToPods.withShape(SbatchOptions.parseLine("-J shaped"), shape);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void onePodPerNodeGivesEveryPodItsOwnNode(PlacementPolicy policy) throws Exception {
        Placement p = placed(policy, SbatchOptions.parseLine("-N 20 --gpus-per-node=1"));
        assertThat(p.hosts()).hasSize(20);
        assertThat(new HashSet<>(p.hostNames())).hasSize(20);
        p.hosts().forEach(h -> assertThat(h.gpus()).hasSize(1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void podsThatMayShareANodeAllRun(PlacementPolicy policy) throws Exception {
        PodShape shape = new PodShape(8, List.of(ContainerSpec.of(2, 2)), PodShape.PodsPerNode.ANY, null, null,
                null, false);
        Placement p = placed(policy, shaped(shape));
        assertThat(p.hosts().stream().mapToInt(h -> h.gpus().size()).sum()).isEqualTo(16);
        p.hosts().forEach(h -> assertThat(h.gpus().size() % 2).isZero());
        if (policy.id().equals("kueue-tas")) {
            // Kueue counts pods per domain by resources and fills the best-fitting domain: 4 pods per node
            assertThat(p.hosts().size()).isEqualTo(2);
        } else {
            // the kube-scheduler's and Volcano's least-allocated node scores spread the pods, one per node
            assertThat(p.hosts().size()).as(policy.id()).isEqualTo(8);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void everyContainerGetsItsGpus(PlacementPolicy policy) throws Exception {
        Placement p = placed(policy, SbatchOptions.parseLine("-N 2 --ntasks-per-node=2 --gpus-per-task=4"));
        assertThat(p.hosts()).hasSize(2);
        p.hosts().forEach(h -> assertThat(h.gpus()).hasSize(8));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void wholeNodePodsTakeTheWholeNode(PlacementPolicy policy) throws Exception {
        Placement p = placed(policy, SbatchOptions.parseLine("-N 3 --exclusive"));
        assertThat(p.hosts()).hasSize(3);
        for (HostAllocation h : p.hosts()) {
            assertThat(h.gpus()).hasSize(8);
            assertThat(h.cpus().size()).isEqualTo(32);
            assertThat(Set.copyOf(h.nicByGpu().values())).hasSize(4);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void rdmaDevicesAreAllocated(PlacementPolicy policy) throws Exception {
        PodShape shape = PodShape.onePerNode(2, new ContainerSpec(4, 8, 0, 0, 2));
        Placement p = placed(policy, shaped(shape));
        assertThat(p.hosts()).hasSize(2);
        p.hosts().forEach(h -> assertThat(Set.copyOf(h.nicByGpu().values())).hasSize(2));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void moreOnePerNodePodsThanNodesNeverFit(PlacementPolicy policy) throws Exception {
        Suggestion s = policy.suggest(ClusterState.empty(EXAMPLE), SbatchOptions.parseLine("-N 33"));
        assertThat(s).as(policy.id()).isNotInstanceOf(Suggestion.Placed.class);
    }
}
