package org.topoplanner.app.desktop.dnd;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.Dragboard;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.JobLine;

/**
 * What a drag onto the fabric or node view carries on the Dragboard: a new job from the palette, or a
 * placed job from the job list. Written once where the drag starts ({@link #content}) and read once
 * where it arrives ({@link #of}); the drop targets switch over the records and never see the text.
 * (A placed job grabbed by its GPUs inside a view is no Dragboard drag: see
 * {@link org.topoplanner.app.desktop.canvas.ShareGrab}.)
 */
public sealed interface DragPayload {
    String NEW_JOB = "topoplanner-job:";
    String MOVE_JOB = "topoplanner-move:";

    /** A new job from the palette, as the sbatch line the user chose or typed and the request it reads as. */
    record NewJob(String sbatchLine, JobRequest request) implements DragPayload {
        public NewJob {
            Objects.requireNonNull(sbatchLine, "sbatchLine");
            Objects.requireNonNull(request, "request");
        }

        @Override
        public String text() {
            return NEW_JOB + sbatchLine;
        }
    }

    /** A placed job taken from the job list to be placed whole somewhere else. */
    record MoveJob(String job) implements DragPayload {
        public MoveJob {
            Objects.requireNonNull(job, "job");
        }

        @Override
        public String text() {
            return MOVE_JOB + job;
        }
    }

    /** A palette line that reads as no job: it can be dragged, and says why it cannot be placed. */
    record Unreadable(String sbatchLine, List<String> problems) implements DragPayload {
        public Unreadable {
            Objects.requireNonNull(sbatchLine, "sbatchLine");
            problems = List.copyOf(problems);
        }

        @Override
        public String text() {
            return NEW_JOB + sbatchLine;
        }
    }

    /** The payload as Dragboard text. */
    String text();

    /** The payload ready for {@link Dragboard#setContent}. */
    default ClipboardContent content() {
        ClipboardContent c = new ClipboardContent();
        c.putString(text());
        return c;
    }

    /** A palette line: the job it reads as, or why it is none. */
    static DragPayload newJob(String sbatchLine) {
        try {
            return new NewJob(sbatchLine, JobLine.parseLine(sbatchLine, "job"));
        } catch (JobRequestException e) {
            return new Unreadable(sbatchLine, e.problems());
        }
    }

    /** What a Dragboard carries; empty when it is not ours (text from another program, files, ...). */
    static Optional<DragPayload> of(Dragboard db) {
        return db.hasString() ? decode(db.getString()) : Optional.empty();
    }

    /** Reads Dragboard text; empty when it is not ours. */
    static Optional<DragPayload> decode(String text) {
        if (text == null) {
            return Optional.empty();
        }
        if (text.startsWith(NEW_JOB)) {
            return Optional.of(newJob(text.substring(NEW_JOB.length())));
        }
        if (text.startsWith(MOVE_JOB)) {
            return Optional.of(new MoveJob(text.substring(MOVE_JOB.length())));
        }
        return Optional.empty();
    }
}
