package org.topoplanner.app.plan;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.topoplanner.allocator.metrics.PlacementMetrics;
import org.topoplanner.allocator.validate.Violation;
import org.topoplanner.model.job.Placement;

/**
 * What the allocator says about a job at a drop target: the placement (if any), its violations and
 * metrics, the verdict, and a one-line reason for the status bar.
 */
public record Advice(Placement placement, List<Violation> violations, PlacementMetrics metrics, Verdict verdict,
                     String reason) {
    public Advice {
        violations = List.copyOf(violations);
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(reason, "reason");
    }

    public Optional<Placement> placementIfAny() {
        return Optional.ofNullable(placement);
    }

    static Advice impossible(String reason) {
        return new Advice(null, List.of(), null, Verdict.IMPOSSIBLE, reason);
    }
}
