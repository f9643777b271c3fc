package org.topoplanner.model.fabric;

import java.util.List;
import java.util.Objects;

/** A Slurm {@code topology/block} base block: a named set of nodes, in config order. */
public record Block(String name, List<String> nodes) {
    public Block {
        Objects.requireNonNull(name, "name");
        nodes = List.copyOf(nodes);
    }
}
