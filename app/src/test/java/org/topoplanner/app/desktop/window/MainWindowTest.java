package org.topoplanner.app.desktop.window;

import org.topoplanner.app.desktop.Dialogs;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.ExampleWindowTest;
import org.topoplanner.app.desktop.SelectedJobCheck;
import org.topoplanner.app.desktop.inspector.ComparisonLine;
import org.topoplanner.app.desktop.tree.TreeEntry;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import org.controlsfx.control.PropertySheet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.model.k8s.TopologyManagerPolicy;

/** The real window, headless under Monocle: drag jobs, see violations, undo, import, save and reopen. */
class MainWindowTest extends ExampleWindowTest {
    @BeforeEach
    void layoutDone() throws Exception {
        ExampleWindow.awaitLayout(controller);
    }

    private FabricView fabric() {
        return controller.window().fabricView();
    }

    @Test
    void opensOnTheExampleCluster(FxRobot robot) {
        assertThat(stage.getTitle()).startsWith("TopoPlanner");
        TreeView<TreeEntry> tree = robot.lookup("#clusterTree").queryAs(TreeView.class);
        assertThat(tree.getRoot().getValue().detail()).contains("7 switches").contains("32 hosts").contains("256 GPUs");
        assertThat(tree.getRoot().getChildren().get(0).getValue().name()).isEqualTo("core");
        assertThat(robot.lookup("#policySelector").queryAs(ComboBox.class).getValue()).isEqualTo(PolicyId.PLANNER);
    }

