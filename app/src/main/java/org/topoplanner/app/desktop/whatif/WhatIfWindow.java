package org.topoplanner.app.desktop.whatif;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
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

/**
 * Tools &gt; What-if…: one workload (generated, or {@code sacct} history or a job script from a file) on the open
 * design and any designs added from files, under the policies ticked, with the queue discipline and the
 * slowdown's communication share chosen. The study runs in the background (progress, cancel), then shows
 * utilisation, queue, waits by size and locality per run, a per-job table, and, for the selected job, its
 * design as it was at the job's start with the job's hosts outlined.
 */
public final class WhatIfWindow {
    private final Stage stage = new Stage();
    private final Cluster cluster;
    private final PolicyChoice settings;
    private final TextField workload = new TextField("gen:helios:jobs=2000:seed=1:rate=120");
    private final Button openWorkload = new Button("Open\u2026");
    private final ListView<WhatIfStudy.Design> designs = new ListView<>();
    private final Button addDesign = new Button("Add design\u2026");
    private final Button removeDesign = new Button("Remove");
    private final Map<PolicyId, CheckBox> policies = new LinkedHashMap<>();
    private final ChoiceBox<QueueDiscipline> discipline = new ChoiceBox<>(FXCollections.observableArrayList(
            QueueDiscipline.values()));
    private final Spinner<Double> commShare = new Spinner<>(0.0, 1.0, SlowdownModel.DEFAULT_COMMUNICATION_SHARE, 0.05);
    private final ProgressBar progress = new ProgressBar(0);
    private final Label status = new Label("Choose a workload, designs and policies, and press Run.");
    private final Button run = new Button("Run");
    private final Button cancel = new Button("Cancel");
    private final TabPane charts = new TabPane();
    private final ChoiceBox<WhatIfCase> tableRun = new ChoiceBox<>();
    private final TableView<JobRecord> table = new TableView<>();
    private final SplitPane lower = new SplitPane();
    /** A fabric view per design, made when a run on it is first shown. */
    private final Map<Cluster, FabricView> fabrics = new java.util.IdentityHashMap<>();
    private final TextArea notes = new TextArea();
    private WhatIfRun task;
    private Map<WhatIfCase, List<JobRecord>> records = Map.of();

    /** A window for {@code cluster}, the policies taking {@code settings}' settings. */
    public WhatIfWindow(Window owner, Cluster cluster, PolicyChoice settings) {
        this.cluster = cluster;
        this.settings = settings;
        stage.initOwner(owner);
        stage.setTitle("What-if \u2014 " + cluster.name());
        discipline.setValue(QueueDiscipline.EASY_BACKFILL);
        run.setId("whatifRun");
        cancel.setId("whatifCancel");
        workload.setId("whatifWorkload");
        designs.setId("whatifDesigns");
        table.setId("whatifJobs");
        commShare.setId("whatifCommShare");
        commShare.setEditable(true);
        commShare.setPrefWidth(80);
        cancel.setDisable(true);
        run.setOnAction(e -> start());
        cancel.setOnAction(e -> {
            if (task != null) {
                task.cancel();
            }
        });
        openWorkload.setOnAction(e -> chooseWorkload());
        addDesign.setOnAction(e -> chooseDesign());
        removeDesign.setOnAction(e -> {
            int i = designs.getSelectionModel().getSelectedIndex();
            if (i > 0) { // the open design stays: the view was opened for it
                designs.getItems().remove(i);
            }
        });
        designs.getItems().add(new WhatIfStudy.Design(cluster.name(), cluster));
        designs.setPrefHeight(74);
        designs.setPrefWidth(300);
        designs.setCellFactory(v -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(WhatIfStudy.Design d, boolean empty) {
                super.updateItem(d, empty);
                setText(empty || d == null ? null : d.name() + " (" + d.cluster().hostNames().size() + " hosts)");
            }
        });
        for (PolicyId p : PolicyCatalog.policies()) {
            CheckBox box = new CheckBox(p.id());
            box.setSelected(true);
            box.setId("whatifPolicy-" + p.id());
            policies.put(p, box);
        }
        workload.setPrefColumnCount(34);
        progress.setPrefWidth(220);
        HBox inputs = new HBox(8, new Label("Workload"), workload, openWorkload, new Label("Queue"), discipline,
                new Label("Comm. share"), commShare, run, cancel, progress);
        inputs.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        inputs.getChildren().forEach(n -> {
            if (n instanceof javafx.scene.control.Control c && n != workload) {
                c.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            }
        });
        javafx.scene.layout.FlowPane policyBoxes = new javafx.scene.layout.FlowPane(10, 4);
        policyBoxes.getChildren().setAll(policies.values());
        policyBoxes.setPrefWrapLength(420);
        VBox designButtons = new VBox(4, addDesign, removeDesign);
        HBox choices = new HBox(8, new Label("Designs"), designs, designButtons, new Label("Policies"), policyBoxes);
        choices.setAlignment(javafx.geometry.Pos.TOP_LEFT);
        VBox controls = new VBox(6, inputs, choices, status);
        controls.setPadding(new Insets(8));
        buildTable();
        tableRun.setOnAction(e -> showRecords());
        notes.setEditable(false);
        notes.setWrapText(true);
        notes.setPrefRowCount(6);
        notes.setText(notesText(SlowdownModel.DEFAULT, QueueDiscipline.EASY_BACKFILL));
        BorderPane jobs = new BorderPane(table);
        jobs.setTop(new HBox(8, new Label("Run"), tableRun));
        lower.getItems().setAll(jobs, fabricFor(cluster));
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

