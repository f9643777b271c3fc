package org.topoplanner.model.dra;

import java.util.List;

/**
 * A ResourceClaim's or ResourceClaimTemplate's device part, with where it came from.
 *
 * @param kind {@code ResourceClaim} or {@code ResourceClaimTemplate}
 */
public record ClaimSpec(String kind, String name, List<DeviceRequest> requests, List<DeviceConstraint> constraints) {
    public ClaimSpec {
        requests = List.copyOf(requests);
        constraints = List.copyOf(constraints);
    }
}
