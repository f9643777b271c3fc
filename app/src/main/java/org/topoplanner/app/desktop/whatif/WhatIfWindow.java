package org.topoplanner.app.desktop.whatif;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.whatif.JobRecord;
import org.topoplanner.allocator.whatif.QueueDiscipline;
import org.topoplanner.allocator.whatif.SlowdownModel;
import org.topoplanner.allocator.whatif.WhatIfCase;
import org.topoplanner.allocator.whatif.WhatIfSummary;
import org.topoplanner.app.desktop.canvas.GhostState;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.app.whatif.ModelNotes;
import org.topoplanner.app.whatif.WhatIfStudy;
import org.topoplanner.app.whatif.WorkloadSource;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.workload.WorkloadGenerator;
import org.topoplanner.model.workload.WorkloadSpecException;

/**
 * Tools &gt; What-if…: runs a generated workload on the open design under every policy in the background
 * (progress, cancel), then shows utilisation, queue, waits by size and locality per policy, a per-job table,
 * and, for the selected job, the design as it was at its start with the job's hosts outlined.
 */
public final class WhatIfWindow {
    private final Stage stage = new Stage();
    private final Cluster cluster;
    private final PolicyChoice settings;
    private final TextField workload = new TextField("gen:helios:jobs=2000:seed=1:rate=120");
    private final ChoiceBox<QueueDiscipline> discipline = new ChoiceBox<>(FXCollections.observableArrayList(
            QueueDiscipline.values()));
    private final ProgressBar progress = new ProgressBar(0);
    private final Label status = new Label("Choose a workload and press Run.");
    private final Button run = new Button("Run");
    private final Button cancel = new Button("Cancel");
    private final TabPane charts = new TabPane();
    private final ChoiceBox<WhatIfCase> tableRun = new ChoiceBox<>();
    private final TableView<JobRecord> table = new TableView<>();
    private final FabricView fabric;
    private final TextArea notes = new TextArea();
    private WhatIfRun task;
    private Map<WhatIfCase, List<JobRecord>> records = Map.of();

