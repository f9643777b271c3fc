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

    /** The job cannot start now; it may later, when resources free up. */
    record Pending(PendingReason reason, String explanation) implements Suggestion {
        public Pending {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(explanation, "explanation");
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
