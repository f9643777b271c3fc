package org.topoplanner.app.desktop.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.app.desktop.QueuedExecutor;
import org.topoplanner.app.desktop.state.BackgroundRefresh;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.RailReach;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.resources.ShippedData;

/**
 * The sheet's leaves counted off the FX thread: "computing" meanwhile, the same words as counted on the spot
 * once they come, and an answer for a selection that changed meanwhile never shown (the shipped example cluster).
 */
class JobPropertiesReachTest {
    private final QueuedExecutor worker = new QueuedExecutor();
    private final QueuedExecutor fx = new QueuedExecutor();
    private final JobPropertiesReach reach = new JobPropertiesReach(new BackgroundRefresh<>(worker, fx));
    private final Fabric fabric = ShippedData.exampleCluster().fabric();
    private final List<JobProperties.Leaves> shown = new ArrayList<>();

    @Test
    void theSheetSaysComputingUntilTheLeavesComeThenShowsWhatTheSynchronousSheetShows() {
        PlanViewModel vm = new PlanViewModel(Plan.of(ShippedData.exampleCluster()));
        assertThat(vm.drop(JobRequest.nodesWithGpus("train", 4, 4), new DropTarget.OnSwitch("leaf2"))).isTrue();
        Plan plan = vm.plan();
        var advice = vm.check("train");
        assertThat(JobProperties.showsLeaves(plan, "train", advice)).isTrue();
        List<String> hosts = plan.placements().get("train").hostNames();

        assertThat(metrics(JobProperties.of(plan, "train", advice, new JobProperties.Leaves.Counting())))
                .containsEntry("leaves", JobProperties.COUNTING);
        reach.request(plan.cluster().fabric(), hosts, shown::add);
        assertThat(reach.known(plan.cluster().fabric(), hosts)).as("nothing counted before the worker ran").isEmpty();
        worker.runAll();
        fx.runAll();

        assertThat(shown).hasSize(1);
        assertThat(JobProperties.of(plan, "train", advice, shown.get(0)))
                .as("the sheet once counted equals the one counted on the spot")
                .isEqualTo(JobProperties.of(plan, "train", advice));
        assertThat(metrics(JobProperties.of(plan, "train", advice, shown.get(0)))).containsEntry("leaves", "1  (leaf2)");
        assertThat(reach.known(plan.cluster().fabric(), hosts)).contains(RailReach.of(fabric, hosts));
    }

    @Test
    void anAnswerForTheSelectionBeforeIsNotShown() {
        List<String> first = List.of("node01", "node02", "node09");
        List<String> second = List.of("node17");
        reach.request(fabric, first, shown::add);
        worker.runAll(); // the first job's leaves counted; their hand-over to the FX thread is queued
        reach.cancel(); // the selection changed before the FX thread ran it
        reach.request(fabric, second, shown::add);
        worker.runAll();
        fx.runAll();

        assertThat(shown).as("only the newest selection's leaves").containsExactly(
                new JobProperties.Leaves.Counted(RailReach.of(fabric, second)));
        assertThat(reach.known(fabric, first)).as("the dropped answer is not remembered either").isEmpty();
        assertThat(reach.known(fabric, second)).isPresent();
    }

    @Test
    void theSameHostsOnAnotherFabricAreCountedAgain() {
        List<String> hosts = List.of("node01", "node02");
        reach.request(fabric, hosts, shown::add);
        worker.runAll();
        fx.runAll();
        Fabric reimported = ShippedData.exampleCluster().fabric();
        assertThat(reimported).isNotSameAs(fabric);
        assertThat(reach.known(reimported, hosts)).isEmpty();
        assertThat(reach.known(fabric, hosts)).isPresent();
    }

    private static Map<String, String> metrics(List<InspectorProperty> all) {
        return all.stream().filter(p -> p.category().equals(JobProperties.METRICS))
                .collect(Collectors.toMap(InspectorProperty::name, InspectorProperty::value));
    }
}
