package org.topoplanner.allocator;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.topoplanner.model.job.Placement;

/** What a policy answers for one job on one cluster state. */
public sealed interface Suggestion {

    /** The job runs now, here. {@code notes} say why, in sentences a person reads. */
    record Placed(Placement placement, List<String> notes) implements Suggestion {
        public Placed {
            Objects.requireNonNull(placement, "placement");
            notes = List.copyOf(notes);
        }
    }

    /**
     * The job cannot start now; it may later, when resources free up. {@code cause} says which step holds it where
     * the reason Slurm prints ({@code Resources} for most) cannot: the tests and the planner read it, not the words.
     */
    record Pending(PendingReason reason, String explanation, Cause cause) implements Suggestion {
        public Pending {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(explanation, "explanation");
            Objects.requireNonNull(cause, "cause");
        }

        /** A job the state holds back as it is ({@link Cause#STATE}). */
        public Pending(PendingReason reason, String explanation) {
            this(reason, explanation, Cause.STATE);
        }

        /** The step that holds a pending job. */
        public enum Cause {
            /** What the state holds now: too few free nodes, cores, GPUs or memory, a limit, the queue. */
            STATE,
            /**
             * Slurm's pick holds the resources, but {@code _job_test}'s {@code memory_allocated} loop then charges
             * the whole cores its tasks got on a node past that node's free memory and fails the pass; Slurm tries
             * no other node, so the job waits though another node would serve it
             * ({@code FreeMemory.overallocatedNode}; PROVENANCE p12f, l16f).
             */
            PICK_FAILS_MEMORY,
            /**
             * {@code sbatch}'s test at submission (the nodes usable now, each seen with every core and GPU free)
             * fails where the pass on the busy nodes would start the job a moment later: the planner, which
             * proposes only what Slurm starts when it is submitted, holds it ({@code SbatchSubmitTest}).
             */
            SUBMIT_TEST
        }
    }

    /**
     * The scheduler found {@code placement} but holds the job ({@code Reason=Resources}) hoping for a
     * better one, for at most {@code maxWait} after submission; then it runs there. This is Slurm's
     * {@code --switches=N@time}: it never searches for another allocation, it only waits.
     */
    record Waiting(Placement placement, Duration maxWait, String explanation) implements Suggestion {
        public Waiting {
            Objects.requireNonNull(placement, "placement");
            Objects.requireNonNull(maxWait, "maxWait");
            Objects.requireNonNull(explanation, "explanation");
        }
    }

    /** The job can never run on this cluster as asked (the scheduler rejects it at submission). */
    record Impossible(String reason) implements Suggestion {
        public Impossible {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
