package org.topoplanner.importers.export;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;

/**
 * Recognises the {@code MANIFEST.txt} of an export bundle, so that reading the bundle's folder reads
 * every file in it. The manifest describes the other files and nothing of the cluster: an info says
 * for which cluster it was written and how many files it lists.
 */
public final class ExportManifestReader implements FormatReader {
    private static final Pattern HEADER = Pattern.compile("^#\\s*TopoPlanner export of cluster (\\S+?):?(\\s|$)");

    @Override
    public Format format() {
        return Format.EXPORT_MANIFEST;
    }

    @Override
    public int detect(SourceText source) {
        List<String> lines = source.lines();
        return !lines.isEmpty() && HEADER.matcher(lines.get(0)).find() ? 95 : 0;
    }

    /** The name of the cluster the manifest was written for, so a bundle read back keeps its name. */
    public static Optional<String> clusterName(SourceText source) {
        List<String> lines = source.lines();
        Matcher header = lines.isEmpty() ? null : HEADER.matcher(lines.get(0));
        return header != null && header.find() ? Optional.of(header.group(1)) : Optional.empty();
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        List<String> lines = source.lines();
        Matcher header = lines.isEmpty() ? null : HEADER.matcher(lines.get(0));
        if (header == null || !header.find()) {
            d.error(1, 1, "not a TopoPlanner export manifest (no '# TopoPlanner export of cluster' line)");
        } else {
            // One unindented line per file; a file's findings are indented below it.
            long files = lines.stream().skip(1).filter(l -> !l.isBlank() && !l.startsWith("#")
                    && !Character.isWhitespace(l.charAt(0))).count();
            d.info(1, 1, "manifest of the export of cluster " + header.group(1) + ", listing " + files
                    + " file(s); it describes the bundle, not the cluster");
        }
        return new ImportResult(source, format(), ClusterPart.empty(), d.list());
    }
}
