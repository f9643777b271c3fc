package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;

/**
 * Kubelet admission on one node of 2 NUMA nodes: CPUs 0-7 and GPUs 0-3 on NUMA 0, CPUs 8-15 and GPUs
 * 4-7 on NUMA 1, 64000 MiB each. Masks print as the kubelet logs them: {@code 01} is NUMA 0,
 * {@code 10} NUMA 1, {@code 11} both. Every expectation below is derived by hand in the comments.
 */
class TopologyManagerAdmissionTest {
    private static final Cluster CLUSTER = TestClusters.cluster("n", 1, 1,
            TestClusters.node(8, 64000, new int[] {4, 4}, new int[] {1, 1}));

    /** Pods of the table: containers as gpus/cpus/memMiB, several containers separated by '+'. */
    private static final Map<String, String> PODS = Map.of(
            // GPU hints {01}T {10}T {11}F; CPU the same; merge {01} preferred.
            "fitsOneNuma", "4/4/0",
            // 6 GPUs need both NUMA nodes: GPU hint {11}T only. CPU {01}T {10}T {11}F. A permutation is
            // preferred only when all masks are equal and preferred: {11}T with {01}T is not. No preferred
            // merge exists, BestNonPreferredAffinityCount = 2, so the best is {11} non-preferred.
            "gpusSpanCpusFit", "6/4/0",
            // 12 CPUs need both NUMA nodes (8 per node): CPU {11}T only; GPU {01}T {10}T {11}F: as above.
            "cpusSpanGpusFit", "2/12/0",
            // memory 100000 MiB > 64000 per NUMA node: memory {11}T only; as above.
            "memorySpans", "2/2/100000",
            // Two containers of 4 GPUs: each fits one NUMA node alone (container scope: {01} then {10});
            // the pod's 8 GPUs need both (pod scope: GPU {11}T with CPU {01}T... never preferred).
            "twoContainers", "4/2/0+4/2/0");

    /** Occupancy: GPUs held by a running job. */
    private static final Map<String, List<Integer>> BUSY = Map.of(
            "idle", List.of(),
            // GPUs 0,1 (NUMA 0) and 4,5,6 (NUMA 1) busy: free 2,3 and 7.
            "scattered", List.of(0, 1, 4, 5, 6),
            // GPUs 0,1,2 busy: NUMA 0 has one free GPU, NUMA 1 four.
            "numa0Busy", List.of(0, 1, 2));

    @ParameterizedTest(name = "{0} on {1}, {2}/{3}: {4}")
    @CsvSource(delimiter = '|', textBlock = """
            fitsOneNuma     | idle      | container | none             | admit any
            fitsOneNuma     | idle      | container | best-effort      | admit 01
            fitsOneNuma     | idle      | container | restricted       | admit 01
            fitsOneNuma     | idle      | container | single-numa-node | admit 01
            fitsOneNuma     | idle      | pod       | restricted       | admit 01
            fitsOneNuma     | idle      | pod       | single-numa-node | admit 01
            gpusSpanCpusFit | idle      | container | none             | admit any
            gpusSpanCpusFit | idle      | container | best-effort      | admit 11
            gpusSpanCpusFit | idle      | container | restricted       | reject
            gpusSpanCpusFit | idle      | container | single-numa-node | reject
            gpusSpanCpusFit | idle      | pod       | best-effort      | admit 11
            gpusSpanCpusFit | idle      | pod       | restricted       | reject
            cpusSpanGpusFit | idle      | container | best-effort      | admit 11
            cpusSpanGpusFit | idle      | container | restricted       | reject
            cpusSpanGpusFit | idle      | pod       | single-numa-node | reject
            memorySpans     | idle      | container | best-effort      | admit 11
            memorySpans     | idle      | container | restricted       | reject
            memorySpans     | idle      | pod       | single-numa-node | reject
            twoContainers   | idle      | container | best-effort      | admit 01,10
            twoContainers   | idle      | container | restricted       | admit 01,10
            twoContainers   | idle      | container | single-numa-node | admit 01,10
            twoContainers   | idle      | pod       | best-effort      | admit 11
            twoContainers   | idle      | pod       | restricted       | reject
            twoContainers   | idle      | pod       | single-numa-node | reject
            fitsOneNuma     | numa0Busy | container | restricted       | admit 10
            fitsOneNuma     | scattered | container | none             | reject
            cpusSpanGpusFit | numa0Busy | pod       | best-effort      | admit 11
            """)
    void admitsExactlyWhenTheKubeletWould(String pod, String busy, String scope, String policy, String expected) {
        ClusterState state = occupied(BUSY.get(busy));
        KubeletSettings k = KubeletSettings.of(TopologyManagerPolicy.parse(policy).orElseThrow(),
                TopologyManagerScope.parse(scope).orElseThrow());
        Admission a = TopologyManagerAdmission.admit(state, "n01", pod(PODS.get(pod)), k);
        if (expected.equals("reject")) {
            assertThat(a).isInstanceOf(Admission.Rejected.class);
            if (!policy.equals("none")) {
                assertThat(((Admission.Rejected) a).reason()).isEqualTo("TopologyAffinityError");
                // the pod's status.message as the kubelet writes it (topologymanager's TopologyAffinityError)
                assertThat(((Admission.Rejected) a).message())
                        .isEqualTo("Pod was rejected: Resources cannot be allocated with Topology locality");
            }
            return;
        }
        assertThat(a).isInstanceOf(Admission.Admitted.class);
        String masks = a instanceof Admission.Admitted ok ? String.join(",", ok.decisions().stream()
                .map(d -> d.best().affinity() == null ? "any" : d.best().affinity().toString()).toList()) : "";
        assertThat(policy.equals("none") ? "any" : masks).isEqualTo(expected.substring("admit ".length()));
    }

