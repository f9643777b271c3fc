package org.topoplanner.app.desktop.dialogs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.topoplanner.app.plan.HardwareChoices;
import org.topoplanner.importers.hardware.HardwareResult;
import org.topoplanner.importers.hardware.HardwareSource;
import org.topoplanner.importers.hardware.HardwareTotals;
import org.topoplanner.importers.hardware.HostGroup;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * The hardware step: the hosts in groups by what describes them (a source naming them, the same
 * HCA and port pattern on the fabric, nothing), a node template or a file for each group, and the
 * running total of hosts, GPUs and CPUs before and with the choices, before anything changes.
 * Used by the import review and by "Assign hardware…".
 */
final class HardwareStepPane {
    /** One entry of a group's choice: nothing (keep), a template, a file read, or "File…" to pick one. */
    record Option(String label, HardwareSource source, boolean pickFile) {
        @Override
        public String toString() {
            return label;
        }
    }

    private final ObjectProperty<HardwareChoices> choices = new SimpleObjectProperty<>();
    private final ObjectProperty<HardwareResult> preview = new SimpleObjectProperty<>();
    private final GridPane rows = new GridPane();
    private final Label totals = new Label();
    private final Label problems = new Label();
    private final VBox root;
    private final Function<javafx.stage.Window, java.io.File> fileChooser;

