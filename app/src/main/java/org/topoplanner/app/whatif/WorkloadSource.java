package org.topoplanner.app.whatif;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.workload.SacctReader;
import org.topoplanner.importers.workload.SacctWorkload;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.workload.ScriptWorkload;
import org.topoplanner.model.workload.WorkloadGenerator;
import org.topoplanner.model.workload.WorkloadJob;

/**
 * Where a what-if's jobs come from, replayable as often as there are runs: a generator (drawn afresh for
 * each run, so a long workload is never held whole) or the jobs read from a file.
 *
 * @param name        how reports name it: the {@code gen:} specification or the file name
 * @param jobs        the jobs of a file (empty for a generator)
 * @param generator   the generator, or {@code null} for a file
 * @param diagnostics what reading the file said
 */
public record WorkloadSource(String name, List<WorkloadJob> jobs, WorkloadGenerator generator,
                             List<Diagnostic> diagnostics) {
    /** Jobs left out of a job script when it has no {@code cancel}: they run this long past its end. */
    public static final long SCRIPT_OPEN_END_SECONDS = 3600;

    public WorkloadSource {
        jobs = List.copyOf(jobs);
        diagnostics = List.copyOf(diagnostics);
    }

    public static WorkloadSource generated(WorkloadGenerator g) {
        return new WorkloadSource(g.spec(), List.of(), g, List.of());
    }

    /** Reads {@code text}: sacct output when its first line names {@code JobID}, else a job script. */
    public static WorkloadSource read(String path, String text) {
        String first = text.strip().lines().findFirst().orElse("");
        if (first.contains("JobID") && first.contains("|")) {
            SacctReader.Result r = SacctReader.read(path, text);
            return new WorkloadSource(fileName(path), SacctWorkload.of(r.jobs()).jobs(), null, r.diagnostics());
        }
        JobScriptReader.Result r = JobScriptReader.read(path, text);
        ScriptWorkload w = ScriptWorkload.of(r.script(), SCRIPT_OPEN_END_SECONDS);
        List<Diagnostic> diags = new ArrayList<>(r.diagnostics());
        w.skipped().forEach(s -> diags.add(Diagnostic.warning(path, 0, 0, s)));
        return new WorkloadSource(fileName(path), w.jobs(), null, diags);
    }

    private static String fileName(String path) {
        return java.nio.file.Path.of(path).getFileName().toString();
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }

    /** The jobs from the first, in submission order. */
    public Iterator<WorkloadJob> iterator() {
        return generator != null ? generator.iterator() : jobs.iterator();
    }

    /** How many jobs (known for both kinds). */
    public int size() {
        return generator != null ? generator.jobs() : jobs.size();
    }
}
