package org.topoplanner.app.desktop.inspector;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Circle;
import org.topoplanner.allocator.validate.Violation;
import org.topoplanner.app.desktop.state.BackgroundRefresh;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.app.plan.Advice;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.model.job.Placement;

/**
 * The inspector's job part: the plan's jobs with their verdicts, and for the selected job its
 * request, placement and metrics as a property sheet, its violations (code, severity, sentence) and
 * what every policy would do. Validating a job takes a while on a big fabric, so what is not known
 * yet (see {@link PlanViewModel#knownCheck}) is computed in the background, the selected job first,
 * and shown when it arrives; the comparison table too.
 */
public final class JobInspector {
    private final PlanViewModel vm;
    private final VBox box = new VBox(8);
    private final ListView<String> jobs = new ListView<>();
    private final Label summary = new Label();
    private final InspectorSheet properties = new InspectorSheet("jobProperties", JobProperties.CATEGORIES,
            JobProperties.PLACEMENT);
    private final TableView<Violation> violations = new TableView<>();
    private final TableView<ComparisonLine> comparison = new TableView<>();
    private final PolicyComparisonRows comparisonRows;
    private final BackgroundRefresh<Advice> selectedCheck;
    private final BackgroundRefresh<Integer> listedChecks;
    /** The selected job's leaves, counted on a worker so the selection's first pulse does not wait for them. */
    private final JobPropertiesReach reach = new JobPropertiesReach(
            BackgroundRefresh.onWorker(BackgroundRefresh.daemonWorker("job-reach")));
    /** Listed jobs whose verdict a cell asked for and that are being checked in the background. */
    private final Set<String> unchecked = new LinkedHashSet<>();
    /** A round of the listed jobs' checks waits for the every-policy table's rows ({@link #checkListed}). */
    private boolean listedRoundWaiting;
    /** The newest round of the listed jobs' checks; an older one stops before its next job. */
    private final java.util.concurrent.atomic.AtomicLong listedRound = new java.util.concurrent.atomic.AtomicLong();

    public JobInspector(PlanViewModel vm) {
        this.vm = vm;
        // Two threads: a policy still answering about the previous job cannot be stopped, and the new
        // job's rows should not wait behind it; its answer is dropped when it lands.
        this.comparisonRows = new PolicyComparisonRows(
                BackgroundRefresh.onWorker(BackgroundRefresh.daemonWorkers("policy-comparison", 2)),
                BackgroundRefresh.onDaemonThread("policy-warm-up"), javafx.application.Platform::runLater,
                java.time.Duration.ofMillis(150));
        // One worker for both: the selected job, asked first, is then known when the list's turn comes.
        Executor checking = BackgroundRefresh.daemonWorker("job-checks");
        this.selectedCheck = BackgroundRefresh.onWorker(checking);
        this.listedChecks = BackgroundRefresh.onWorker(checking);
        box.setPadding(new Insets(8));
        jobs.setId("jobList");
        jobs.setPrefHeight(140);
        jobs.setCellFactory(l -> new JobCell());
        jobs.getSelectionModel().selectedItemProperty().addListener((o, a, job) -> {
            if (job != null) {
                vm.selectedJobProperty().set(job);
            }
        });
        summary.setWrapText(true);
        summary.setId("jobPlacement");
        summary.getStyleClass().add("job-summary");
        violations.setId("violations");
        violations.setPrefHeight(160);
        violations.setPlaceholder(new Label("No violations"));
        // columns share the inspector's width and the cells wrap: sentences are read whole, not cut
        violations.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        comparison.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        TableColumn<Violation, String> code = column("Code", v -> v.code(), 170);
        TableColumn<Violation, String> severity = column("Severity", v -> v.severity().word(), 72);
        // codes and severities are words to read whole; the sentence takes what is left and wraps
        code.setMinWidth(170);
        severity.setMinWidth(72);
        violations.getColumns().setAll(List.of(code, severity, column("What is wrong", v -> v.sentence(), 420)));
        comparison.setId("comparison");
        comparison.setPrefHeight(190);
        comparison.setItems(comparisonRows.lines());
        comparison.setPlaceholder(new Label("Select a job to compare the policies on it."));
        TableColumn<ComparisonLine, String> answer = column("Answer", ComparisonLine::verdict, 110);
        answer.setCellFactory(c -> new AnswerCell());
        comparison.getColumns().setAll(List.of(
                column("Policy", ComparisonLine::policy, 95),
                answer,
                column("Nodes", ComparisonLine::nodes, 130),
                column("Leaves", ComparisonLine::leaves, 55),
                column("Spines", ComparisonLine::spines, 55),
                column("Ring", ComparisonLine::ring, 80)));
        Button apply = new Button("Apply suggestion");
        apply.setId("applySuggestion");
        apply.setOnAction(e -> {
            if (vm.selectedJobProperty().get() != null) {
                vm.applySuggestion(vm.selectedJobProperty().get());
            }
        });
        Button delete = new Button("Delete job");
        delete.setOnAction(e -> {
            if (vm.selectedJobProperty().get() != null) {
                vm.delete(vm.selectedJobProperty().get());
            }
        });
        apply.disableProperty().bind(vm.selectedJobProperty().isNull());
        delete.disableProperty().bind(vm.selectedJobProperty().isNull());
        // the job's sheet joins below the summary when a job first has properties (see showProperties)
        box.getChildren().addAll(title("Jobs"), jobs, new HBox(6, apply, delete), title("Job"), summary,
                title("Violations"), violations, title("Every policy on this job"), comparison);
        vm.planProperty().addListener((o, a, p) -> refresh());
        vm.selectedJobProperty().addListener((o, a, j) -> refresh());
        vm.choiceProperty().addListener((o, a, c) -> refresh());
        refresh();
    }