    @Test
    void dragAJobOntoALeafThenMoveOneByHandIntoAViolationAndUndo(FxRobot robot) {
        Point2D leaf2 = screenPointOf(s -> "leaf2".equals(fabric().switchAt(s.getX(), s.getY())));
        robot.drag(chip(robot, "4 nodes \u00d7 8 GPUs")).dropTo(leaf2);
        WaitForAsyncUtils.waitForFxEvents();
        var vm = controller.viewModel();
        assertThat(vm.plan().placements()).containsKey("n4x8");
        assertThat(vm.plan().placements().get("n4x8").hostNames()).allSatisfy(h -> assertThat(List.of("node09", "node10", "node11", "node12", "node13", "node14",
                        "node15", "node16")).contains(h));
        assertThat(robot.lookup("#jobPlacement").queryAs(Label.class).getText()).contains("n4x8").contains("node");

        // A one-GPU job, then dragged by hand from the job list onto a GPU that the big job holds.
        robot.drag(chip(robot, "1 GPU")).dropTo(screenPointOf(s -> "node01".equals(fabric().hostAt(s.getX(), s.getY()))));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.plan().placements()).containsKey("gpu1");
        String busy = vm.plan().placements().get("n4x8").hostNames().get(0);
        var nodeView = controller.window().nodeView();
        robot.interact(() -> {
            vm.selectedJobProperty().set("gpu1");
            controller.window().centre().getSelectionModel().select(1);
            nodeView.show(busy, vm.plan().cluster().node(busy));
        });
        WaitForAsyncUtils.waitForFxEvents();
        Node jobList = robot.lookup("#jobList").query();
        Node cell = robot.from(jobList).lookup((Node n) -> n instanceof javafx.scene.control.ListCell<?> c
                && "gpu1".equals(c.getText())).queryAs(Node.class);
        // the node tab is laid out on a later pulse than the selection: wait until GPU 0 is drawn there
        Eventually.until(busy + "'s GPU 0 drawn in the node view", () -> drawn(nodeView, q -> nodeView.gpuAt(q.getX(), q.getY()) == 0));
        robot.drag(cell).dropTo(pointIn(nodeView, q -> nodeView.gpuAt(q.getX(), q.getY()) == 0));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.plan().placements().get("gpu1").hostNames()).containsExactly(busy);
        assertThat(SelectedJobCheck.violationCodes(robot)).contains("RESOURCE_OVERCOMMIT");

        robot.press(KeyCode.CONTROL).type(KeyCode.Z).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.plan().placements().get("gpu1").hostNames()).containsExactly("node01");
        // the re-check of gpu1 back alone on node01: its one GPU overcommits nothing
        assertThat(vm.selectedJobProperty().get()).isEqualTo("gpu1");
        assertThat(SelectedJobCheck.violationCodes(robot)).doesNotContain("RESOURCE_OVERCOMMIT");
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.Z).release(KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.canUndoProperty().get()).isTrue();
    }

    @Test
    void aHandPlacementIntoAViolationIsListedWithItsCode(FxRobot robot) {
        var vm = controller.viewModel();
        robot.interact(() -> {
            vm.drop(org.topoplanner.model.job.JobRequest.nodesWithGpus("a", 1, 8), new org.topoplanner.app.plan.DropTarget.OnHost("node05"));
            vm.drop(org.topoplanner.model.job.JobRequest.nodesWithGpus("b", 1, 2), new org.topoplanner.app.plan.DropTarget.OnHost("node06"));
            vm.move("b", new org.topoplanner.model.job.Placement("b", List.of(org.topoplanner.model.job.HostAllocation.of(
                    "node05", List.of(0, 1), org.topoplanner.model.cpu.CpuSet.of(3)))));
            vm.selectedJobProperty().set("b");
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(SelectedJobCheck.violationCodes(robot)).contains("RESOURCE_OVERCOMMIT");
        robot.interact(vm::undo);
        WaitForAsyncUtils.waitForFxEvents();
        // the re-check of b back on node06, whose GPUs and core it has to itself
        assertThat(vm.plan().placements().get("b").hostNames()).containsExactly("node06");
        assertThat(SelectedJobCheck.violations(robot)).isEmpty();
    }

    @Test
    void switchingTheTopologyManagerPolicyChangesTheComparison(FxRobot robot) throws Exception {
        var vm = controller.viewModel();
        robot.interact(() -> {
            vm.drop(org.topoplanner.model.job.JobRequest.nodesWithGpus("six", 1, 6), org.topoplanner.app.plan.DropTarget.ANYWHERE);
            vm.selectedJobProperty().set("six");
        });
        TableView<ComparisonLine> table = robot.lookup("#comparison").queryAs(TableView.class);
        // The answers are computed in the background and replace "computing…" when they arrive.
        Eventually.until("the answers", () -> answered(table));
        String before = k8sAnswer(table);
        ComboBox<TopologyManagerPolicy> tm = robot.lookup("#tmPolicy").queryAs(ComboBox.class);
        robot.interact(() -> {
            tm.setValue(TopologyManagerPolicy.SINGLE_NUMA_NODE);
            tm.getOnAction().handle(null);
        });
        Eventually.until("the answers under single-numa-node", () -> answered(table) && !k8sAnswer(table).equals(before));
        assertThat(k8sAnswer(table)).contains("TopologyAffinityError");
    }

    @Test
    void aVolcanoTierLimitSetInTheToolbarBindsVolcanoAndThePlanner(FxRobot robot) throws Exception {
        var vm = controller.viewModel();
        robot.interact(() -> {
            vm.drop(org.topoplanner.model.job.JobRequest.nodesWithGpus("nine", 9, 8), org.topoplanner.app.plan.DropTarget.ANYWHERE);
            vm.selectedJobProperty().set("nine");
        });
        TableView<ComparisonLine> table = robot.lookup("#comparison").queryAs(TableView.class);
        Eventually.until("the answers", () -> answered(table));
        assertThat(answer(table, "planner")).doesNotContain("highestTierAllowed");
        robot.clickOn("#jobTopologySettings");
        WaitForAsyncUtils.waitForFxEvents();
        ComboBox<String> tier = robot.lookup("#volcanoTier").queryAs(ComboBox.class);
        assertThat(tier.getItems()).containsExactly("no limit", "1", "2", "3");
        robot.interact(() -> {
            tier.setValue("1");
            tier.getOnAction().handle(null);
        });
        assertThat(vm.choice().topology().hardVolcanoTier()).contains(1);
        assertThat(robot.lookup("#jobTopologySettings").queryButton().getText()).contains("Volcano hard");
        // nine nodes never fit one 8-node leaf: the planner says so, naming the setting
        Eventually.until("the answers under the Volcano tier limit", () -> answered(table)
                && answer(table, "planner").contains("highestTierAllowed=1"));
        assertThat(answer(table, "planner")).contains("IMPOSSIBLE");
        assertThat(answer(table, "volcano")).contains("IMPOSSIBLE");
    }

    private static String answer(TableView<ComparisonLine> table, String policy) {
        var row = table.getItems().stream().filter(r -> r.policy().equals(policy)).findFirst().orElseThrow()
                .answer().orElseThrow();
        return row.advice().reason() + " " + row.advice().verdict();
    }

    private static boolean answered(TableView<ComparisonLine> table) {
        return !table.getItems().isEmpty() && table.getItems().stream().allMatch(l -> l.answer().isPresent());
    }

    private static String k8sAnswer(TableView<ComparisonLine> table) {
        var row = table.getItems().stream().filter(r -> r.policy().equals("k8s-default")).findFirst().orElseThrow()
                .answer().orElseThrow();
        return row.advice().reason() + " " + row.advice().verdict();
    }

    @Test
    void theJobSheetShowsRequestPlacementAndMetricsAndKeepsTheOpenCategory(FxRobot robot) throws Exception {
        var vm = controller.viewModel();
        robot.interact(() -> {
            vm.drop(org.topoplanner.model.job.JobRequest.nodesWithGpus("pair", 2, 8), new org.topoplanner.app.plan.DropTarget.OnSwitch("leaf3"));
            vm.selectedJobProperty().set("pair");
        });
        WaitForAsyncUtils.waitForFxEvents();
        PropertySheet sheet = robot.lookup("#jobProperties").queryAs(PropertySheet.class);
        // The job is validated in the background; its metrics come with the answer.
        Eventually.until("the job's metrics", () -> sheet.getItems().stream()
                .anyMatch(i -> i.getCategory().equals("Metrics")));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(sheet.getItems()).extracting(PropertySheet.Item::getCategory).contains("Request", "Placement", "Metrics");
        assertThat(sheet.getItems()).filteredOn(i -> i.getName().equals("hosts")).extracting(PropertySheet.Item::getValue)
                .containsExactly(org.topoplanner.model.hostlist.Hostlist.compress(vm.plan().placements().get("pair").hostNames()));
        assertThat(sheet.getItems()).allSatisfy(i -> assertThat(i.isEditable()).isFalse());
        assertThat(expandedCategory(sheet)).isEqualTo("Placement");
        // The value shows at full strength although the item is read-only (the sheet disables its editor).
        Label hosts = robot.from(sheet).lookup((Node n) -> n instanceof Label l && l.getStyleClass().contains("property-value")
                && l.getText().startsWith("node")).queryAs(Label.class);
        assertThat(hosts.getOpacity()).isEqualTo(1.0);

        Node metrics = robot.from(sheet).lookup((Node n) -> n instanceof javafx.scene.control.TitledPane t
                && t.getText().equals("Metrics")).query();
        robot.clickOn(metrics.lookup(".title"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(expandedCategory(sheet)).isEqualTo("Metrics");
        robot.interact(() -> vm.move("pair", new org.topoplanner.model.job.Placement("pair",
                List.of(org.topoplanner.model.job.HostAllocation.of("node30", List.of(0, 1), org.topoplanner.model.cpu.CpuSet.of(3))))));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(sheet.getItems()).filteredOn(i -> i.getName().equals("hosts")).extracting(PropertySheet.Item::getValue)
                .containsExactly("node30");
        assertThat(expandedCategory(sheet)).as("the rebuilt sheet opens the category the user chose").isEqualTo("Metrics");
    }

    private static String expandedCategory(PropertySheet sheet) {
        var pane = ((javafx.scene.control.Accordion) ((javafx.scene.control.ScrollPane) sheet.lookup(".scroll-pane"))
                .getContent()).getExpandedPane();
        return pane == null ? null : pane.getText();
    }

    @Test
    void importsASampleAndSavesAndReopensTheProject(FxRobot robot) throws Exception {
        Path dump = Path.of(MainWindowTest.class.getResource("/inputs/example-32.ibnetdiscover").toURI());
        robot.interact(() -> controller.importFiles(List.of(dump)));
        // its hosts have no hardware: the review's hardware step shows; taken as it is
        Dialogs.click(robot, Dialogs.await(robot, "importReview"), "Import");
        Eventually.until("the import of example-32", () -> controller.viewModel().plan().cluster().name()
                .equals("example-32"));
        WaitForAsyncUtils.waitForFxEvents();
        var vm = controller.viewModel();
        assertThat(vm.plan().cluster().fabric().hosts()).hasSize(32);
        assertThat(vm.plan().cluster().hostNames()).contains("node001");
        // the inspector describes the imported cluster, not the one shown before (32 hosts without GPUs)
        var sheet = robot.lookup("#selectionProperties").queryAs(org.controlsfx.control.PropertySheet.class);
        assertThat(sheet.getItems()).filteredOn(i -> i.getName().equals("GPUs")).singleElement()
                .satisfies(i -> assertThat(i.getValue()).isEqualTo(String.valueOf(vm.plan().cluster().gpuCount())));
        assertThat(vm.plan().cluster().gpuCount()).isNotEqualTo(256);
        // a CPU-only job (-N 2): the imported hosts have no GPUs, and a request for "0 GPUs per node" is
        // a GPU request that slurm-tree and the planner refuse on hosts with no GPU at all
        org.topoplanner.model.job.JobRequest keep = org.topoplanner.model.job.SbatchOptions.parseLine("-N 2", "keep");
        robot.interact(() -> vm.drop(keep,
                org.topoplanner.app.plan.DropTarget.ANYWHERE));
        Path file = home.resolve("reopen.topoplanner.json");
        robot.interact(() -> controller.projects().saveAs(file));
        assertThat(Files.readString(file)).contains("topoplanner.project/1").contains("\"keep\"");
        assertThat(stage.getTitle()).doesNotEndWith("*");
        robot.interact(vm::undo);
        robot.interact(() -> controller.projects().open(file));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.plan().jobs()).extracting(j -> j.name()).containsExactly("keep");
        assertThat(vm.canUndoProperty().get()).isFalse();
    }

    private Label chip(FxRobot robot, String title) {
        return robot.lookup((Node n) -> n instanceof Label l && l.getStyleClass().contains("job-chip")
                && title.equals(l.getText())).queryAs(Label.class);
    }

    private static boolean drawn(javafx.scene.layout.Region r, java.util.function.Predicate<Point2D> hit) {
        for (double y = 2; y < r.getHeight(); y += 3) {
            for (double x = 2; x < r.getWidth(); x += 3) {
                if (hit.test(new Point2D(x, y))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Point2D pointIn(javafx.scene.layout.Region r, java.util.function.Predicate<Point2D> hit) {
        for (double y = 2; y < r.getHeight(); y += 3) {
            for (double x = 2; x < r.getWidth(); x += 3) {
                if (hit.test(new Point2D(x, y))) {
                    return r.localToScreen(x + 1, y + 1);
                }
            }
        }
        throw new AssertionError("nothing in the view matches");
    }

    /** The screen point of the first place in the fabric view where {@code hit} holds (scanned every 3 px). */
    private Point2D screenPointOf(java.util.function.Predicate<Point2D> hit) {
        FabricView f = fabric();
        for (double y = 2; y < f.getHeight(); y += 3) {
            for (double x = 2; x < f.getWidth(); x += 3) {
                Point2D local = new Point2D(x, y);
                if (hit.test(local)) {
                    return f.localToScreen(x + 1, y + 1);
                }
            }
        }
        throw new AssertionError("nothing in the fabric view matches");
    }
}
