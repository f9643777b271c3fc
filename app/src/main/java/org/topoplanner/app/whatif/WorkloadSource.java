package org.topoplanner.app.whatif;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.workload.SacctHistory;
import org.topoplanner.importers.workload.SacctReader;
import org.topoplanner.importers.workload.SacctWorkload;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.input.InputFile;
import org.topoplanner.model.input.InputRefusal;
import org.topoplanner.model.workload.ScriptWorkload;
import org.topoplanner.model.workload.WorkloadGenerator;
import org.topoplanner.model.workload.WorkloadJob;

/**
 * Where a what-if's jobs come from, replayable as often as there are runs: a generator (drawn afresh for
 * each run), a {@code sacct} history file (read afresh for each run, never held: {@link SacctHistory}), or the
 * jobs of a text held in memory (a job script, or sacct text given as a string).
 *
 * @param name        how reports name it: the {@code gen:} specification or the file name
 * @param jobs        how a run gets the jobs
 * @param generator   the generator, or {@code null} for a file
 * @param diagnostics what reading the file said
 */
public record WorkloadSource(String name, Jobs jobs, WorkloadGenerator generator, List<Diagnostic> diagnostics) {
    /** Jobs left out of a job script when it has no {@code cancel}: they run this long past its end. */
    public static final long SCRIPT_OPEN_END_SECONDS = 3600;

    /** The first bytes read to tell sacct output from a job script. */
    private static final int HEAD_BYTES = 64 * 1024;

    /** The jobs of a workload, from the first each time. */
    public sealed interface Jobs {
        Iterator<WorkloadJob> iterator();

        int size();
    }

    /** Drawn afresh from the generator for each run. */
    public record Drawn(WorkloadGenerator generator) implements Jobs {
        @Override
        public Iterator<WorkloadJob> iterator() {
            return generator.iterator();
        }

        @Override
        public int size() {
            return generator.jobs();
        }
    }

    /** Read afresh from a sacct file for each run. */
    public record Streamed(SacctHistory history) implements Jobs {
        @Override
        public Iterator<WorkloadJob> iterator() {
            return history.jobs();
        }

        @Override
        public int size() {
            return history.size();
        }
    }

    /** Held: a job script's jobs (its cancels need the whole script), or sacct text given as a string. */
    public record Held(List<WorkloadJob> list) implements Jobs {
        public Held {
            list = List.copyOf(list);
        }

        @Override
        public Iterator<WorkloadJob> iterator() {
            return list.iterator();
        }

        @Override
        public int size() {
            return list.size();
        }
    }

    public WorkloadSource {
        diagnostics = List.copyOf(diagnostics);
    }

    public static WorkloadSource generated(WorkloadGenerator g) {
        return new WorkloadSource(g.spec(), new Drawn(g), g, List.of());
    }

    /**
     * The workload in {@code file}: sacct output (its first line names {@code JobID}) is streamed, whatever its
     * size; a job script is read whole, refused beyond {@code limit} bytes.
     */
    public static WorkloadSource open(Path file, long limit) throws InputRefusal {
        InputFile in = InputFile.open(file);
        String head = in.head(HEAD_BYTES);
        if (SacctHistory.looksLikeSacct(head) && !utf16(file)) {
            try {
                SacctHistory h = SacctHistory.open(file, file.toString());
                return new WorkloadSource(fileName(file.toString()), new Streamed(h), null, h.diagnostics());
            } catch (IOException e) {
                throw new InputRefusal(file.toString(), 1, 1, "cannot read: " + InputFile.reason(e));
            }
        }
        return read(file.toString(), in.text(limit, "a workload"));
    }

    /** A UTF-16 file (byte-order mark): read whole and decoded, as every other input is. */
    private static boolean utf16(Path file) {
        try (InputStream s = Files.newInputStream(file)) {
            int a = s.read();
            int b = s.read();
            return a == 0xFE && b == 0xFF || a == 0xFF && b == 0xFE;
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads {@code text}: sacct output when its first line names {@code JobID}, else a job script. */
    public static WorkloadSource read(String path, String text) {
        if (SacctHistory.looksLikeSacct(text)) {
            SacctReader.Result r = SacctReader.read(path, text);
            return new WorkloadSource(fileName(path), new Held(SacctWorkload.of(r.jobs()).jobs()), null,
                    r.diagnostics());
        }
        JobScriptReader.Result r = JobScriptReader.read(path, text);
        ScriptWorkload w = ScriptWorkload.of(r.script(), SCRIPT_OPEN_END_SECONDS);
        List<Diagnostic> diags = new ArrayList<>(r.diagnostics());
        w.skipped().forEach(s -> diags.add(Diagnostic.warning(path, 0, 0, s)));
        return new WorkloadSource(fileName(path), new Held(w.jobs()), null, diags);
    }

    private static String fileName(String path) {
        return Path.of(path).getFileName().toString();
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }

    /** The jobs from the first, in submission order. */
    public Iterator<WorkloadJob> iterator() {
        return jobs.iterator();
    }

    /** How many jobs (known for every kind). */
    public int size() {
        return jobs.size();
    }
}
