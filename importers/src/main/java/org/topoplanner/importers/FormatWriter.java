package org.topoplanner.importers;

import org.topoplanner.model.cluster.Cluster;

/** Writes one export format from a cluster; {@code read(write(x))} gives back {@code x}. */
public interface FormatWriter {
    /** The name used by {@code convert --to}. */
    String target();

    String write(Cluster cluster);
}
