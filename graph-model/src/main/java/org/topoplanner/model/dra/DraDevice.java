package org.topoplanner.model.dra;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One device of a ResourceSlice. Attribute names are fully qualified: an unqualified name in the
 * slice ({@code index}) is qualified with the driver's name ({@code gpu.nvidia.com/index}), as
 * the Kubernetes API defines it.
 */
public record DraDevice(String driver, String pool, String name, Map<String, AttributeValue> attributes) {
    public DraDevice {
        Objects.requireNonNull(driver, "driver");
        Objects.requireNonNull(name, "name");
        attributes = Map.copyOf(new TreeMap<>(attributes));
    }

    public Optional<AttributeValue> attribute(String qualifiedName) {
        return Optional.ofNullable(attributes.get(qualifiedName));
    }

    /** {@code driver/pool/name}, as an allocation result names a device. */
    public String id() {
        return driver + "/" + pool + "/" + name;
    }
}
