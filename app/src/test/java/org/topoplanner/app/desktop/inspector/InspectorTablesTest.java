package org.topoplanner.app.desktop.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.ExampleWindowTest;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/** The inspector's violation table in the real window: each sentence wraps in its column, whole, with a tooltip. */
class InspectorTablesTest extends ExampleWindowTest {
    @Test
    void violationSentencesWrapWholeInTheirColumnWithTooltips(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        var vm = controller.viewModel();
        robot.interact(() -> {
            vm.drop(JobRequest.nodesWithGpus("a", 1, 8), new DropTarget.OnHost("node05"));
            vm.drop(JobRequest.nodesWithGpus("b", 1, 2), new DropTarget.OnHost("node06"));
            // b moved by hand onto a's GPUs: overcommitted, its sentence is long
            vm.move("b", new Placement("b", List.of(HostAllocation.of("node05", List.of(0, 1), CpuSet.of(1)))));
            vm.selectedJobProperty().set("b");
        });
        @SuppressWarnings("unchecked")
        TableView<Object> table = robot.lookup("#violations").queryAs(TableView.class);
        Eventually.until("the violations listed", () -> !table.getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> ViewShots.save(stage.getScene(), "inspector-violations"));
        var cells = robot.from(table).lookup(".table-cell").queryAllAs(WrappingCell.class).stream()
                .filter(c -> c.getItem() != null && ((String) c.getItem()).length() > 40).toList();
        assertThat(cells).as("long sentences in the table").isNotEmpty();
        for (WrappingCell<?> c : cells) {
            String sentence = (String) c.getItem();
            assertThat(c.wrapped().getText()).isEqualTo(sentence);
            assertThat(c.wrapped().getLayoutBounds().getWidth()).as("wrapped within its column")
                    .isLessThanOrEqualTo(c.getTableColumn().getWidth());
            assertThat(c.getTooltip().getText()).isEqualTo(sentence);
        }
    }
}
