package org.topoplanner.model.dra;

import java.util.List;

/** A DeviceClass: a name and the CEL selectors every device of the class satisfies. */
public record DeviceClass(String name, List<String> selectors) {
    public DeviceClass {
        selectors = List.copyOf(selectors);
    }
}
