package org.topoplanner.importers.slurm;

import java.util.Objects;
import org.topoplanner.model.slurm.GresLine;

/**
 * A {@link GresLine} with where it was written, so that what is found later (when the line meets a
 * node line) can still be reported at the right place.
 *
 * @param path          the file it came from
 * @param line          1-based line
 * @param column        1-based column of the line's first key
 * @param coresAt       where the {@code Cores=}/{@code CPUs=} value is, else where the line starts
 * @param linksAt       where the {@code Links=} value is, else where the line starts (a value may sit on a
 *                      continuation line, below the line's first)
 * @param coresFromCpus the affinity was written with the deprecated {@code CPUs=} key
 */
record LocatedGresLine(GresLine gres, String path, int line, int column, Position coresAt, Position linksAt,
                       boolean coresFromCpus) {
    /** A 1-based line and column in the file. */
    record Position(int line, int column) {
    }

    LocatedGresLine {
        Objects.requireNonNull(gres, "gres");
        Objects.requireNonNull(path, "path");
    }

    /** True when the line applies to {@code host}: it names it, or it names no node at all. */
    boolean appliesTo(String host) {
        return gres.nodes().isEmpty() || gres.nodes().contains(host);
    }

    boolean isGpu() {
        return gres.name().equalsIgnoreCase("gpu");
    }
}
