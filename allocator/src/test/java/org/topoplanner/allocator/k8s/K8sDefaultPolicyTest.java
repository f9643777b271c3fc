package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.resources.ShippedData;

/**
 * k8s-default on the shipped example cluster: 32 nodes of 2 x 16 cores (one thread), 2 NUMA nodes of
 * 256000 MiB, GPUs 0-3 (NV4 all-to-all, pairs on PEX0/PEX1) on NUMA 0 and 4-7 on NUMA 1.
 */
class K8sDefaultPolicyTest {
    private static final Cluster EXAMPLE = ShippedData.exampleCluster();

    private static JobRequest job(String name, int nodes, int gpus, Integer cpusPerGpu) {
        return new JobRequest(name, nodes, null, null, null, null, null, null, gpus, null, null, cpusPerGpu, null,
                null, false, false, false, List.of(), List.of(), null);
    }

    private static PolicyOptions opts(String policy, String scope) {
        return new PolicyOptions(SlurmVersion.V24_11, TopologyManagerPolicy.parse(policy).orElseThrow(),
                TopologyManagerScope.parse(scope).orElseThrow());
    }

    @Test
    void idleNodesTieAndTheFirstNamesWin() {
        // Every idle node scores 99 (least allocated: cpu (32000-100)*100/32000 = 99, memory 99) + 100
        // (balanced: no CPU or memory requested): ties go to node01, node02.
        Suggestion s = new K8sDefaultPolicy(opts("none", "container"))
                .suggest(ClusterState.empty(EXAMPLE), job("a", 2, 8, null));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        Placement p = ((Suggestion.Placed) s).placement();
        assertThat(p.hostNames()).containsExactly("node01", "node02");
        assertThat(p.hosts().get(0).gpus()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
    }

    @Test
    void leastAllocatedSpreadsAwayFromABusyNode() {
        // node01 runs 16 CPUs: with the new pod's 8 CPUs it scores cpu 25, memory 99 -> 62, balanced
        // 1-|0.75-0|/2 -> 62: 124. node02 scores 75/99 -> 87 and 87: 174, and wins.
        ClusterState s = ClusterState.empty(EXAMPLE).with(new Placement("busy",
                List.of(HostAllocation.of("node01", List.of(0, 1, 2, 3), CpuSet.parse("0-15")))));
        NodeScore busy = NodeScore.of(NodeCapacity.of(s, "node01"), pod(8, 4));
        NodeScore idle = NodeScore.of(NodeCapacity.of(s, "node02"), pod(8, 4));
        assertThat(busy).isEqualTo(new NodeScore(62, 62));
        assertThat(idle).isEqualTo(new NodeScore(87, 87));
        Suggestion r = new K8sDefaultPolicy(opts("none", "container")).suggest(s, job("b", 1, 4, 2));
        assertThat(((Suggestion.Placed) r).placement().hostNames()).containsExactly("node02");
    }

    @Test
    void nodeCapacityCountsEachRunningJobAsOnePodOnItsHosts() {
        // "busy" lists 16 CPUs and two GPUs on one NIC; "light" lists no CPU (the scheduler's 100m default)
        // and one GPU on another NIC, across two hosts
        ClusterState s = ClusterState.empty(EXAMPLE)
                .with(new Placement("busy", List.of(new HostAllocation("node01", List.of(0, 1), CpuSet.parse("0-15"),
                        java.util.Map.of(0, "NIC0", 1, "NIC0")))))
                .with(new Placement("light", List.of(
                        new HostAllocation("node01", List.of(4), CpuSet.empty(), java.util.Map.of(4, "NIC1")),
                        HostAllocation.of("node02", List.of(0), CpuSet.empty()))));
        NodeCapacity n1 = NodeCapacity.of(s, "node01");
        assertThat(n1.usedPods()).isEqualTo(2);
        assertThat(n1.usedRdma()).isEqualTo(2);
        assertThat(n1.usedGpus()).isEqualTo(3);
        assertThat(n1.usedCpuMilli()).isEqualTo(16_000);
        assertThat(n1.nonZeroCpuMilli()).isEqualTo(16_100);
        assertThat(n1.nonZeroMemoryMiB()).isEqualTo(2 * NodeCapacity.DEFAULT_MEMORY_MIB);
        NodeCapacity n2 = NodeCapacity.of(s, "node02");
        assertThat(n2.usedPods()).isEqualTo(1);
        assertThat(n2.usedRdma()).isZero();
        assertThat(n2.nonZeroCpuMilli()).isEqualTo(NodeCapacity.DEFAULT_CPU_MILLI);
        assertThat(NodeCapacity.of(s.without("light"), "node02").usedPods()).isZero();
    }

    @Test
    void restrictedRejectsAtAdmissionAfterScheduling() {
        // node01 has GPUs 0,1,4,5 busy: two free per NUMA node. Scores tie (the busy job asks no CPU), so
        // the pods go to node01 and node02. On node01 4 GPUs only fit as {11}, not preferred because one
        // NUMA node has 4 GPUs in all: restricted rejects (TopologyAffinityError). node02 admits along {01}.
        ClusterState s = ClusterState.empty(EXAMPLE).with(new Placement("busy",
                List.of(HostAllocation.of("node01", List.of(0, 1, 4, 5), CpuSet.empty()))));
        K8sDefaultPolicy policy = new K8sDefaultPolicy(opts("restricted", "container"));
        Outcome o = policy.schedule(s, job("c", 2, 4, 1));
        assertThat(o.bound()).extracting(Admission::host).containsExactly("node01", "node02");
        assertThat(o.rejected()).singleElement().satisfies(r -> {
            assertThat(r.host()).isEqualTo("node01");
            assertThat(r.reason()).isEqualTo("TopologyAffinityError");
        });
        Suggestion r = policy.suggest(s, job("c", 2, 4, 1));
        Placement p = ((Suggestion.Placed) r).placement();
        assertThat(p.hostNames()).containsExactly("node02");
        assertThat(p.hosts().get(0).gpus()).containsExactly(0, 1, 2, 3);
        assertThat(p.hosts().get(0).cpus()).isEqualTo(CpuSet.parse("0-3"));
        assertThat(((Suggestion.Placed) r).notes()).anyMatch(n -> n.startsWith("TopologyAffinityError: pod c-0"))
                .anyMatch(n -> n.equals("GANG_INCOMPLETE: no gang holds the job's pods together; the scheduler bound them"
                        + " one by one: 1 of 2 pods run (on node02), the other 1 stay Pending"));
    }

    @Test
    void bestEffortAdmitsTheSameSplitPod() {
        ClusterState s = ClusterState.empty(EXAMPLE).with(new Placement("busy",
                List.of(HostAllocation.of("node01", List.of(0, 1, 4, 5), CpuSet.empty()))));
        Outcome o = new K8sDefaultPolicy(opts("best-effort", "pod")).schedule(s, job("c", 2, 4, 1));
        assertThat(o.rejected()).isEmpty();
        // {11}: aligned free GPUs 2,3,6,7 are exactly 4: all taken; CPUs: 4 from both NUMA nodes' 32,
        // whole cores by the packing order: 0-3.
        assertThat(o.placement().on("node01").orElseThrow().gpus()).containsExactly(2, 3, 6, 7);
    }

    @Test
    void withoutGangTheFittingPodsRunAndTheRestPend() {
        // 33 whole-GPU nodes asked of 32: 32 run, one pends; the real scheduler does the same.
        Suggestion s = new K8sDefaultPolicy(opts("none", "container"))
                .suggest(ClusterState.empty(EXAMPLE), job("d", 32, 8, null));
        assertThat(((Suggestion.Placed) s).placement().hostNames()).hasSize(32);
        ClusterState busy = ClusterState.empty(EXAMPLE).with(new Placement("x",
                List.of(HostAllocation.of("node32", List.of(0), CpuSet.empty()))));
        Suggestion partial = new K8sDefaultPolicy(opts("none", "container")).suggest(busy, job("e", 32, 8, null));
        assertThat(((Suggestion.Placed) partial).placement().hostNames()).hasSize(31).doesNotContain("node32");
        assertThat(((Suggestion.Placed) partial).notes())
                .anyMatch(n -> n.contains("1 of 32 pods pending") && n.contains("0/32 nodes are available: "
                        + "1 Insufficient nvidia.com/gpu, 31 node(s) didn't match pod anti-affinity rules."));
        Suggestion gang = new K8sDefaultPolicy(KubeletSettings.from(opts("none", "container")), PodTemplate.DEFAULT,
                true).suggest(busy, job("e", 32, 8, null));
        assertThat(gang).isInstanceOf(Suggestion.Pending.class);
    }

    @Test
    void aJobNoNodeCanHoldIsImpossible() {
        Suggestion s = new K8sDefaultPolicy(opts("none", "container"))
                .suggest(ClusterState.empty(EXAMPLE), job("f", 1, 9, null));
        assertThat(s).isInstanceOf(Suggestion.Impossible.class);
    }

    private static PodRequest pod(int cpus, int gpus) {
        return new PodRequest("p", List.of(new ContainerRequest("c", cpus, 0, gpus, 0)), true);
    }
}
