package org.topoplanner.importers.export;

import java.util.List;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;

/**
 * Writes {@code MANIFEST.txt}: plain text, so it reads well in a terminal and diffs well in review, yet
 * is trivial to parse ({@link BundleManifest}). A header comment with the totals, then one line per file,
 * {@code <status> <path> <bytes> sha256:<hex>} with status {@code ok}, {@code warning} or {@code error}
 * padded to 8 columns, each followed by its findings indented by 4 spaces in the compiler form
 * {@code path:line:column: severity: message}; last, findings about the bundle as a whole (including the
 * choices the user made where the plan left a fact open). The size and digest are of the file's exact
 * bytes (UTF-8), so anyone can check a bundle with {@code sha256sum}, and the next export can tell its own
 * files from hand-edited ones. The manifest lists itself last, with {@code ok} and no digest. When the bundle holds
 * Slurm files, a second header line names the Slurm release they were written and checked for
 * ({@code --slurm-version}) and the one named topology they were written from ({@code --topology}), if any: files
 * for 22.05 and for 26.05 of the same cluster differ, and the bundle alone would not say which one it is.
 */
final class ManifestWriter {
    private ManifestWriter() {
    }

    /** {@code slurm}: the options the bundle's Slurm files were written with; {@code null} when it has none. */
    static String write(String cluster, List<ExportFile> files, List<Diagnostic> bundle, ExportOptions slurm) {
        long errors = files.stream().mapToLong(f -> f.validation().stream().filter(Diagnostic::isError).count()).sum()
                + bundle.stream().filter(Diagnostic::isError).count();
        long warnings = files.stream().mapToLong(f -> f.validation().stream()
                .filter(d -> d.severity() == Severity.WARNING).count()).sum()
                + bundle.stream().filter(d -> d.severity() == Severity.WARNING).count();
        StringBuilder b = new StringBuilder();
        b.append("# TopoPlanner export of cluster ").append(cluster).append(": ").append(files.size() + 1)
                .append(" files, ").append(errors).append(" errors, ").append(warnings).append(" warnings\n");
        if (slurm != null) {
            b.append("# Slurm files written for Slurm ").append(slurm.slurmVersion().label()).append(" (--slurm-version)");
            if (slurm.slurmTopology() != null) {
                b.append(", from topology ").append(slurm.slurmTopology()).append(" alone (--topology)");
            }
            b.append('\n');
        }
        b.append("# <status> <path> <bytes> sha256:<digest>, then the file's findings indented\n");
        for (ExportFile f : files) {
            byte[] bytes = BundleManifest.bytes(f.text());
            b.append(String.format("%-8s %s %d sha256:%s%n", f.status(), f.relativePath(), bytes.length,
                    BundleManifest.sha256(bytes)));
            f.validation().forEach(d -> b.append("    ").append(d).append('\n'));
        }
        b.append(String.format("%-8s %s%n", "ok", ExportBundle.MANIFEST));
        bundle.forEach(d -> b.append("    ").append(d).append('\n'));
        return b.toString().replace("\r\n", "\n");
    }
}
