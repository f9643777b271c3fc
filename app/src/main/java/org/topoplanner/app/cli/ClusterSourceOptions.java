package org.topoplanner.app.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.inspect.InspectSource;
import org.topoplanner.importers.hardware.ExistingHardware;
import org.topoplanner.importers.hardware.HardwareAssignment;
import org.topoplanner.importers.hardware.HardwareResult;
import org.topoplanner.importers.hardware.HardwareRule;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.input.InputLimits;
import org.topoplanner.resources.ShippedData;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

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

    @Option(names = "--max-input-size", paramLabel = "SIZE", converter = InputSizeConverter.class,
            description = {"Read input files up to SIZE (bytes, or with K, M, G) whatever their format.",
                    "Without it: 128M for fabric dumps, node lists and projects, 1M for nvidia-smi,",
                    "32M for everything else."})
    long maxInputSize;

    /** The size limits of every file this command reads. */
    InputLimits limits() {
        return new InputLimits(maxInputSize);
    }

    @Option(names = "--hardware", paramLabel = "HOSTLIST=SOURCE", converter = HardwareRuleConverter.class,
            description = "Give the hosts of HOSTLIST (Slurm hostlist syntax) their inside from SOURCE: a "
                    + "template id (see `topoplanner templates`) or a file describing a node (nvidia-smi topo -m, "
                    + "hwloc XML, slurmd -G, node lines, gres.conf) or a folder of them. Repeatable; a later rule refines an earlier "
                    + "one. A source naming the host itself wins over a file for a set of hosts, which wins over "
                    + "a template.")
    List<HardwareRule> hardware = new ArrayList<>();

    /**
     * Imports the named files, or the example; the files list may be empty only with --example, and
     * both at once is a usage error (exit 2). The {@code --hardware} rules then give the hosts their
     * inside; hosts still without one are a warning.
     */
    ImportOutcome load(CommandSpec spec, List<Path> files) {
        ImportOutcome imported = importOnly(spec, files);
        if (imported.cluster() == null) {
            return imported;
        }
        String hostsFrom = imported.sources().isEmpty() ? imported.cluster().name() : imported.sources().get(0).path();
        HardwareResult given = new HardwareAssignment(hardware).apply(imported.cluster(), ExistingHardware.KEEP, hostsFrom);
        List<Diagnostic> diags = new ArrayList<>(imported.diagnostics());
        diags.addAll(given.diagnostics());
        return new ImportOutcome(given.cluster(), imported.sources(), diags, imported.conflicts());
    }

    /** The hardware rules applied to a cluster that came another way (a project file read whole). */
    HardwareResult giveHardware(Cluster cluster) {
        return new HardwareAssignment(hardware).apply(cluster, ExistingHardware.KEEP);
    }

    private ImportOutcome importOnly(CommandSpec spec, List<Path> files) {
        if (example && !files.isEmpty()) {
            throw new ParameterException(spec.commandLine(),
                    "--example stands for the whole cluster; give files or --example, not both");
        }
        if (example) {
            return new ImportOutcome(ShippedData.exampleCluster(),
                    List.of(new InspectSource("example", Format.PROJECT)), List.of());
        }
        return ClusterImport.standard(limits()).importFiles(files, Optional.ofNullable(format));
    }

    /** {@code --max-input-size}: a wrong size is a usage error. */
    static final class InputSizeConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return InputLimits.parseSize(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
