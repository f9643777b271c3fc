package org.topoplanner.app.desktop.dnd;

import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.TransferMode;
import org.topoplanner.app.desktop.dnd.DragPayload;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.JobLine;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;

/**
 * The job palette: ready shapes and a field that takes an sbatch line (pod shape options too, see
 * {@link org.topoplanner.model.job.JobLine}); each is dragged onto the
 * fabric, a switch, a host or GPUs. The field says at once what it cannot read, and which options it read but
 * does not use for placement ({@code --time}, {@code --output}: kept with the job).
 */
public final class JobPalette {
    private final VBox box = new VBox(6);
    private final TextField sbatch = new TextField("-N 12 --gpus-per-node=8 --switches=2");
    private final Label problem = new Label();
    /** What the line gives that sbatch takes and placement ignores ({@code --time}, {@code --output}, ...). */
    private final Label notes = new Label();
    private Consumer<DragPayload> onPlace = p -> { };
    /** The plan's words on the typed job's partition and its limits (none without partitions). */
    private java.util.function.Function<JobRequest, java.util.Optional<String>> partitionNote = r -> java.util.Optional.empty();

    public JobPalette() {
        box.setPadding(new Insets(6));
        box.getStyleClass().add("job-palette");
        Label title = new Label("Jobs");
        title.getStyleClass().add("section-title");
        FlowPane shapes = new FlowPane(6, 6);
        for (JobShape s : JobShape.palette()) {
            shapes.getChildren().add(chip(s.title(), s.sbatch()));
        }
        sbatch.setId("sbatchField");
        sbatch.setPromptText("sbatch options, e.g. -N 4 --gpus-per-node=8, or pods: --pods=4 --container=gpu=8");
        problem.getStyleClass().add("problem");
        problem.setWrapText(true);
        notes.setId("sbatchNotes");
        notes.getStyleClass().add("hint");
        notes.setWrapText(true);
        for (Label l : new Label[] {problem, notes}) {
            // an empty message takes no row: the field's chip stays next to the field
            l.managedProperty().bind(l.textProperty().isNotEmpty());
            l.visibleProperty().bind(l.managedProperty());
        }
        Label custom = chip("Drag this job", null);
        custom.setId("sbatchChip");
        sbatch.textProperty().addListener((o, a, text) -> check(text));
        // The field first, with what it cannot read and what it reads but does not place by right under it, then its
        // chip, then the ready shapes: below the shapes and the chip the notes fell under the palette's fold (the
        // lower part of the left pane), out of view while the job was typed.
        box.getChildren().addAll(title, new Label("Custom (sbatch options):"), sbatch, problem, notes, custom, shapes);
    }

    public Node node() {
        return box;
    }

    /**
     * Told when a chip is chosen with the keyboard (Tab to it, Enter or Space): the job it carries, to be
     * placed without a drag.
     */
    public void setOnPlace(Consumer<DragPayload> onPlace) {
        this.onPlace = onPlace;
    }

    /**
     * Where the typed job's partition and its limits come from (the plan's cluster): shown under the field with the
     * other notes, so a {@code --time} "held against a partition's MaxTime" names that partition and value.
     */
    public void setPartitionNote(java.util.function.Function<JobRequest, java.util.Optional<String>> note) {
        this.partitionNote = note;
        check(sbatch.getText());
    }

    private void check(String text) {
        try {
            JobRequest r = JobLine.parseLine(text, "job");
            problem.setText("");
            java.util.List<String> lines = new java.util.ArrayList<>(SbatchOptions.noteMessages(r));
            partitionNote.apply(r).ifPresent(lines::add);
            notes.setText(String.join("\n", lines));
        } catch (JobRequestException e) {
            problem.setText(String.join("; ", e.problems()));
            notes.setText("");
        }
    }

    /** A draggable chip; {@code sbatchLine} null means "whatever the field holds". */
    private Label chip(String text, String sbatchLine) {
        Label l = new Label(text);
        l.getStyleClass().add("job-chip");
        l.setFocusTraversable(true);
        l.setOnDragDetected(e -> {
            DragPayload payload = DragPayload.newJob(sbatchLine != null ? sbatchLine : sbatch.getText());
            if (payload instanceof DragPayload.Unreadable u) {
                problem.setText(String.join("; ", u.problems()));
                return;
            }
            l.startDragAndDrop(TransferMode.COPY).setContent(payload.content());
            e.consume();
        });
        l.setOnKeyPressed(e -> {
            if (e.getCode() != KeyCode.ENTER && e.getCode() != KeyCode.SPACE) {
                return;
            }
            DragPayload payload = DragPayload.newJob(sbatchLine != null ? sbatchLine : sbatch.getText());
            if (payload instanceof DragPayload.Unreadable u) {
                problem.setText(String.join("; ", u.problems()));
            } else {
                onPlace.accept(payload);
            }
            e.consume();
        });
        return l;
    }
}
