package org.topoplanner.allocator.nvlink;

import java.util.Optional;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.Placement;

/** The placement of a suggestion that placed the job now, else empty. */
final class Placed {
    private Placed() {
    }

    static Optional<Placement> of(Suggestion s) {
        return s instanceof Suggestion.Placed p ? Optional.of(p.placement()) : Optional.empty();
    }
}
