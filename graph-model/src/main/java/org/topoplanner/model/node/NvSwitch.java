package org.topoplanner.model.node;

import java.util.Objects;

/** An NVSwitch chip of a node; GPUs behind NVSwitches show as all-to-all NVLink pairs. */
public record NvSwitch(String id, String busId, String pciParent) {
    public NvSwitch {
        Objects.requireNonNull(id, "id");
    }
}
