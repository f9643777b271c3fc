package org.topoplanner.app.desktop.dialogs;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.topoplanner.app.desktop.diagnostics.ConflictsPane;
import org.topoplanner.app.desktop.diagnostics.DiagnosticsPane;
import org.topoplanner.app.desktop.diagnostics.ResultSummary;
import org.topoplanner.app.desktop.diagnostics.SourceExcerptReader;
import org.topoplanner.app.desktop.diagnostics.SourceExcerptView;
import org.topoplanner.app.desktop.state.BackgroundRefresh;
import org.topoplanner.app.plan.HardwareChoices;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.hardware.ExistingHardware;
import org.topoplanner.importers.merge.ConflictOption;
import org.topoplanner.importers.merge.MergeChoices;
import org.topoplanner.importers.merge.SourceConflict;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;

/**
 * The review of an import: what the cluster would be (hosts, switches, GPUs), the conflicts between
 * sources with a choice for each, and the findings as a table over the source viewer that jumps to
 * each finding's file and line. Answering a conflict merges the sources again in the background and
 * shows the new result and findings; "Import" takes the cluster as resolved then, and is held back
 * while a merge runs so that it never takes a result the choices have left behind.
 */
public final class DiagnosticsDialog {
    static final ButtonType IMPORT = new ButtonType("Import", ButtonBar.ButtonData.OK_DONE);

    private final ImportOutcome first;
    private final Function<MergeChoices, ImportOutcome> remerge;
    private final BackgroundRefresh<ImportOutcome> merging = BackgroundRefresh.onDaemonThread("import-merge");
    private final Label result = new Label();
    private final Alert alert;
    private final DiagnosticsPane findings;
    private final ConflictsPane conflicts;
    private final HardwareStepPane hardware;
    private ImportOutcome current;
    private MergeChoices choices = MergeChoices.none();

