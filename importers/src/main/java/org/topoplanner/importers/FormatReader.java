package org.topoplanner.importers;

/**
 * Reads one format. Implementations never throw on bad input and never loop forever: they return
 * what they could build plus diagnostics with path, line and column.
 */
public interface FormatReader {
    Format format();

    /**
     * How sure this reader is that the text is its format, from 0 (not at all) to 100 (certain),
     * judged from content alone (file names lie: samples end in {@code .txt}).
     */
    int detect(SourceText source);

    ImportResult read(SourceText source);
}
