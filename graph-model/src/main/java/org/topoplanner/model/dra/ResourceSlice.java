package org.topoplanner.model.dra;

import java.util.List;

/** A ResourceSlice: the devices one driver publishes for one node ({@code nodeName}). */
public record ResourceSlice(String name, String node, String driver, String pool, List<DraDevice> devices) {
    public ResourceSlice {
        devices = List.copyOf(devices);
    }
}
