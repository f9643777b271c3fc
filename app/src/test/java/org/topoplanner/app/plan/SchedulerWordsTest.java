package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.resources.ShippedData;

/** Each policy's outcome in its own scheduler's words, through the real policies on the shipped example. */
class SchedulerWordsTest {
    private final Plan empty = Plan.of(ShippedData.exampleCluster());

    @Test
    void aPodTheTopologyManagerRefusesIsNotCalledPendingResources() {
        // 8 GPUs in one pod sit on both NUMA nodes of the example's nodes: single-numa-node cannot align them
        PolicyChoice k8s = new PolicyChoice(PolicyId.K8S_DEFAULT, PolicyOptions.DEFAULT)
                .withTopologyManager(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD);
        Advice a = new PlacementAdvisor().suggest(empty, JobRequest.nodesWithGpus("j", 1, 8), DropTarget.ANYWHERE, k8s);
        assertThat(a.verdict()).isEqualTo(Verdict.IMPOSSIBLE);
        assertThat(a.reason()).startsWith("not admitted: the kubelet's Topology Manager refused the pods (TopologyAffinityError): ")
                .doesNotContain("pending (Resources)");
    }
}
