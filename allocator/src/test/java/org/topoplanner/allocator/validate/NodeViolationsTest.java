package org.topoplanner.allocator.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.validate.Fixture.EXAMPLE;
import static org.topoplanner.allocator.validate.Fixture.VALIDATOR;
import static org.topoplanner.allocator.validate.Fixture.only;
import static org.topoplanner.allocator.validate.Fixture.placement;
import static org.topoplanner.allocator.validate.Fixture.request;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.resources.NodeTemplate;

/**
 * Inside a node of the example cluster: GPUs 0-3 on NUMA node 0 / socket 0 (cores 0-15), 4-7 on NUMA node 1 /
 * socket 1 (cores 16-31); NV4 within each group, SYS across; NIC0 on GPU0/1's switch, NIC1 on GPU2/3's, NIC2
 * and NIC3 on socket 1.
 */
class NodeViolationsTest {
    private static final ClusterState EMPTY = ClusterState.empty(EXAMPLE);

    private static List<Violation> check(ClusterState s, String req, String spec, ViolationCode code) {
        return only(VALIDATOR.validate(s, request(req), placement("job", spec)), code);
    }

    @Test
    void gpusSplitAcrossNumaNodesWhenOneCouldHoldThem() {
        assertThat(check(EMPTY, "--gpus-per-node=2", "node01:0,4:0", ViolationCode.GPU_NUMA_SPLIT)).singleElement()
                .satisfies(v -> {
                    assertThat(v.severity()).isEqualTo(Severity.WARNING);
                    assertThat(v.elements()).containsExactly("node01", "node01/GPU0", "node01/GPU4");
                    assertThat(v.sentence()).isEqualTo("node01 GPUs 0,4 sit on NUMA nodes 0 and 1, while NUMA node 0"
                            + " (free GPUs 0,1,2,3) could hold all 2");
                });
        assertThat(check(EMPTY, "--gpus-per-node=2", "node01:0,1:0", ViolationCode.GPU_NUMA_SPLIT)).isEmpty();
    }

    @Test
    void aSplitForcedByBusyGpusIsNoViolation() {
        ClusterState s = EMPTY.with(placement("other", "node01:1,2,3,5,6,7:8"));
        assertThat(check(s, "--gpus-per-node=2", "node01:0,4:0", ViolationCode.GPU_NUMA_SPLIT)).isEmpty();
        assertThat(check(s, "--gpus-per-node=2", "node01:0,4:0", ViolationCode.GPU_LINK_WEAK)).isEmpty();
    }

    @Test
    void gpusWithoutAnNvlinkRingWhileAnNvlinkedSetWasFree() {
        // the PCIe template: NVLink bridges 0-1, 2-3 (..); 0 and 2 are on one NUMA node but join over NODE
        var small = Fixture.small(NodeTemplate.PCIE_8GPU_NVLINK_PAIRS);
        ClusterState s = ClusterState.empty(small);
        assertThat(check(s, "--gpus-per-node=2", "a:0,2:0", ViolationCode.GPU_LINK_WEAK)).singleElement()
                .satisfies(v -> assertThat(v.sentence()).isEqualTo("a GPUs 0,2 cannot form an NVLink ring (slowest step"
                        + " GPU0-GPU2 NODE), while free GPUs 0,1 are joined by NVLink"));
        assertThat(check(s, "--gpus-per-node=2", "a:0,2:0", ViolationCode.GPU_NUMA_SPLIT)).isEmpty();
        assertThat(check(s, "--gpus-per-node=2", "a:2,3:0", ViolationCode.GPU_LINK_WEAK)).isEmpty();
        // four GPUs can never form an NVLink ring on pairs-only bridges: nothing better was free
        assertThat(check(s, "--gpus-per-node=4", "a:0,1,2,3:0", ViolationCode.GPU_LINK_WEAK)).isEmpty();
    }

    @Test
    void coresOnAnotherSocketWarnAndAreAnErrorUnderEnforceBinding() {
        List<Violation> v = check(EMPTY, "--gpus-per-node=2", "node01:0,1:16-17", ViolationCode.CPU_NOT_LOCAL);
        assertThat(v).extracting(Violation::sentence).containsExactly(
                "node01 cores 16-17 (socket 1) are on another socket than the job's GPUs 0,1 (socket 0)",
                "node01 GPUs 0,1 (socket 0) have none of the job's cores on their socket");
        assertThat(v).extracting(Violation::severity).containsOnly(Severity.WARNING);
        assertThat(check(EMPTY, "--gpus-per-node=2 --gres-flags=enforce-binding", "node01:0,1:16-17",
                ViolationCode.CPU_NOT_LOCAL)).extracting(Violation::severity)
                .containsExactly(Severity.ERROR, Severity.WARNING);
        assertThat(check(EMPTY, "--gpus-per-node=2 --gres-flags=enforce-binding", "node01:0,1:0-1",
                ViolationCode.CPU_NOT_LOCAL)).isEmpty();
    }

