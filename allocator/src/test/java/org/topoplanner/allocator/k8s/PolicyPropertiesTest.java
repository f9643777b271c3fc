package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.kueue.KueueTasPolicy;
import org.topoplanner.allocator.volcano.NetworkTopology;
import org.topoplanner.allocator.volcano.VolcanoPolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;

/**
 * Properties of the three Kubernetes policies on a 6-node cluster (2 leaves of 3; 2 NUMA nodes of 4
 * cores, 2 GPUs and a NIC each) with random GPUs and CPUs already taken.
 */
class PolicyPropertiesTest {
    private static final Cluster CLUSTER = TestClusters.cluster("n", 6, 3,
            TestClusters.node(4, 32000, new int[] {2, 2}, new int[] {1, 1}));
    private static final String[] POLICIES = {"none", "best-effort", "restricted", "single-numa-node"};
    private static final String[] SCOPES = {"container", "pod"};

    /** Each entry: bits 0-3 the busy GPUs of that node, bits 4-7 busy CPU pairs (0-1, 2-3, 4-5, 6-7). */
    private static ClusterState state(List<Integer> busy) {
        List<HostAllocation> hosts = new ArrayList<>();
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
                hosts.add(HostAllocation.of(String.format("n%02d", i + 1), gpus, CpuSet.of(cpus)));
            }
        }
        ClusterState s = ClusterState.empty(CLUSTER);
        return hosts.isEmpty() ? s : s.with(new Placement("busy", hosts));
    }

    private static JobRequest job(int nodes, int gpus, int cpusPerGpu) {
        return new JobRequest("j", nodes, null, null, null, null, null, null, gpus, null, null,
                cpusPerGpu == 0 ? null : cpusPerGpu, null, null, false, false, false, List.of(), List.of(), null);
    }

    private static List<PlacementPolicy> policies(KubeletSettings k, boolean gang) {
        return List.of(new K8sDefaultPolicy(k, PodTemplate.DEFAULT, gang),
                new KueueTasPolicy(k, PodTemplate.DEFAULT, j -> Optional.empty()),
                new VolcanoPolicy(k, PodTemplate.DEFAULT, j -> new NetworkTopology(true, null)),
                new VolcanoPolicy(k, PodTemplate.DEFAULT, j -> NetworkTopology.soft()));
    }

    @Property(tries = 150)
    void neverOvercommits(@ForAll @Size(6) List<@IntRange(min = 0, max = 255) Integer> busy,
                          @ForAll @IntRange(min = 1, max = 4) int nodes, @ForAll @IntRange(min = 0, max = 4) int gpus,
                          @ForAll @IntRange(min = 0, max = 2) int cpusPerGpu, @ForAll @IntRange(min = 0, max = 3) int p,
                          @ForAll @IntRange(min = 0, max = 1) int sc) {
        ClusterState s = state(busy);
        KubeletSettings k = KubeletSettings.of(TopologyManagerPolicy.parse(POLICIES[p]).orElseThrow(),
                TopologyManagerScope.parse(SCOPES[sc]).orElseThrow());
        for (PlacementPolicy policy : policies(k, false)) {
            Suggestion r = policy.suggest(s, job(nodes, gpus, cpusPerGpu));
            if (r instanceof Suggestion.Placed placed) {
                for (HostAllocation h : placed.placement().hosts()) {
                    BitSet used = s.usedGpus(h.host());
                    assertThat(h.gpus()).as(policy.id()).doesNotHaveDuplicates()
                            .allMatch(g -> g >= 0 && g < 4 && !used.get(g));
                    assertThat(h.cpus().intersection(s.usedCpus(h.host())).isEmpty()).as(policy.id()).isTrue();
                }
                assertThat(s.with(placed.placement())).isNotNull();
            }
        }
    }

    @Property(tries = 150)
    void gangsRunWholeOrNotAtAll(@ForAll @Size(6) List<@IntRange(min = 0, max = 255) Integer> busy,
                                 @ForAll @IntRange(min = 1, max = 5) int nodes,
                                 @ForAll @IntRange(min = 1, max = 4) int gpus) {
        // Policy none: the kubelet rejects nothing, so a gang policy's pods all run or none does.
        ClusterState s = state(busy);
        KubeletSettings k = KubeletSettings.of(TopologyManagerPolicy.NONE, TopologyManagerScope.CONTAINER);
        for (PlacementPolicy policy : policies(k, true)) {
            Suggestion r = policy.suggest(s, job(nodes, gpus, 0));
            if (r instanceof Suggestion.Placed placed) {
                assertThat(placed.placement().gpuCount()).as(policy.id()).isEqualTo(nodes * gpus);
                assertThat(placed.notes()).as(policy.id()).noneMatch(n -> n.startsWith("GANG_INCOMPLETE"));
            }
        }
    }

    @Property(tries = 100)
    void admittedPodsGetExactlyWhatTheyAsked(@ForAll @Size(6) List<@IntRange(min = 0, max = 255) Integer> busy,
                                             @ForAll @IntRange(min = 0, max = 4) int gpus,
                                             @ForAll @IntRange(min = 0, max = 2) int cpusPerGpu,
                                             @ForAll @IntRange(min = 0, max = 3) int p) {
        ClusterState s = state(busy);
        KubeletSettings k = KubeletSettings.of(TopologyManagerPolicy.parse(POLICIES[p]).orElseThrow(),
                TopologyManagerScope.CONTAINER);
        PodRequest pod = new PodRequest("p", List.of(new ContainerRequest("c", gpus * cpusPerGpu, 0, gpus, 0)),
                gpus * cpusPerGpu > 0);
        Admission a = TopologyManagerAdmission.admit(s, "n01", pod, k);
        if (a instanceof Admission.Admitted ok) {
            assertThat(ok.allocation().gpus()).hasSize(gpus);
            assertThat(ok.allocation().cpus().size()).isEqualTo(gpus * cpusPerGpu);
        } else if (p == 0) {
            // Policy none only fails when the node lacks the resources outright.
            int freeGpus = s.freeGpus("n01").size();
            int freeCpus = 8 - s.usedCpus("n01").size();
            assertThat(freeGpus < gpus || freeCpus < gpus * cpusPerGpu).isTrue();
        }
    }
}