    @ParameterizedTest(name = "{0} on {1}: GPUs {2}, CPUs {3}")
    @CsvSource(delimiter = '|', textBlock = """
            fitsOneNuma     | idle      | 0,1,2,3 | 0-3
            fitsOneNuma     | numa0Busy | 4,5,6,7 | 8-11
            gpusSpanCpusFit | idle      | 0,1,2,3,4,5 | 0-3
            cpusSpanGpusFit | idle      | 0,1     | 0-11
            twoContainers   | idle      | 0,1,2,3,4,5,6,7 | 0-1,8-9
            """)
    void allocatesAlongTheHintUnderBestEffortContainerScope(String pod, String busy, String gpus, String cpus) {
        // fitsOneNuma/idle: aligned GPUs 0-3 are exactly 4, all taken; CPUs of NUMA 0, whole cores 0-3.
        // numa0Busy: hint {10}: GPUs 4-7; CPUs 8-11.
        // gpusSpanCpusFit: hint {11}: 8 GPUs aligned, 6 needed < 8, so the plugin chooses: sets of 6 from
        // 8 with padding to 12 = two sets of 6 (one holding the 4 pads is not allowed: pads go all in one
        // set); best total comes first as {0..5} (same-NUMA pairs PIX 50, cross SYS 10, ties keep the first).
        // CPUs: hint {11}, 4 of 16 aligned: NUMA nodes are 8 > 4, so whole cores 0-3 (NUMA 0 first by id).
        // cpusSpanGpusFit: 12 CPUs: whole NUMA 0 (0-7), then cores 8-11; GPUs: plugin picks the pair {0,1}
        // (partition {0,1}{2,3}{4,5}{6,7} scores 200, found first).
        // twoContainers: container 1 {01}: GPUs 0-3, CPUs 0-1; container 2 {10}: GPUs 4-7, CPUs 8-9.
        ClusterState state = occupied(BUSY.get(busy));
        KubeletSettings k = KubeletSettings.of(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.CONTAINER);
        Admission a = TopologyManagerAdmission.admit(state, "n01", pod(PODS.get(pod)), k);
        assertThat(a).isInstanceOf(Admission.Admitted.class);
        HostAllocation h = ((Admission.Admitted) a).allocation();
        assertThat(h.gpus()).isEqualTo(java.util.Arrays.stream(gpus.split(",")).map(Integer::valueOf).toList());
        assertThat(h.cpus()).isEqualTo(CpuSet.parse(cpus));
    }

    private static ClusterState occupied(List<Integer> gpus) {
        ClusterState s = ClusterState.empty(CLUSTER);
        if (gpus.isEmpty()) {
            return s;
        }
        return s.with(new Placement("busy", List.of(HostAllocation.of("n01", gpus, CpuSet.empty()))));
    }

    static PodRequest pod(String spec) {
        List<ContainerRequest> cs = new java.util.ArrayList<>();
        String[] parts = spec.split("\\+");
        for (int i = 0; i < parts.length; i++) {
            String[] v = parts[i].split("/");
            cs.add(new ContainerRequest("c" + i, Integer.parseInt(v[1]), Long.parseLong(v[2]),
                    Integer.parseInt(v[0]), 0));
        }
        return new PodRequest("p", cs, true);
    }
}
