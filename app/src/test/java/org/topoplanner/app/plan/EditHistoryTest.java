package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.ViewState;
import org.topoplanner.resources.ShippedData;

class EditHistoryTest {
    private static Placement on(String job, String... hosts) {
        return new Placement(job, java.util.Arrays.stream(hosts)
                .map(h -> HostAllocation.of(h, List.of(0, 1, 2, 3), CpuSet.of(0))).toList());
    }

    @Test
    void undoAndRedoRestoreStateAndView() {
        Plan start = Plan.of(ShippedData.exampleCluster());
        EditHistory h = new EditHistory(start, 50);
        Job train = new Job("train", List.of("-N", "2", "--gpus-per-node=4"));
        h.perform(PlanEdits.place(train, on("train", "node01", "node02")));
        h.perform(PlanEdits.view(new ViewState("leaf1", 3.0, 10, 20, "planner", "dark")));
        h.perform(PlanEdits.move("train", on("train", "node09", "node10"), "Move job"));
        assertThat(h.current().placements().get("train").hostNames()).containsExactly("node09", "node10");
        assertThat(h.undoDescription()).contains("Move job train");

        h.undo();
        assertThat(h.current().placements().get("train").hostNames()).containsExactly("node01", "node02");
        assertThat(h.current().view().theme()).isEqualTo("dark");
        h.undo();
        assertThat(h.current().view()).isEqualTo(ViewState.DEFAULT);
        h.undo();
        assertThat(h.current()).isEqualTo(start);
        assertThat(h.undo()).isEmpty();

        h.redo();
        h.redo();
        h.redo();
        assertThat(h.current().placements().get("train").hostNames()).containsExactly("node09", "node10");
        assertThat(h.redo()).isEmpty();
    }

    @Test
    void aNewEditClearsRedoAndTheStackIsBounded() {
        EditHistory h = new EditHistory(Plan.of(ShippedData.exampleCluster()), 3);
        for (int i = 0; i < 5; i++) {
            h.perform(PlanEdits.place(new Job("j" + i, List.of("-N1")), on("j" + i, "node0" + (i + 1))));
        }
        int undone = 0;
        while (h.undo().isPresent()) {
            undone++;
        }
        assertThat(undone).isEqualTo(3);
        assertThat(h.current().jobs()).hasSize(2);
        h.perform(PlanEdits.remove("j0"));
        assertThat(h.redo()).isEmpty();
    }

    @Test
    void theRunningStateHoldsExclusiveJobsWhole() {
        Plan p = Plan.of(ShippedData.exampleCluster())
                .withJob(new Job("x", List.of("-N1", "--exclusive")), on("x", "node01"))
                .withJob(new Job("y", List.of("-N1", "--gpus-per-node=4")), on("y", "node02"));
        assertThat(p.state().heldWhole("node01")).isTrue();
        assertThat(p.state().heldWhole("node02")).isFalse();
        assertThat(p.stateWithout("x").running()).containsOnlyKeys("y");
        assertThat(p.freshJobName("x")).isEqualTo("x-2");
    }
}
