package org.topoplanner.model.replay;

import java.util.List;
import java.util.Objects;
import org.topoplanner.model.job.Placement;

/**
 * What a replay reports, one event per line of the real-Slurm harness's output: the allocator's
 * replay engine produces these, the importers write them as the harness's JSON lines. Kept apart
 * from the format so the engine reads and writes no files (formats live in importers).
 */
public sealed interface ReplayEvent {

    /** When the harness prints a job: right after submission, at a snapshot, or at the end of the script. */
    enum Moment {
        SUBMIT("submit"), SNAPSHOT("snapshot"), FINAL("final");

        private final String harnessName;

        Moment(String harnessName) {
            this.harnessName = harnessName;
        }

        /** The harness's spelling ({@code "when": "submit"}). */
        public String harnessName() {
            return harnessName;
        }
    }

    /** The job states a replay reports, spelled as Slurm's {@code JobState}. */
    enum JobState {
        PENDING, RUNNING, CANCELLED
    }

    /** A note: a section marker of the script, or a step the replay could not run. */
    record Note(String text) implements ReplayEvent {
        public Note {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * A job as {@code scontrol} shows it at {@code moment}.
     *
     * @param reason    the pending reason ({@code Resources}, {@code Priority}, ...) or null
     * @param placement where it runs (for a cancelled job: what it still holds), or null when it holds nothing
     * @param leaves    the leaf switches or base blocks holding it, sorted by name
     */
    record Job(Moment moment, String name, JobState state, String reason, Placement placement, List<String> leaves)
            implements ReplayEvent {
        public Job {
            Objects.requireNonNull(moment, "moment");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(state, "state");
            leaves = List.copyOf(leaves);
        }
    }

    /** A submission {@code sbatch} refuses, with the options it was given and Slurm's error text. */
    record Rejected(String name, List<String> args, String error) implements ReplayEvent {
        public Rejected {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(error, "error");
            args = List.copyOf(args);
        }
    }
}
