package org.topoplanner.app.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.importers.ClusterImport;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.ImportOutcome;
import org.topoplanner.importers.inspect.InspectSource;
import org.topoplanner.importers.hardware.ExistingHardware;
import org.topoplanner.importers.hardware.HardwareAssignment;
import org.topoplanner.importers.hardware.HardwareResult;
import org.topoplanner.importers.hardware.HardwareRule;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.resources.ShippedData;
import picocli.CommandLine.Option;

/**
 * Where a command's cluster comes from: files and folders, a project file, or {@code --example}
 * for the built-in example cluster.
 */
public final class ClusterSourceOptions {
    @Option(names = "--example", description = "Use the built-in example cluster (32 nodes, 4 leaves, 2 spines, 1 core).")
    boolean example;

    @Option(names = "--format", paramLabel = "FORMAT", converter = FormatConverter.class,
            description = "Read every file as this format instead of detecting it (${COMPLETION-CANDIDATES}).",
            completionCandidates = FormatConverter.Candidates.class)
    Format format;

    @Option(names = "--hardware", paramLabel = "HOSTLIST=SOURCE", converter = HardwareRuleConverter.class,
            description = "Give the hosts of HOSTLIST (Slurm hostlist syntax) their inside from SOURCE: a "
                    + "template id (see `topoplanner templates`) or a file describing a node (nvidia-smi topo -m, "
                    + "hwloc XML, slurmd -G, node lines, gres.conf). Repeatable; a later rule refines an earlier "
                    + "one. A source naming the host itself wins over a file for a set of hosts, which wins over "
                    + "a template.")
    List<HardwareRule> hardware = new ArrayList<>();

    /**
     * Imports the named files, or the example; the files list may be empty only with --example. The
     * {@code --hardware} rules then give the hosts their inside; hosts still without one are a warning.
     */
    ImportOutcome load(List<Path> files) {
        ImportOutcome imported = importOnly(files);
        if (imported.cluster() == null) {
            return imported;
        }
        HardwareResult given = new HardwareAssignment(hardware).apply(imported.cluster(), ExistingHardware.KEEP);
        List<Diagnostic> diags = new ArrayList<>(imported.diagnostics());
        diags.addAll(given.diagnostics());
        return new ImportOutcome(given.cluster(), imported.sources(), diags, imported.conflicts());
    }

    /** The hardware rules applied to a cluster that came another way (a project file read whole). */
    HardwareResult giveHardware(Cluster cluster) {
        return new HardwareAssignment(hardware).apply(cluster, ExistingHardware.KEEP);
    }

    private ImportOutcome importOnly(List<Path> files) {
        List<ImportOutcome> parts = new ArrayList<>();
        if (example) {
            parts.add(new ImportOutcome(ShippedData.exampleCluster(),
                    List.of(new InspectSource("example", Format.PROJECT)), List.of()));
        }
        if (!files.isEmpty()) {
            parts.add(ClusterImport.standard().importFiles(files, Optional.ofNullable(format)));
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        List<Diagnostic> diags = new ArrayList<>();
        parts.forEach(p -> diags.addAll(p.diagnostics()));
        diags.add(Diagnostic.error("--example", 0, 0, "--example stands for the whole cluster; give files or --example, not both"));
        return new ImportOutcome(null, List.of(), diags);
    }
}