    private DiagnosticsDialog(Window owner, String title, ImportOutcome outcome,
                              Function<MergeChoices, ImportOutcome> remerge) {
        this.first = outcome;
        this.current = outcome;
        this.remerge = remerge;
        SourceExcerptView source = new SourceExcerptView(BackgroundRefresh.onDaemonThread("source-excerpt"),
                new SourceExcerptReader());
        findings = new DiagnosticsPane(outcome.diagnostics(), source);
        conflicts = new ConflictsPane(outcome.conflicts(), this::choose);
        hardware = usable(outcome) ? new HardwareStepPane(HardwareChoices.of(outcome.cluster(), ExistingHardware.REPLACE)) : null;
        alert = new Alert(usable(outcome) ? Alert.AlertType.CONFIRMATION : Alert.AlertType.ERROR);
        alert.initOwner(owner);
        alert.setTitle(title);
        alert.setResizable(true);
        alert.getDialogPane().setContent(content(outcome));
        // a clean import has no findings to list: the hardware step gets the room
        int findingsHeight = outcome.diagnostics().isEmpty() && outcome.conflicts().isEmpty() ? 420
                : outcome.conflicts().isEmpty() ? 640 : 760;
        alert.getDialogPane().setPrefSize(1120, findingsHeight + (hardware == null ? 0 : 200));
        alert.getDialogPane().getStyleClass().add("diagnostics-dialog");
        alert.getDialogPane().setId("importReview");
        // The dialog is a scene of its own: give it the window's theme and styles.
        if (owner != null && owner.getScene() != null) {
            alert.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        alert.getDialogPane().getStylesheets().add(
                DiagnosticsDialog.class.getResource("/org/topoplanner/app/desktop/diagnostics/conflicts.css").toExternalForm());
        alert.getButtonTypes().setAll(usable(outcome) ? List.of(IMPORT, ButtonType.CANCEL) : List.of(ButtonType.CLOSE));
        if (hardware != null) {
            hardware.previewProperty().addListener((o, a, r) -> {
                holdBack(false);
                showResult();
            });
        }
        showResult();
    }

    /**
     * Shows the review; the outcome as resolved when the user takes the import, empty when they
     * cancel or nothing can be imported. {@code remerge} runs off the FX thread.
     */
    public static Optional<ImportOutcome> review(Window owner, String title, ImportOutcome outcome,
                                          Function<MergeChoices, ImportOutcome> remerge) {
        DiagnosticsDialog d = new DiagnosticsDialog(owner, title, outcome, remerge);
        boolean take = d.alert.showAndWait().filter(b -> b == IMPORT).isPresent();
        d.merging.cancel();
        return take && usable(d.current) ? Optional.of(d.taken()) : Optional.empty();
    }

    /** Shows findings that stop something (a project that cannot be opened): nothing to take, only Close. */
    public static void show(Window owner, String title, List<Diagnostic> diagnostics) {
        review(owner, title, new ImportOutcome(null, List.of(), diagnostics), choices -> {
            throw new IllegalStateException("findings without sources have no conflicts to merge again");
        });
    }

    /** The outcome as resolved, its cluster with the hardware the step gave it. */
    private ImportOutcome taken() {
        if (hardware == null || hardware.choicesProperty().get().isEmpty()) {
            return current;
        }
        return new ImportOutcome(hardware.previewProperty().get().cluster(), current.sources(), current.diagnostics(),
                current.conflicts());
    }

    /** The hardware step, open when some host has none. */
    private Node hardwareSection() {
        long without = hardware.choicesProperty().get().now().withoutHardware();
        javafx.scene.control.TitledPane pane = new javafx.scene.control.TitledPane(
                "Hardware" + (without == 0 ? ": every host is described" : ": "
                        + String.format(java.util.Locale.ROOT, "%,d", without) + " hosts have none yet"),
                hardware.node());
        pane.setId("hardwareSection");
        pane.setExpanded(without > 0);
        return pane;
    }

    private Node content(ImportOutcome outcome) {
        Node body = findingsAndConflicts(outcome);
        if (hardware == null) {
            return body;
        }
        VBox box = new VBox(6, hardwareSection(), body);
        VBox.setVgrow(body, Priority.ALWAYS);
        return box;
    }

    private Node findingsAndConflicts(ImportOutcome outcome) {
        result.setId("importResult");
        result.getStyleClass().add("import-result");
        // Findings that stop an import or an opening have no result to describe.
        result.setManaged(usable(outcome));
        result.setVisible(usable(outcome));
        if (outcome.conflicts().isEmpty()) {
            VBox box = new VBox(6, result, findings.node());
            VBox.setVgrow(findings.node(), Priority.ALWAYS);
            return box;
        }
        Label title = new Label("Conflicts: the sources disagree; choose which one to follow");
        title.getStyleClass().add("section-title");
        VBox top = new VBox(4, title, conflicts.node());
        VBox.setVgrow(conflicts.node(), Priority.ALWAYS);
        Label findingsTitle = new Label("Findings");
        findingsTitle.getStyleClass().add("section-title");
        VBox bottom = new VBox(4, findingsTitle, findings.node());
        VBox.setVgrow(findings.node(), Priority.ALWAYS);
        SplitPane split = new SplitPane(top, bottom);
        split.setOrientation(Orientation.VERTICAL);
        // Room for the conflicts there are, so a single conflict leaves the space to the findings.
        split.setDividerPositions(Math.min(0.5, 0.16 + 0.09 * outcome.conflicts().size()));
        VBox box = new VBox(6, result, split);
        VBox.setVgrow(split, Priority.ALWAYS);
        return box;
    }

    private void choose(SourceConflict conflict, ConflictOption option) {
        choices = choices.with(conflict, option);
        MergeChoices asked = choices;
        holdBack(true);
        result.setText("Merging again with " + option.label() + " for " + conflict.subject() + "\u2026");
        merging.request(() -> remerge.apply(asked), this::merged, e -> {
            holdBack(false);
            result.setText("The merge failed: " + e.getMessage() + "; the import stays as it was");
        });
    }

    private void merged(ImportOutcome outcome) {
        current = outcome;
        conflicts.show(outcome.conflicts());
        findings.show(outcome.diagnostics());
        if (hardware != null && usable(outcome)) {
            hardware.reset(HardwareChoices.of(outcome.cluster(), ExistingHardware.REPLACE));
        }
        holdBack(false);
        showResult();
    }

    private void holdBack(boolean merging) {
        conflicts.setChoosable(!merging);
        Node take = alert.getDialogPane().lookupButton(IMPORT);
        if (take != null) {
            // a hardware choice that cannot be applied (a file that describes no node) is fixed first
            boolean badHardware = hardware != null && hardware.previewProperty().get() != null
                    && hardware.previewProperty().get().hasErrors();
            take.setDisable(merging || !usable(current) || badHardware);
        }
    }

    private void showResult() {
        List<Diagnostic> d = current.diagnostics();
        long errors = d.stream().filter(x -> x.severity() == Severity.ERROR).count();
        long warnings = d.stream().filter(x -> x.severity() == Severity.WARNING).count();
        long open = current.conflicts().size();
        String counts = count(errors, "error") + ", " + count(warnings, "warning")
                + (open == 0 ? "" : ", " + count(open, "conflict"));
        alert.setHeaderText(counts + (usable(first)
                ? ". Import this cluster? (Undo brings the current one back; Cancel keeps it.)"
                : ". Nothing was imported; the open project is unchanged."));
        result.setText("Result: " + ResultSummary.of(usable(current) ? taken().cluster() : current.cluster()));
    }

    private static boolean usable(ImportOutcome o) {
        return o.cluster() != null && !o.hasErrors();
    }

    private static String count(long n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }
}