    @Test
    void aGpuSocketWithoutCoresIsOnlyWorthAWarningWhenTheCoresCouldHaveCoveredIt() {
        // one core cannot sit on both sockets of eight GPUs: nothing to warn about
        assertThat(check(EMPTY, "--gpus-per-node=8", "node01:0,1,2,3,4,5,6,7:0", ViolationCode.CPU_NOT_LOCAL)).isEmpty();
        // two cores could have covered both sockets; both on socket 0 leave GPUs 4-7 without one
        assertThat(check(EMPTY, "--gpus-per-node=8 -c 2", "node01:0,1,2,3,4,5,6,7:0-1", ViolationCode.CPU_NOT_LOCAL))
                .extracting(Violation::sentence)
                .containsExactly("node01 GPUs 4,5,6,7 (socket 1) have none of the job's cores on their socket");
        assertThat(check(EMPTY, "--gpus-per-node=8 -c 2", "node01:0,1,2,3,4,5,6,7:0,16", ViolationCode.CPU_NOT_LOCAL))
                .isEmpty();
    }

    @Test
    void aNicAcrossTheNodeWhileOneSitsOnTheGpusSwitch() {
        assertThat(check(EMPTY, "--gpus-per-node=1", "node01:0:0:0=NIC2", ViolationCode.NIC_NOT_LOCAL)).singleElement()
                .satisfies(v -> {
                    assertThat(v.severity()).isEqualTo(Severity.WARNING);
                    assertThat(v.elements()).containsExactly("node01", "node01/GPU0", "node01/NIC2", "node01/NIC0");
                    assertThat(v.sentence()).isEqualTo("node01 GPU 0 sends through NIC2 (SYS: across sockets), while"
                            + " NIC0 is closer (PIX: on the same PCIe switch); GPUDirect RDMA runs degraded");
                });
        assertThat(check(EMPTY, "--gpus-per-node=1", "node01:0:0:0=NIC1", ViolationCode.NIC_NOT_LOCAL)).hasSize(1);
        assertThat(check(EMPTY, "--gpus-per-node=1", "node01:0:0:0=NIC0", ViolationCode.NIC_NOT_LOCAL)).isEmpty();
    }

    @Test
    void aTopologyManagerRejectionBecomesAnError() {
        TopologyAdmission no = new TopologyAdmission("node01", false, TopologyManagerPolicy.SINGLE_NUMA_NODE,
                TopologyManagerScope.CONTAINER,
                "no single NUMA node holds 8 GPUs");
        List<Violation> v = only(VALIDATOR.validate(EMPTY, request("--gpus-per-node=8"),
                placement("job", "node01:0,1,2,3,4,5,6,7:0"), ValidationOptions.NONE.withAdmissions(List.of(no))),
                ViolationCode.TOPOLOGY_MANAGER_REJECT);
        assertThat(v).singleElement().satisfies(x -> {
            assertThat(x.severity()).isEqualTo(Severity.ERROR);
            assertThat(x.sentence()).isEqualTo("The kubelet on node01 would reject the pod of job"
                    + " (TopologyAffinityError) under topology-manager-policy=single-numa-node, scope=container:"
                    + " no single NUMA node holds 8 GPUs");
        });
        TopologyAdmission yes = new TopologyAdmission("node01", true, TopologyManagerPolicy.SINGLE_NUMA_NODE,
                TopologyManagerScope.CONTAINER, "");
        TopologyAdmission elsewhere = new TopologyAdmission("node02", false, TopologyManagerPolicy.RESTRICTED,
                TopologyManagerScope.POD, "");
        assertThat(only(VALIDATOR.validate(EMPTY, request("--gpus-per-node=8"),
                placement("job", "node01:0,1,2,3,4,5,6,7:0"),
                ValidationOptions.NONE.withAdmissions(List.of(yes, elsewhere))),
                ViolationCode.TOPOLOGY_MANAGER_REJECT)).isEmpty();
    }
}
