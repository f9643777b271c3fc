package org.topoplanner.importers.export;

import java.util.List;
import org.topoplanner.model.diag.Diagnostic;

/**
 * Writes {@code MANIFEST.txt}: plain text, so it reads well in a terminal and diffs well in review, yet
 * is trivial to parse. A header comment with the totals, then one line per file,
 * {@code <status> <path>} with status {@code ok}, {@code warning} or {@code error} padded to 8 columns,
 * each followed by its findings indented by 4 spaces in the compiler form
 * {@code path:line:column: severity: message}; last, findings about the bundle as a whole. The manifest
 * lists itself last, with {@code ok}.
 */
final class ManifestWriter {
    private ManifestWriter() {
    }

    static String write(String cluster, List<ExportFile> files, List<Diagnostic> bundle) {
        long errors = files.stream().mapToLong(f -> f.validation().stream().filter(Diagnostic::isError).count()).sum()
                + bundle.stream().filter(Diagnostic::isError).count();
        long warnings = files.stream().mapToLong(f -> f.validation().stream()
                .filter(d -> d.severity() == org.topoplanner.model.diag.Severity.WARNING).count()).sum()
                + bundle.stream().filter(d -> d.severity() == org.topoplanner.model.diag.Severity.WARNING).count();
        StringBuilder b = new StringBuilder();
        b.append("# TopoPlanner export of cluster ").append(cluster).append(": ").append(files.size() + 1)
                .append(" files, ").append(errors).append(" errors, ").append(warnings).append(" warnings\n");
        b.append("# <status> <path>, then the file's findings indented\n");
        for (ExportFile f : files) {
            b.append(String.format("%-8s %s%n", f.status(), f.relativePath()));
            f.validation().forEach(d -> b.append("    ").append(d).append('\n'));
        }
        b.append(String.format("%-8s %s%n", "ok", ExportBundle.MANIFEST));
        bundle.forEach(d -> b.append("    ").append(d).append('\n'));
        return b.toString().replace("\r\n", "\n");
    }
}
