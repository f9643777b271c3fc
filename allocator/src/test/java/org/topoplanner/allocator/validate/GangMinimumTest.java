package org.topoplanner.allocator.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.ContainerSpec;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.PodShape;
import org.topoplanner.model.job.SbatchToPods;
import org.topoplanner.resources.ShippedData;

/**
 * A job of 8 one-per-node pods of 8 GPUs with {@code --min-member 4} on the example cluster: under
 * {@code volcano} (its gang plugin runs the PodGroup once minAvailable tasks are placed) a placement of 4
 * to 7 pods is valid with a warning, one of 3 is a {@code GANG_INCOMPLETE} error; {@code kueue-tas} admits
 * the whole PodSet, so anything short of 8 pods is an error there; under {@code k8s-default} (no gang)
 * the pods placed run and the error says so.
 */
class GangMinimumTest {
    private static final ClusterState IDLE = ClusterState.empty(ShippedData.exampleCluster());
    private static final JobRequest JOB = SbatchToPods.withShape(JobRequest.nodesWithGpus("g", 8, 8),
            new PodShape(8, List.of(ContainerSpec.of(8, 1)), PodShape.PodsPerNode.ONE, 4, null, null, false));

    private static Placement onNodes(int n) {
        List<HostAllocation> hosts = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            hosts.add(HostAllocation.of(String.format("node%02d", i), List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.parse("0")));
        }
        return new Placement("g", hosts);
    }

    private static List<Violation> gangViolations(PolicyId policy, int nodes) {
        PolicyChoice choice = new PolicyChoice(policy, PolicyOptions.DEFAULT);
        Placement p = onNodes(nodes);
        return new PlacementValidator().validate(IDLE, JOB, p, SchedulerSettings.options(IDLE, JOB, p, choice))
                .stream().filter(v -> v.code().equals("GANG_INCOMPLETE")).toList();
    }

    @Test
    void volcanoRunsTheJobOnceItsGangIsPlaced() {
        assertThat(gangViolations(PolicyId.VOLCANO, 5)).singleElement().satisfies(v -> {
            assertThat(v.severity()).isEqualTo(Severity.WARNING);
            assertThat(v.sentence()).isEqualTo("g runs 5 of its 8 pods, at least its gang (minMember 4);"
                    + " the other 3 stay Pending");
        });
        assertThat(gangViolations(PolicyId.VOLCANO, 4)).singleElement()
                .satisfies(v -> assertThat(v.severity()).isEqualTo(Severity.WARNING));
        assertThat(gangViolations(PolicyId.VOLCANO, 8)).isEmpty();
    }

    @Test
    void belowTheGangIsAnError() {
        assertThat(gangViolations(PolicyId.VOLCANO, 3)).singleElement().satisfies(v -> {
            assertThat(v.severity()).isEqualTo(Severity.ERROR);
            assertThat(v.sentence()).isEqualTo("g is placed on 3 nodes of the 4 its gang (minMember) needs;"
                    + " the job starts only when all are placed");
        });
    }

    @Test
    void kueueAdmitsTheWholePodSet() {
        assertThat(gangViolations(PolicyId.KUEUE_TAS, 5)).singleElement()
                .satisfies(v -> assertThat(v.severity()).isEqualTo(Severity.ERROR));
    }

    @Test
    void theDefaultSchedulerRunsThePodsItPlacedAndLeavesTheRestPending() {
        assertThat(gangViolations(PolicyId.K8S_DEFAULT, 5)).singleElement().satisfies(v -> {
            assertThat(v.severity()).isEqualTo(Severity.ERROR);
            assertThat(v.sentence()).isEqualTo("g runs on 5 nodes of the 8 it asks for: the default scheduler has"
                    + " no gang, it binds pods one by one: those placed run, the other 3 stay Pending");
        });
    }
}