    /** Starts the study in the background; a bad workload, no design or no policy is said in the status line. */
    void start() {
        WhatIfInputs.Read<WorkloadSource> read = WhatIfInputs.workload(workload.getText());
        if (!read.ok()) {
            status.setText(read.problem());
            return;
        }
        WorkloadSource source = read.value();
        List<PolicyChoice> chosen = policies.entrySet().stream().filter(e -> e.getValue().isSelected())
                .map(e -> settings.withPolicy(e.getKey())).toList();
        if (chosen.isEmpty()) {
            status.setText("Tick at least one policy.");
            return;
        }
        SlowdownModel slowdown = new SlowdownModel(commShare.getValue());
        WhatIfStudy study = new WhatIfStudy(source, List.copyOf(designs.getItems()), chosen, discipline.getValue(),
                slowdown);
        notes.setText(notesText(study.slowdown(), study.discipline()) + "\n" + (source.generator() != null
                ? source.generator().profile().source() : "Workload: " + source.name() + ", " + source.size()
                + " jobs with their recorded run times; placements are the policies' own."));
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

    private void chooseWorkload() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Workload: sacct --parsable2 output or a job script");
        java.io.File f = chooser.showOpenDialog(stage);
        if (f != null) {
            workload.setText(f.getPath());
        }
    }

    private void chooseDesign() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Design: a project file, or a fabric with its node files");
        List<java.io.File> files = chooser.showOpenMultipleDialog(stage);
        if (files != null && !files.isEmpty()) {
            addDesign(files.stream().map(java.io.File::toPath).toList());
        }
    }

    /** Adds the design read from {@code files}; what is wrong with them is said in the status line. */
    boolean addDesign(List<java.nio.file.Path> files) {
        WhatIfInputs.Read<WhatIfStudy.Design> d = WhatIfInputs.design(files);
        if (!d.ok()) {
            status.setText("Design not added: " + d.problem());
            return false;
        }
        String name = WhatIfInputs.uniqueName(d.value().name(), WhatIfInputs.names(designs.getItems()));
        designs.getItems().add(new WhatIfStudy.Design(name, d.value().cluster()));
        status.setText("Design " + name + " added: " + d.value().cluster().hostNames().size() + " hosts.");
        return true;
    }

    private FabricView fabricFor(Cluster c) {
        return fabrics.computeIfAbsent(c, FabricView::new);
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
                WhatIfCharts.name(s, runs), 100 * s.meanUtilisation())).collect(Collectors.joining(", ",
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
        boolean oneDesign = records.keySet().stream().map(WhatIfCase::design).distinct().count() <= 1;
        tableRun.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(WhatIfCase c) {
                return c == null ? "" : oneDesign ? c.policy().id() : c.design() + " / " + c.policy().id();
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
        if (c != null) {
            lower.getItems().set(1, fabricFor(c.cluster()));
        }
    }

    /** The design at the job's start, the job's hosts outlined. */
    private void showAtStart(JobRecord r) {
        WhatIfCase c = tableRun.getValue();
        if (r == null || c == null || !r.ran()) {
            fabrics.values().forEach(FabricView::clearGhost);
            return;
        }
        FabricView fabric = fabricFor(c.cluster());
        fabric.setOccupancy(StartSnapshot.at(r, records.get(c)));
        Map<String, List<Integer>> gpus = new java.util.LinkedHashMap<>();
        r.placement().hosts().forEach(h -> gpus.put(h.host(), h.gpus()));
        fabric.ghost(new java.util.LinkedHashSet<>(r.hosts()), gpus, GhostState.VALID);
        fabric.selectionProperty().set(r.hosts().get(0));
        status.setText("Job " + r.job() + " at its start, " + r.start() + " s: " + r.hosts().size() + " host(s), "
                + r.leaves() + " leaf/leaves, ring " + WhatIfCsvText.gbps(r.busGBps()) + " GB/s, slowdown "
                + WhatIfCsvText.ratio(r.slowdown()) + (records.get(c).size() >= WhatIfRun.KEPT_RECORDS
                ? " (the design shows the first " + WhatIfRun.KEPT_RECORDS + " jobs of the run only)" : ""));
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
