package org.topoplanner.importers.slurm;

import java.util.Locale;
import java.util.Objects;

/**
 * One {@code Key=Value} of a Slurm configuration line, with where key and value start.
 *
 * @param key         the key as written ({@code Nodename}); compare with {@link #is}
 * @param value       the value with quotes and escapes removed ({@code 80G} for {@code "80G"})
 * @param operator    {@code '='}, or {@code '+'}, {@code '-'}, {@code '*'}, {@code '/'} for {@code Key+=Value}
 * @param line        1-based line of the key
 * @param column      1-based column of the key
 * @param valueLine   1-based line of the value (differs from {@code line} after a continuation)
 * @param valueColumn 1-based column of the value's first character (the quote, if quoted)
 */
public record SlurmConfPair(String key, String value, char operator, int line, int column, int valueLine,
                            int valueColumn) {
    public SlurmConfPair {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
    }

    /** Slurm keys are case-insensitive: {@code NodeName}, {@code Nodename} and {@code nodename} are one key. */
    public boolean is(String name) {
        return key.equalsIgnoreCase(name);
    }

    /** The key in lower case, for maps keyed case-insensitively. */
    public String folded() {
        return key.toLowerCase(Locale.ROOT);
    }
}