    /** A window for {@code cluster}, the policies taking {@code settings}' settings. */
    public WhatIfWindow(Window owner, Cluster cluster, PolicyChoice settings) {
        this.cluster = cluster;
        this.settings = settings;
        this.fabric = new FabricView(cluster);
        stage.initOwner(owner);
        stage.setTitle("What-if \u2014 " + cluster.name());
        discipline.setValue(QueueDiscipline.EASY_BACKFILL);
        run.setId("whatifRun");
        cancel.setId("whatifCancel");
        workload.setId("whatifWorkload");
        table.setId("whatifJobs");
        cancel.setDisable(true);
        run.setOnAction(e -> start());
        cancel.setOnAction(e -> {
            if (task != null) {
                task.cancel();
            }
        });
        workload.setPrefColumnCount(34);
        progress.setPrefWidth(220);
        HBox inputs = new HBox(8, new Label("Workload"), workload, new Label("Queue"), discipline, run, cancel, progress);
        inputs.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        inputs.getChildren().forEach(n -> {
            if (n instanceof javafx.scene.control.Control c && n != workload) {
                c.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            }
        });
        javafx.scene.layout.VBox controls = new javafx.scene.layout.VBox(4, inputs, status);
        controls.setPadding(new Insets(8));
        buildTable();
        tableRun.setOnAction(e -> showRecords());
        notes.setEditable(false);
        notes.setWrapText(true);
        notes.setPrefRowCount(6);
        notes.setText(notesText(SlowdownModel.DEFAULT, QueueDiscipline.EASY_BACKFILL));
        BorderPane jobs = new BorderPane(table);
        jobs.setTop(new HBox(8, new Label("Run"), tableRun));
        SplitPane lower = new SplitPane(jobs, fabric);
        lower.setDividerPositions(0.55);
        SplitPane main = new SplitPane(charts, lower);
        main.setOrientation(javafx.geometry.Orientation.VERTICAL);
        main.setDividerPositions(0.55);
        BorderPane root = new BorderPane(main);
        root.setTop(controls);
        root.setBottom(notes);
        stage.setScene(new Scene(root, 1400, 950));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> showAtStart(b));
    }

    public Stage stage() {
        return stage;
    }

    public void show() {
        stage.show();
    }

    /** Starts the study in the background; a bad workload specification is said in the status line. */
    void start() {
        WorkloadGenerator g;
        try {
            g = WorkloadGenerator.parse(workload.getText().strip());
        } catch (WorkloadSpecException e) {
            status.setText(e.getMessage());
            return;
        }
        List<PolicyChoice> policies = PolicyCatalog.policies().stream().map(settings::withPolicy).toList();
        WhatIfStudy study = new WhatIfStudy(WorkloadSource.generated(g), List.of(new WhatIfStudy.Design(cluster.name(),
                cluster)), policies, discipline.getValue(), SlowdownModel.DEFAULT);
        notes.setText(notesText(study.slowdown(), study.discipline()) + "\n" + g.profile().source());
        task = new WhatIfRun(study);
        progress.progressProperty().bind(task.progressProperty());
        status.textProperty().bind(task.messageProperty());
        run.setDisable(true);
        cancel.setDisable(false);
        task.setOnSucceeded(e -> finished(task.getValue(), null));
        task.setOnCancelled(e -> finished(null, "cancelled"));
        task.setOnFailed(e -> finished(null, "failed: " + task.getException()));
        Thread t = new Thread(task, "what-if");
        t.setDaemon(true);
        t.start();
    }

    /** The task running now, for tests to wait on. */
    WhatIfRun task() {
        return task;
    }

    private void finished(WhatIfRun.Outcome outcome, String failure) {
        status.textProperty().unbind();
        progress.progressProperty().unbind();
        run.setDisable(false);
        cancel.setDisable(true);
        if (outcome == null) {
            status.setText("What-if " + failure);
            progress.setProgress(0);
            return;
        }
        progress.setProgress(1);
        show(outcome);
    }

    /** Shows a finished study: charts, the runs in the table's chooser, the first run's records. */
    void show(WhatIfRun.Outcome outcome) {
        List<WhatIfSummary> runs = outcome.summaries();
        records = outcome.records();
        status.setText(runs.stream().map(s -> String.format(java.util.Locale.ROOT, "%s %.0f%%",
                s.runCase().policy().id(), 100 * s.meanUtilisation())).collect(Collectors.joining(", ",
                "Done. Mean GPU utilisation: ", "")));
        charts.getTabs().setAll(
                tab("Utilisation", WhatIfCharts.overTime("GPU utilisation over time", "busy GPUs / all", runs,
                        WhatIfSummary::utilisation)),
                tab("Queue", WhatIfCharts.overTime("Jobs waiting over time", "queued jobs", runs,
                        WhatIfSummary::queueLength)),
                tab("Wait by size", WhatIfCharts.waitBySize(runs)),
                tab("Leaves", WhatIfCharts.histogram("Jobs by leaves spanned", "leaves", WhatIfSummary.LEAF_LABELS,
                        runs, WhatIfSummary::leavesHistogram)),
                tab("Tiers", WhatIfCharts.histogram("Jobs by highest tier crossed", "tier", WhatIfSummary.TIER_LABELS,
                        runs, WhatIfSummary::tierHistogram)));
        tableRun.getItems().setAll(records.keySet());
        tableRun.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(WhatIfCase c) {
                return c == null ? "" : c.policy().id();
            }

            @Override
            public WhatIfCase fromString(String s) {
                return null;
            }
        });
        if (!tableRun.getItems().isEmpty()) {
            tableRun.setValue(tableRun.getItems().get(tableRun.getItems().size() - 1));
        }
        showRecords();
    }

    private static Tab tab(String name, javafx.scene.Node content) {
        Tab t = new Tab(name, content);
        t.setClosable(false);
        return t;
    }

    private void showRecords() {
        WhatIfCase c = tableRun.getValue();
        table.getItems().setAll(c == null ? List.of() : records.getOrDefault(c, List.of()));
    }

    /** The design at the job's start, the job's hosts outlined. */
    private void showAtStart(JobRecord r) {
        WhatIfCase c = tableRun.getValue();
        if (r == null || c == null || !r.ran()) {
            fabric.clearGhost();
            return;
        }
        fabric.setOccupancy(StartSnapshot.at(r, records.get(c)));
        Map<String, List<Integer>> gpus = new java.util.LinkedHashMap<>();
        r.placement().hosts().forEach(h -> gpus.put(h.host(), h.gpus()));
        fabric.ghost(new java.util.LinkedHashSet<>(r.hosts()), gpus, GhostState.VALID);
        fabric.selectionProperty().set(r.hosts().get(0));
        status.setText("Job " + r.job() + " at its start, " + r.start() + " s: " + r.hosts().size() + " host(s), "
                + r.leaves() + " leaf/leaves, ring " + WhatIfCsvText.gbps(r.busGBps()) + " GB/s, slowdown "
                + WhatIfCsvText.ratio(r.slowdown()));
    }

    private void buildTable() {
        table.getColumns().setAll(List.of(
                column("job", JobRecord::job),
                column("GPUs", JobRecord::gpus),
                column("nodes", JobRecord::nodes),
                column("submit (s)", JobRecord::submit),
                column("wait (s)", JobRecord::waitSeconds),
                column("leaves", JobRecord::leaves),
                column("spines", JobRecord::spines),
                column("tier", JobRecord::highestTier),
                column("NVLink domains", JobRecord::nvlinkDomains),
                column("ring GB/s", r -> WhatIfCsvText.gbps(r.busGBps())),
                column("slowdown", r -> WhatIfCsvText.ratio(r.slowdown())),
                column("stranded at start", JobRecord::strandedGpusAtStart),
                column("outcome", JobRecord::outcome)));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
    }

    private static <T> TableColumn<JobRecord, T> column(String name, java.util.function.Function<JobRecord, T> value) {
        TableColumn<JobRecord, T> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(value.apply(d.getValue())));
        return c;
    }

    private String notesText(SlowdownModel slowdown, QueueDiscipline d) {
        StringBuilder b = new StringBuilder();
        ModelNotes.model(slowdown, d).forEach(n -> b.append("\u2022 ").append(n).append('\n'));
        ModelNotes.provenance(PolicyCatalog.policies()).forEach((p, how) -> b.append("\u2022 ").append(p).append(": ")
                .append(how).append('\n'));
        return b.toString();
    }
}
