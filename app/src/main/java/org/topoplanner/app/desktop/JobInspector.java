package org.topoplanner.app.desktop;

import java.util.List;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Circle;
import org.topoplanner.allocator.validate.Violation;
import org.topoplanner.app.plan.Advice;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.PolicyComparison;
import org.topoplanner.app.plan.Verdict;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * The inspector's job part: the plan's jobs with their verdicts, and for the selected job its
 * placement, metrics, violations (code, severity, sentence) and what every policy would do.
 */
final class JobInspector {
    private final PlanViewModel vm;
    private final VBox box = new VBox(8);
    private final ListView<String> jobs = new ListView<>();
    private final Label placement = new Label();
    private final Label metrics = new Label();
    private final TableView<Violation> violations = new TableView<>();
    private final TableView<PolicyComparison.Row> comparison = new TableView<>();
    private final PolicyComparison comparer = new PolicyComparison();

    JobInspector(PlanViewModel vm) {
        this.vm = vm;
        box.setPadding(new Insets(8));
        jobs.setId("jobList");
        jobs.setPrefHeight(140);
        jobs.setCellFactory(l -> new JobCell());
        jobs.getSelectionModel().selectedItemProperty().addListener((o, a, job) -> {
            if (job != null) {
                vm.selectedJobProperty().set(job);
            }
        });
        placement.setWrapText(true);
        placement.setId("jobPlacement");
        metrics.setWrapText(true);
        metrics.setId("jobMetrics");
        violations.setId("violations");
        violations.setPrefHeight(160);
        violations.setPlaceholder(new Label("No violations"));
        violations.getColumns().setAll(List.of(
                column("Code", v -> v.code(), 150),
                column("Severity", v -> v.severity().word(), 70),
                column("What is wrong", v -> v.sentence(), 420)));
        comparison.setId("comparison");
        comparison.setPrefHeight(190);
        comparison.getColumns().setAll(List.of(
                column("Policy", PolicyComparison.Row::policy, 95),
                column("Answer", r -> r.advice().verdict() == Verdict.IMPOSSIBLE ? r.advice().reason()
                        : r.advice().verdict().name().toLowerCase(java.util.Locale.ROOT), 110),
                column("Nodes", PolicyComparison.Row::nodes, 130),
                column("Leaves", PolicyComparison.Row::leaves, 55),
                column("Spines", PolicyComparison.Row::spines, 55),
                column("Ring", PolicyComparison.Row::ring, 80)));
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
        box.getChildren().addAll(title("Jobs"), jobs, new HBox(6, apply, delete), title("Placement"), placement,
                metrics, title("Violations"), violations, title("Every policy on this job"), comparison);
        vm.planProperty().addListener((o, a, p) -> refresh());
        vm.selectedJobProperty().addListener((o, a, j) -> refresh());
        vm.policyProperty().addListener((o, a, p) -> refresh());
        vm.optionsProperty().addListener((o, a, p) -> refresh());
        refresh();
    }

    Node node() {
        return box;
    }

    private void refresh() {
        Plan plan = vm.plan();
        List<String> names = plan.jobs().stream().map(j -> j.name()).toList();
        if (!jobs.getItems().equals(names)) {
            jobs.setItems(FXCollections.observableArrayList(names));
        }
        String job = vm.selectedJobProperty().get();
        jobs.getSelectionModel().select(job);
        if (job == null || plan.job(job).isEmpty()) {
            placement.setText("Select a job, or drag one from the palette onto the fabric.");
            metrics.setText("");
            violations.getItems().clear();
            comparison.getItems().clear();
            return;
        }
        Placement p = plan.placements().get(job);
        String request = String.join(" ", plan.job(job).orElseThrow().sbatch());
        if (p == null) {
            placement.setText(job + " (" + request + ") is not placed.");
            metrics.setText("");
            violations.getItems().clear();
        } else {
            StringBuilder sb = new StringBuilder(job + "  \u2014  " + request + "\n" + Hostlist.compress(p.hostNames()));
            for (HostAllocation h : p.hosts()) {
                sb.append("\n  ").append(h.host()).append(": GPUs ").append(h.gpus()).append(", CPUs ").append(h.cpus());
                if (!h.nicByGpu().isEmpty()) {
                    sb.append(", NICs ").append(h.nicByGpu().values().stream().distinct().toList());
                }
            }
            placement.setText(sb.toString());
            Advice a = vm.check(job);
            violations.setItems(FXCollections.observableArrayList(a.violations()));
            var m = a.metrics();
            metrics.setText(m == null ? "" : String.format(
                    "%d %s, %d %s, highest tier %d; worst pair %s hops; ring all-reduce %s",
                    m.leaves(), m.leaves() == 1 ? "leaf" : "leaves", m.spines(), m.spines() == 1 ? "spine" : "spines",
                    m.highestTier(),
                    m.worstPair().a() == null ? "\u2014" : String.valueOf(m.worstPair().hops()),
                    Double.isFinite(m.busGBps()) ? String.format("~%.1f GB/s (%s)", m.busGBps(), m.ring().bottleneck())
                            : "\u2014"));
        }
        comparison.setItems(FXCollections.observableArrayList(
                comparer.compare(plan, plan.request(job), vm.optionsProperty().get())));
    }

    private static Label title(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("section-title");
        return l;
    }

    private static <T> TableColumn<T, String> column(String name, java.util.function.Function<T, String> value, double width) {
        TableColumn<T, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new SimpleStringProperty(value.apply(d.getValue())));
        c.setPrefWidth(width);
        return c;
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
            Advice a = vm.plan().placements().containsKey(job) ? vm.check(job) : null;
            Circle dot = new Circle(5);
            dot.getStyleClass().add(a == null ? "verdict-unplaced" : switch (a.verdict()) {
                case VALID -> "verdict-valid";
                case WARNINGS -> "verdict-warnings";
                case IMPOSSIBLE -> "verdict-impossible";
            });
            setGraphic(dot);
            setText(job);
        }
    }
}
