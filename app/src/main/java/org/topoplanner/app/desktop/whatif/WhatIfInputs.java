package org.topoplanner.app.desktop.whatif;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.app.whatif.WhatIfStudy;
import org.topoplanner.app.whatif.WorkloadSource;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.input.InputLimits;
import org.topoplanner.model.input.InputRefusal;
import org.topoplanner.model.workload.WorkloadGenerator;
import org.topoplanner.model.workload.WorkloadSpecException;

/**
 * What the What-if view reads from the user's text: a workload (a {@code gen:} specification, or the path of
 * {@code sacct --parsable2} output or a job script) and designs from files. Each answer is the thing read or
 * the first problem in words (with file, line and column when the file has them), never an exception.
 */
final class WhatIfInputs {
    private WhatIfInputs() {
    }

    /** A thing read, or why not. */
    record Read<T>(T value, String problem) {
        static <T> Read<T> ok(T value) {
            return new Read<>(value, null);
        }

        static <T> Read<T> failed(String problem) {
            return new Read<>(null, problem);
        }

        boolean ok() {
            return value != null;
        }
    }

    /** {@code gen:...} or a workload file's path. */
    static Read<WorkloadSource> workload(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return Read.failed("Give a workload: gen:PROFILE[:key=value...], or open sacct output or a job script.");
        }
        if (WorkloadGenerator.isSpec(t)) {
            try {
                return Read.ok(WorkloadSource.generated(WorkloadGenerator.parse(t)));
            } catch (WorkloadSpecException e) {
                return Read.failed(e.getMessage());
            }
        }
        Path file = Path.of(t);
        WorkloadSource w;
        try {
            w = WorkloadSource.open(file, InputLimits.DEFAULT.limit(InputLimits.LARGE));
        } catch (InputRefusal r) {
            return Read.failed(r.toDiagnostic().toString());
        }
        Optional<Diagnostic> error = w.diagnostics().stream().filter(Diagnostic::isError).findFirst();
        if (error.isPresent()) {
            return Read.failed(error.get().toString());
        }
        if (w.size() == 0) {
            return Read.failed(file + ": no jobs with a start and an end to replay");
        }
        return Read.ok(w);
    }

    /** A design from its files (one fabric file, or a fabric with node files), named after the first. */
    static Read<WhatIfStudy.Design> design(List<Path> files) {
        if (files.isEmpty()) {
            return Read.failed("no files chosen");
        }
        ImportOutcome o = ClusterImport.standard().importFiles(files, Optional.empty());
        Optional<Diagnostic> error = o.diagnostics().stream().filter(Diagnostic::isError).findFirst();
        if (o.cluster() == null || error.isPresent()) {
            return Read.failed(error.map(Diagnostic::toString).orElse(files.get(0) + ": no cluster could be read"));
        }
        return Read.ok(new WhatIfStudy.Design(files.get(0).getFileName().toString(), o.cluster()));
    }

    /** The names of designs, made unique ({@code a.topo}, {@code a.topo (2)}) so runs stay apart in charts. */
    static String uniqueName(String name, List<String> taken) {
        String n = name;
        for (int i = 2; taken.contains(n); i++) {
            n = name + " (" + i + ")";
        }
        return n;
    }

    static List<String> names(List<WhatIfStudy.Design> designs) {
        List<String> out = new ArrayList<>();
        designs.forEach(d -> out.add(d.name()));
        return out;
    }
}
