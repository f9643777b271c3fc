package org.topoplanner.app.desktop.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.ExampleWindowTest;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.model.job.JobRequest;

/**
 * The job list's verdict dots wait for the every-policy table's rows ({@link PolicyComparisonRows#afterRows}),
 * and still come: with a job selected on the real window, every listed job's dot gets its verdict once the rows
 * are in, after a change of plan too (a new round of checks, again after the new question's rows).
 */
class JobListChecksTest extends ExampleWindowTest {

    @Test
    void everyListedJobGetsItsVerdictAfterTheSelectedJobsRows(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        PlanViewModel vm = controller.viewModel();
        robot.interact(() -> {
            vm.drop(JobRequest.nodesWithGpus("a", 2, 8), DropTarget.ANYWHERE);
            vm.drop(JobRequest.nodesWithGpus("b", 1, 4), DropTarget.ANYWHERE);
            vm.drop(JobRequest.nodesWithGpus("c", 1, 2), DropTarget.ANYWHERE);
            vm.selectedJobProperty().set("a");
        });
        TableView<ComparisonLine> table = robot.lookup("#comparison").queryAs(TableView.class);
        Eventually.until("every policy's row for a", () -> !table.getItems().isEmpty()
                && table.getItems().stream().allMatch(l -> l.answer().isPresent()));
        Eventually.until("a verdict for every listed job", () -> dots(robot).size() == 3
                && dots(robot).stream().noneMatch("verdict-checking"::equals));
        assertThat(Eventually.onFxThread(() -> dots(robot))).as("the three jobs fit the idle example").containsOnly("verdict-valid");

        robot.interact(() -> {
            vm.delete("c");
            vm.selectedJobProperty().set("b");
        });
        Eventually.until("every policy's row for b", () -> !table.getItems().isEmpty()
                && table.getItems().stream().allMatch(l -> l.answer().isPresent()));
        Eventually.until("a verdict for each of the two jobs left", () -> dots(robot).size() == 2
                && dots(robot).stream().noneMatch("verdict-checking"::equals));
    }

    /** The style class of each listed job's dot (called on the FX thread). */
    private static List<String> dots(FxRobot robot) {
        Node list = robot.lookup("#jobList").query();
        return robot.from(list).lookup((Node n) -> n instanceof ListCell<?> c && c.getText() != null).queryAll().stream()
                .map(n -> ((ListCell<?>) n).getGraphic())
                .map(g -> g.getStyleClass().stream().filter(s -> s.startsWith("verdict-")).findFirst().orElse("none"))
                .toList();
    }
}
