package org.topoplanner.model.dra;

import java.util.List;

/**
 * A claim's {@code matchAttribute} constraint: every device allocated for {@code requests} (all
 * requests when empty) has the attribute, with one value ({@code resource.kubernetes.io/pcieRoot}
 * puts GPUs and NICs under one PCIe root).
 */
public record DeviceConstraint(List<String> requests, String matchAttribute) {
    public DeviceConstraint {
        requests = List.copyOf(requests);
    }

    public boolean covers(String request) {
        return requests.isEmpty() || requests.contains(request);
    }
}
