package org.topoplanner.importers.lldp;

import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;

/**
 * The shared half of the LLDP readers: one file's sightings joined into a fabric on their own.
 * Several LLDP files of one import are joined again together by {@link LldpSources}, which asks
 * each reader for its sightings through {@link #sightings}.
 */
public abstract class LldpReaderBase implements FormatReader {
    /** The neighbours this file reports, with diagnostics about the file itself. */
    public abstract LldpRead sightings(SourceText source);

    @Override
    public final ImportResult read(SourceText source) {
        LldpRead read = sightings(source);
        Diagnostics d = read.diagnostics();
        if (read.sightings().isEmpty()) {
            d.error(1, 1, "no LLDP neighbour found in " + source.fileName());
            return new ImportResult(source, format(), ClusterPart.empty(), d.list());
        }
        return new ImportResult(source, format(), ClusterPart.ofFabric(LldpFabricJoin.join(read.sightings(), d)), d.list());
    }

    /** The host a single-machine output belongs to when nothing in it says: its file name up to the first dot. */
    static String hostFromFileName(SourceText source) {
        String name = source.fileName();
        int dot = name.indexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