    public Node node() {
        return box;
    }

    private void refresh() {
        Plan plan = vm.plan();
        List<String> names = plan.jobs().stream().map(j -> j.name()).toList();
        if (!jobs.getItems().equals(names)) {
            jobs.setItems(FXCollections.observableArrayList(names));
        }
        comparisonRows.prepare(plan, vm.choice().settings());
        // The plan, policy or settings changed: the dots may too, and what was being checked is stale; a round
        // under way stops before its next job, so the selected job's check and rows do not wait behind it.
        listedChecks.cancel();
        reach.cancel();
        listedRound.incrementAndGet();
        unchecked.clear();
        jobs.refresh();
        String job = vm.selectedJobProperty().get();
        jobs.getSelectionModel().select(job);
        if (job == null || plan.job(job).isEmpty()) {
            selectedCheck.cancel();
            summary.setText("Select a job, or drag one from the palette onto the fabric.");
            showProperties(List.of());
            violations.getItems().clear();
            comparisonRows.clear();
            return;
        }
        // the rows first: they take longest, and the sheet below is built on the FX thread meanwhile
        comparisonRows.compare(plan, plan.request(job), vm.choice().settings());
        Placement p = plan.placements().get(job);
        String request = String.join(" ", plan.job(job).orElseThrow().sbatch());
        summary.setText(p == null ? job + " (" + request + ") is not placed."
                : job + "  \u2014  " + request + "  \u2192  " + JobProperties.hostlist(p.hostNames()));
        Optional<Advice> known = vm.knownCheck(job);
        if (p == null || known.isPresent()) {
            selectedCheck.cancel();
            showCheck(plan, job, known.orElse(null));
        } else {
            showProperties(JobProperties.checking(plan, job));
            violations.getItems().clear();
            violations.setPlaceholder(new Label("Checking\u2026"));
            selectedCheck.request(vm.checkLater(job), a -> {
                showCheck(plan, job, a);
                jobs.refresh();
            }, e -> violations.setPlaceholder(new Label("Cannot check " + job + ": " + e.getMessage())));
        }
    }

    /**
     * Shows the selected job's properties. The sheet is hidden while there are none, and until then it
     * is not in the scene at all: a property sheet's skin (tool bar, search field, accordion) was built
     * and styled at start for a sheet the first frame does not show (issue 15).
     */
    private void showProperties(List<InspectorProperty> items) {
        if (!items.isEmpty() && properties.node().getParent() == null) {
            box.getChildren().add(box.getChildren().indexOf(summary) + 1, properties.node());
        }
        properties.show(items);
    }

    private void showCheck(Plan plan, String job, Advice a) {
        showProperties(JobProperties.of(plan, job, a, leaves(plan, job, a)));
        violations.setPlaceholder(new Label("No violations"));
        // columns share the inspector's width and the cells wrap: sentences are read whole, not cut
        violations.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        comparison.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        violations.setItems(FXCollections.observableArrayList(a == null ? List.of() : a.violations()));
    }

