package org.topoplanner.importers.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.workload.WorkloadJob;

/**
 * A site's {@code sacct} history in a file, replayed as often as asked without being held: memory follows a
 * chunk of jobs, not the file. One pass when opened finds the problems, the job count, the first submission
 * (submit 0 of the workload) and, per chunk of {@value #CHUNK} jobs, the earliest submission from that chunk on.
 * Each {@link #jobs()} reads the file again and gives the jobs exactly as {@link SacctWorkload#of} orders them
 * (by submission, file order among equal times): a job is let go once no job still unread can come before it,
 * which the per-chunk minima tell after each chunk. A file in submission order (sacct's usual order) holds about
 * one chunk; a file out of order holds what it must.
 */
public final class SacctHistory {
    static final int CHUNK = 4096;

    private final Path file;
    private final String name;
    private final List<Diagnostic> diagnostics;
    private final int jobs;
    /** The earliest submission of the jobs from chunk {@code c} on; one entry per chunk. */
    private final LocalDateTime[] earliestFrom;

    private SacctHistory(Path file, String name, List<Diagnostic> diagnostics, int jobs, LocalDateTime[] earliestFrom) {
        this.file = file;
        this.name = name;
        this.diagnostics = List.copyOf(diagnostics);
        this.jobs = jobs;
        this.earliestFrom = earliestFrom;
    }

    /** Reads {@code file} once (UTF-8, a byte-order mark skipped); {@code name} is how diagnostics name it. */
    public static SacctHistory open(Path file, String name) throws IOException {
        SacctReader r = SacctReader.streaming(name, reader(file));
        List<LocalDateTime> chunkMin = new ArrayList<>();
        int n = 0;
        try {
            for (SacctJob j = r.next(); j != null; j = r.next()) {
                if (n % CHUNK == 0) {
                    chunkMin.add(j.submit());
                } else if (j.submit().isBefore(chunkMin.get(chunkMin.size() - 1))) {
                    chunkMin.set(chunkMin.size() - 1, j.submit());
                }
                n++;
            }
        } finally {
            r.close();
        }
        LocalDateTime[] from = chunkMin.toArray(new LocalDateTime[0]);
        for (int c = from.length - 2; c >= 0; c--) {
            if (from[c + 1].isBefore(from[c])) {
                from[c] = from[c + 1];
            }
        }
        return new SacctHistory(file, name, r.diagnostics(), n, from);
    }

    /** Whether {@code head} (the first bytes of a file) is sacct output: its first line names JobID, '|'-separated. */
    public static boolean looksLikeSacct(String head) {
        String first = head.strip().lines().findFirst().orElse("");
        return first.contains("JobID") && first.contains("|");
    }

    public String name() {
        return name;
    }

    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }

    /** How many jobs ran (those a replay gets). */
    public int size() {
        return jobs;
    }

    /** The first submission, or 1970-01-01 when no job ran (as {@link SacctWorkload#of} has it). */
    public LocalDateTime epoch() {
        return earliestFrom.length == 0 ? LocalDateTime.of(1970, 1, 1, 0, 0) : earliestFrom[0];
    }

    /**
     * The jobs in submission order, read from the file afresh; the file is closed at the end. A file that
     * cannot be read any more gives an {@link UncheckedIOException}.
     */
    public InOrder jobs() {
        try {
            return new InOrder(SacctReader.streaming(name, reader(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Reader reader(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE)));
        r.mark(1);
        if (r.read() != '\uFEFF') {
            r.reset();
        }
        return r;
    }

    /** One replay's pass over the file. */
    public final class InOrder implements Iterator<WorkloadJob> {
        private record Held(SacctJob job, long order) {
        }

        private final SacctReader reader;
        private final PriorityQueue<Held> held = new PriorityQueue<>((a, b) -> {
            int c = a.job.submit().compareTo(b.job.submit());
            return c != 0 ? c : Long.compare(a.order, b.order);
        });
        private long read;
        private int chunksRead;
        private boolean atEnd;
        private int mostHeld;

        private InOrder(SacctReader reader) {
            this.reader = reader;
        }

        @Override
        public boolean hasNext() {
            while (true) {
                if (!held.isEmpty() && (atEnd || !held.peek().job.submit().isAfter(earliestUnread()))) {
                    return true;
                }
                if (atEnd) {
                    return false;
                }
                readChunk();
            }
        }

        @Override
        public WorkloadJob next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return SacctWorkload.job(epoch(), held.poll().job);
        }

        /** The most jobs held at once so far: what this pass costs in memory. */
        public int mostHeld() {
            return mostHeld;
        }

        /** The earliest submission among jobs not read yet (ties with it come later in the file, so after). */
        private LocalDateTime earliestUnread() {
            return chunksRead < earliestFrom.length ? earliestFrom[chunksRead] : LocalDateTime.MAX;
        }

        private void readChunk() {
            try {
                for (int k = 0; k < CHUNK; k++) {
                    SacctJob j = reader.next();
                    if (j == null) {
                        atEnd = true;
                        reader.close();
                        break;
                    }
                    held.add(new Held(j, read++));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            chunksRead++;
            mostHeld = Math.max(mostHeld, held.size());
        }
    }
}