    HardwareStepPane(HardwareChoices start) {
        this(start, owner -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Node hardware: nvidia-smi topo -m, hwloc XML, slurmd -G, gres.conf or node lines");
            return fc.showOpenDialog(owner);
        });
    }

    HardwareStepPane(HardwareChoices start, Function<javafx.stage.Window, java.io.File> fileChooser) {
        this.fileChooser = fileChooser;
        rows.setHgap(12);
        rows.setVgap(4);
        rows.setPadding(new Insets(2, 4, 2, 4));
        rows.setId("hardwareGroups");
        // hosts, "now" and the choice as wide as they need; what describes them takes the rest (tooltip for all of it)
        ColumnConstraints hosts = new ColumnConstraints();
        hosts.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        ColumnConstraints what = new ColumnConstraints();
        what.setHgrow(Priority.ALWAYS);
        what.setMinWidth(160);
        ColumnConstraints now = new ColumnConstraints();
        now.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        ColumnConstraints choice = new ColumnConstraints();
        choice.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        rows.getColumnConstraints().setAll(hosts, what, now, choice);
        ScrollPane scroll = new ScrollPane(rows);
        scroll.setFitToWidth(true);
        // room for the header and up to six groups without scrolling; more scroll
        double height = 26 + Math.min(6, Math.max(1, start.groups().size())) * 34;
        scroll.setPrefViewportHeight(height);
        scroll.setMinViewportHeight(Math.min(height, 26 + 2 * 34));
        scroll.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        totals.setId("hardwareTotals");
        totals.getStyleClass().add("hardware-totals");
        totals.setWrapText(true);
        problems.setId("hardwareProblems");
        problems.getStyleClass().add("hardware-problems");
        problems.setWrapText(true);
        Label hint = new Label("Hosts grouped by what describes them. Give a group a node template or a file "
                + "(nvidia-smi topo -m, hwloc XML, slurmd -G, gres.conf, node lines); nothing changes until you confirm.");
        hint.setWrapText(true);
        hint.getStyleClass().add("hint");
        hint.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        totals.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        root = new VBox(6, hint, scroll, totals, problems);
        root.setId("hardwareStep");
        choices.addListener((o, a, c) -> recompute());
        choices.set(start);
        build(start);
    }

    Node node() {
        return root;
    }

    ReadOnlyObjectProperty<HardwareChoices> choicesProperty() {
        return choices;
    }

    /** The cluster as the choices would make it, with what applying them found. */
    ReadOnlyObjectProperty<HardwareResult> previewProperty() {
        return preview;
    }

    /** Starts over on another cluster (the import merged again): the groups are recomputed, choices kept by group. */
    void reset(HardwareChoices start) {
        HardwareChoices old = choices.get();
        HardwareChoices next = start;
        for (int i = 0; i < start.groups().size(); i++) {
            String d = start.groups().get(i).description();
            for (int j = 0; j < old.groups().size(); j++) {
                if (old.groups().get(j).description().equals(d) && old.choice(j).isPresent()) {
                    next = next.with(i, old.choice(j).get());
                }
            }
        }
        build(next);
        choices.set(next);
    }

    /** Gives group {@code group} the hardware of {@code file} (what "File…" does once a file is chosen). */
    void chooseFile(int group, Path file) {
        HardwareSource.Described d = HardwareSource.read(file);
        ComboBox<Option> box = combo(group);
        Option o = new Option(file.getFileName().toString() + " (file)", d, false);
        box.getItems().add(box.getItems().size() - 1, o);
        box.setValue(o);
    }

    @SuppressWarnings("unchecked")
    private ComboBox<Option> combo(int group) {
        return (ComboBox<Option>) rows.lookup("#hardwareChoice-" + group);
    }

    private void build(HardwareChoices c) {
        rows.getChildren().clear();
        rows.addRow(0, header("Hosts"), header("What describes them"), header("Now"), header("Hardware"));
        for (int i = 0; i < c.groups().size(); i++) {
            HostGroup g = c.groups().get(i);
            Label hosts = new Label(g.hostlist() + "  (" + count(g.size(), "host") + ")");
            hosts.getStyleClass().add("hardware-hosts");
            hosts.setTooltip(new Tooltip(g.hostlist()));
            Label what = new Label(g.description());
            what.setTooltip(new Tooltip(g.description()));
            Label now = new Label(g.totals().described() == 0 ? "no hardware"
                    : count(g.totals().gpus(), "GPU") + ", " + count(g.totals().cpus(), "CPU"));
            rows.addRow(i + 1, hosts, what, now, choiceBox(i, g, c));
        }
    }

    private ComboBox<Option> choiceBox(int index, HostGroup g, HardwareChoices c) {
        List<Option> options = new ArrayList<>();
        options.add(new Option(g.kind() == HostGroup.Kind.DESCRIBED ? "as described" : "none (no hardware)", null, false));
        for (NodeTemplate t : ShippedData.templates()) {
            options.add(new Option(t.title() + " \u2014 " + t.id(), HardwareSource.template(t.id(), ShippedData.template(t)), false));
        }
        c.choice(index).filter(s -> s instanceof HardwareSource.Described)
                .ifPresent(s -> options.add(new Option(Path.of(s.label()).getFileName() + " (file)", s, false)));
        options.add(new Option("File\u2026", null, true));
        ComboBox<Option> box = new ComboBox<>();
        box.getItems().setAll(options);
        box.setId("hardwareChoice-" + index);
        box.setPrefWidth(400);
        box.setValue(c.choice(index).flatMap(s -> options.stream().filter(o -> o.source() != null
                && o.source().label().equals(s.label())).findFirst()).orElse(options.get(0)));
        box.valueProperty().addListener((o, was, now) -> {
            if (now == null) {
                return;
            }
            if (now.pickFile()) {
                // the chooser is shown after this change has finished; the box shows the old choice meanwhile
                javafx.application.Platform.runLater(() -> {
                    box.setValue(was);
                    var f = fileChooser.apply(root.getScene() == null ? null : root.getScene().getWindow());
                    if (f != null) {
                        chooseFile(index, f.toPath());
                    }
                });
                return;
            }
            choices.set(choices.get().with(index, now.source()));
        });
        return box;
    }

    private void recompute() {
        HardwareChoices c = choices.get();
        HardwareResult r = c.preview();
        preview.set(r);
        HardwareTotals before = c.now();
        HardwareTotals after = c.after(r);
        totals.setText("Now: " + describe(before) + "   \u2192   with these choices: " + describe(after));
        List<String> lines = r.diagnostics().stream().filter(d -> d.severity() != org.topoplanner.model.diag.Severity.INFO)
                .map(HardwareStepPane::line).toList();
        problems.setText(String.join("\n", lines));
        problems.setManaged(!lines.isEmpty());
        problems.setVisible(!lines.isEmpty());
        problems.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("error"), r.hasErrors());
    }

    private static String line(Diagnostic d) {
        return (d.isError() ? "error: " : "warning: ") + (d.path().isEmpty() ? "" : d.path() + ": ") + d.message();
    }

    /** "4,096 hosts, 32,768 GPUs, 917,504 CPUs (12 without hardware)". */
    static String describe(HardwareTotals t) {
        return count(t.hosts(), "host") + ", " + count(t.gpus(), "GPU") + ", " + count(t.cpus(), "CPU")
                + (t.withoutHardware() == 0 ? "" : " (" + String.format(Locale.ROOT, "%,d", t.withoutHardware())
                + " without hardware)");
    }

    private static Label header(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("column-header-label");
        return l;
    }

    private static String count(long n, String word) {
        return String.format(Locale.ROOT, "%,d %s%s", n, word, n == 1 ? "" : "s");
    }
}
