package org.topoplanner.model.dra;

import java.util.List;
import java.util.Optional;

/** The DRA objects of one or more files. */
public record DraObjects(List<ResourceSlice> slices, List<ClaimSpec> claims, List<DeviceClass> classes,
                         List<ComputeDomain> computeDomains) {
    public DraObjects {
        slices = List.copyOf(slices);
        claims = List.copyOf(claims);
        classes = List.copyOf(classes);
        computeDomains = List.copyOf(computeDomains);
    }

    public static DraObjects empty() {
        return new DraObjects(List.of(), List.of(), List.of(), List.of());
    }

    public Optional<DeviceClass> deviceClass(String name) {
        return classes.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** The devices published for {@code node}, in slice order then device order (the allocator's order). */
    public List<DraDevice> devicesOf(String node) {
        return slices.stream().filter(s -> node.equals(s.node())).flatMap(s -> s.devices().stream()).toList();
    }

    public DraObjects plus(DraObjects o) {
        return new DraObjects(concat(slices, o.slices), concat(claims, o.claims), concat(classes, o.classes),
                concat(computeDomains, o.computeDomains));
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