    /**
     * The selected job's leaves when already counted for its hosts, else counting on the worker: the sheet
     * is shown again with them when they come, unless the selection or plan changed meanwhile
     * ({@link #refresh} cancels).
     */
    private JobProperties.Leaves leaves(Plan plan, String job, Advice a) {
        if (!JobProperties.showsLeaves(plan, job, a)) {
            reach.cancel();
            return new JobProperties.Leaves.Counting();
        }
        var fabric = plan.cluster().fabric();
        List<String> hosts = plan.placements().get(job).hostNames();
        Optional<org.topoplanner.app.plan.RailReach> known = reach.known(fabric, hosts);
        if (known.isPresent()) {
            reach.cancel();
            return new JobProperties.Leaves.Counted(known.get());
        }
        reach.request(fabric, hosts, leaves -> showProperties(JobProperties.of(plan, job, a, leaves)));
        return new JobProperties.Leaves.Counting();
    }

    /**
     * Checks a listed job in the background; the cells are redrawn when it is known. The round starts
     * once the every-policy table's rows are in ({@link PolicyComparisonRows#afterRows}): the rows are
     * what the user asked for, and on 2 cores the list's checks took their CPU. A round asks for every
     * job still waiting then, and the newest request wins, so the cells of one layout pass cost one
     * round of checks.
     */
    private void checkListed(String job) {
        if (!unchecked.add(job) || listedRoundWaiting) {
            return;
        }
        listedRoundWaiting = true;
        comparisonRows.afterRows(this::checkUnchecked);
    }

    private void checkUnchecked() {
        listedRoundWaiting = false;
        if (unchecked.isEmpty()) {
            return; // the plan changed meanwhile: the cells ask again for the new one
        }
        List<Supplier<Advice>> work = new ArrayList<>();
        unchecked.forEach(j -> work.add(vm.checkLater(j)));
        long round = listedRound.incrementAndGet();
        listedChecks.request(() -> {
            for (Supplier<Advice> check : work) {
                if (listedRound.get() != round) {
                    break; // a newer round or a new question: the answers so far are remembered, the rest is not needed now
                }
                check.get();
            }
            return work.size();
        }, n -> {
            unchecked.clear();
            jobs.refresh();
        }, e -> unchecked.clear());
    }

    private static Label title(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("section-title");
        return l;
    }

    private static <T> TableColumn<T, String> column(String name, Function<T, String> value, double width) {
        TableColumn<T, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new SimpleStringProperty(value.apply(d.getValue())));
        c.setPrefWidth(width);
        // never narrower than its own header: a shared inspector width cut "Leaves" to "Lea…"
        c.setMinWidth(Math.min(width, new javafx.scene.text.Text(name).getLayoutBounds().getWidth() + 18));
        c.setCellFactory(col -> new WrappingCell<>());
        return c;
    }

    /** An answer, greyed while it is still being computed. */
    private static final class AnswerCell extends WrappingCell<ComparisonLine> {
        @Override
        protected void updateItem(String text, boolean empty) {
            super.updateItem(text, empty);
            ComparisonLine line = empty || getTableRow() == null ? null : getTableRow().getItem();
            boolean waiting = line != null && line.answer().isEmpty();
            getStyleClass().remove("comparison-waiting");
            if (waiting) {
                getStyleClass().add("comparison-waiting");
            }
        }
    }

    /** A job with a dot coloured by its verdict. */
    private final class JobCell extends ListCell<String> {
        @Override
        protected void updateItem(String job, boolean empty) {
            super.updateItem(job, empty);
            if (empty || job == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            boolean placed = vm.plan().placements().containsKey(job);
            Optional<Advice> a = placed ? vm.knownCheck(job) : Optional.empty();
            if (placed && a.isEmpty()) {
                checkListed(job);
            }
            Circle dot = new Circle(5);
            dot.getStyleClass().add(!placed ? "verdict-unplaced" : a.map(x -> switch (x.verdict()) {
                case VALID -> "verdict-valid";
                case WARNINGS -> "verdict-warnings";
                case IMPOSSIBLE -> "verdict-impossible";
            }).orElse("verdict-checking"));
            setGraphic(dot);
            setText(job);
        }
    }
}
