package org.topoplanner.app.desktop.inspector;

import org.topoplanner.app.desktop.state.PlanViewModel;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.resources.ShippedData;

/** The inspector's job properties: request, placement and metrics in their categories; read-only. */
class JobPropertiesTest {

    @Test
    void aPlacedJobHasItsRequestPlacementAndMetrics() {
        PlanViewModel vm = new PlanViewModel(Plan.of(ShippedData.exampleCluster()));
        vm.choiceProperty().set(vm.choice().withPolicy(PolicyId.SLURM_TREE));
        // 20 CPUs beside 4 GPUs of one 16-core socket: every node has cores on the other socket, a warning each
        assertThat(vm.drop(JobRequest.nodesWithGpus("train", 4, 4).toBuilder().cpusPerTask(20).build(),
                new DropTarget.OnSwitch("leaf2"))).isTrue();
        List<InspectorProperty> all = JobProperties.of(vm.plan(), "train", vm.check("train"));
        assertThat(vm.check("train").violations()).as("the verdict below counts them").hasSizeGreaterThan(1);

        assertThat(all).extracting(InspectorProperty::category).containsOnly("Request", "Placement", "Metrics");
        Map<String, String> request = values(all, "Request");
        assertThat(request).containsEntry("job", "train").containsEntry("nodes", "4").containsEntry("GPUs per node", "4");
        assertThat(request.get("sbatch")).contains("--nodes=4").contains("--gpus-per-node=4");
        Map<String, String> placement = values(all, "Placement");
        var advice = vm.check("train");
        assertThat(placement).containsEntry("hosts", "node[09-12]").containsEntry("nodes, GPUs", "4 nodes, 16 GPUs")
                .containsEntry("verdict", advice.verdict().name().toLowerCase(java.util.Locale.ROOT) + " ("
                        + advice.violations().size() + " violations)");
        assertThat(placement.get("node09")).startsWith("GPUs 0-3 \u00b7 CPUs ");
        Map<String, String> metrics = values(all, "Metrics");
        assertThat(metrics).containsEntry("leaves", "1  (leaf2)").containsEntry("spines", "0")
                .containsEntry("highest tier", "1").containsEntry("worst pair", "node09 \u2194 node10, 2 hops");
        assertThat(metrics.get("ring all-reduce")).matches("~\\d+\\.\\d GB/s");
        assertThat(metrics.get("left free")).startsWith("28 nodes, 240 GPUs");
    }

    @Test
    void anUnplacedJobSaysSoAndHasNoMetrics() {
        Plan plan = Plan.of(ShippedData.exampleCluster()).withJob(new Job("later", List.of("-N", "2", "--gpus-per-node=4")), null);
        List<InspectorProperty> all = JobProperties.of(plan, "later", null);
        assertThat(values(all, "Placement")).containsOnlyKeys("placed");
        assertThat(values(all, "Metrics")).isEmpty();
        assertThat(values(all, "Request")).containsEntry("nodes", "2").containsEntry("GPUs per node", "4");
    }

    @Test
    void aJobOnManyHostsListsOnlyTheFirstOnes() {
        PlanViewModel vm = new PlanViewModel(Plan.of(ShippedData.exampleCluster()));
        assertThat(vm.drop(JobRequest.nodesWithGpus("all", 32, 1), DropTarget.ANYWHERE)).isTrue();
        assertThat(JobProperties.HOSTS_LISTED).isLessThan(32);
        Map<String, String> placement = values(JobProperties.of(vm.plan(), "all", vm.check("all")), "Placement");
        assertThat(placement.keySet().stream().filter(k -> k.matches("node\\d+"))).hasSize(JobProperties.HOSTS_LISTED);
        assertThat(placement.get("\u2026")).startsWith((32 - JobProperties.HOSTS_LISTED) + " more hosts");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            0,1,2,3,4,5,6,7 | 0-7
            0,1,2,3,6       | 0-3,6
            5               | 5
            3,1,2,7         | 1-3,7
            """)
    void writesGpuIndicesAsRanges(String indices, String expected) {
        List<Integer> list = java.util.Arrays.stream(indices.split(",")).map(Integer::valueOf).toList();
        assertThat(JobProperties.ranges(list)).isEqualTo(expected);
    }

    @Test
    void propertiesCannotBeEditedThroughTheSheet() {
        InspectorProperty p = InspectorProperty.of("Request", "job", "train");
        assertThat(p.isEditable()).isFalse();
        assertThat(p.getValue()).isEqualTo("train");
        assertThatThrownBy(() -> p.setValue("other")).isInstanceOf(UnsupportedOperationException.class);
    }

    private static Map<String, String> values(List<InspectorProperty> all, String category) {
        return all.stream().filter(p -> p.category().equals(category))
                .collect(Collectors.toMap(InspectorProperty::name, InspectorProperty::value, (a, b) -> a,
                        java.util.LinkedHashMap::new));
    }
}
