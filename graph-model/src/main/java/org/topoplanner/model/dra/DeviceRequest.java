package org.topoplanner.model.dra;

import java.util.List;

/**
 * One {@code exactly} request of a claim: devices of a class, filtered by CEL selectors, either
 * {@code count} of them ({@link Mode#EXACT_COUNT}) or every matching one on the node ({@link Mode#ALL}).
 */
public record DeviceRequest(String name, String deviceClassName, List<String> selectors, Mode mode, int count) {
    public enum Mode { EXACT_COUNT, ALL }

    public DeviceRequest {
        selectors = List.copyOf(selectors);
        if (mode == Mode.EXACT_COUNT && count < 1) {
            throw new IllegalArgumentException("request " + name + ": count " + count + " < 1");
        }
    }
}
