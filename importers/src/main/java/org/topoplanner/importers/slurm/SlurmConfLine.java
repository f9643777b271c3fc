package org.topoplanner.importers.slurm;

import java.util.List;
import java.util.Optional;

/**
 * One logical line of a Slurm configuration file: physical lines joined at trailing backslashes,
 * comments and escapes removed, split into {@code Key=Value} pairs.
 *
 * @param line    1-based number of the first physical line
 * @param pairs   the pairs in the order written
 * @param include the file name of an {@code Include} directive, else {@code null}
 */
public record SlurmConfLine(int line, List<SlurmConfPair> pairs, String include) {
    public SlurmConfLine {
        pairs = List.copyOf(pairs);
    }

    /** The first pair with this key (case-insensitive). */
    public Optional<SlurmConfPair> pair(String key) {
        return pairs.stream().filter(p -> p.is(key)).findFirst();
    }

    /** The value of the first pair with this key, else {@code null}. */
    public String value(String key) {
        return pair(key).map(SlurmConfPair::value).orElse(null);
    }

    public boolean has(String key) {
        return pair(key).isPresent();
    }

    /** The first pair, which names the kind of line in Slurm's grammar ({@code NodeName=}, {@code PartitionName=}). */
    public Optional<SlurmConfPair> first() {
        return pairs.isEmpty() ? Optional.empty() : Optional.of(pairs.get(0));
    }
}
