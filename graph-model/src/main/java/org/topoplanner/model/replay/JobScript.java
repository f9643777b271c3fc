package org.topoplanner.model.replay;

import java.util.List;
import java.util.Objects;

/**
 * A job script for {@code replay}: the steps of the real-Slurm harness ({@code oracle/slurm} of the
 * shared data; both formats are described at {@link JobScriptReader}), run in order; each job sees
 * the jobs before it.
 */
public record JobScript(List<Step> steps) {
    public JobScript {
        steps = List.copyOf(steps);
    }

    /** One step of a script. */
    public sealed interface Step {
    }

    /** Submit a job: its name and its options in {@code sbatch} spelling. */
    public record Submit(String name, List<String> args) implements Step {
        public Submit {
            Objects.requireNonNull(name, "name");
            args = List.copyOf(args);
        }
    }

    /** Cancel the named jobs. */
    public record Cancel(List<String> names) implements Step {
        public Cancel {
            names = List.copyOf(names);
        }
    }

    /** Cancel everything. */
    public record Reset() implements Step {
    }

    /** Let virtual time pass ({@code --switches=N@time} waits expire). */
    public record Sleep(double seconds) implements Step {
    }

    /** Print the named jobs again (all jobs when empty). */
    public record Snapshot(List<String> names) implements Step {
        public Snapshot {
            names = List.copyOf(names);
        }
    }

    /** A section marker, printed as is. */
    public record Note(String text) implements Step {
    }

    /** {@code scontrol show ...} in the harness; a replay has nothing to show and skips it. */
    public record Show(List<String> args) implements Step {
        public Show {
            args = List.copyOf(args);
        }
    }
}
