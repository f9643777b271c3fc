package org.topoplanner.importers.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.model.workload.WorkloadJob;

/** The what-if reads a site's accounting from its file a chunk at a time, in the order the whole-file read gives. */
class SacctHistoryTest {
    private static final LocalDateTime T0 = LocalDateTime.of(2025, 3, 1, 0, 0);

    @TempDir
    Path dir;

    /** Jobs a minute or so apart with a few seconds' jitter (sacct lists by job id, nearly submission order). */
    private static List<SacctJob> history(int count, long seed) {
        Random rnd = new Random(seed);
        List<SacctJob> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            LocalDateTime submit = T0.plusSeconds(60L * i + rnd.nextInt(5));
            LocalDateTime start = submit.plusSeconds(rnd.nextInt(600));
            int nodes = 1 + rnd.nextInt(4);
            out.add(new SacctJob(Integer.toString(1000 + i), submit, start, start.plusSeconds(1 + rnd.nextInt(7200)),
                    nodes, nodes * (1 + rnd.nextInt(8)), "", "gpu[001-00" + nodes + "]", "train", "COMPLETED", 0));
        }
        return out;
    }

    /** Writes {@code jobs} as sacct prints them, a thousand at a time (the test holds no whole text either). */
    private Path write(String name, List<SacctJob> jobs) throws IOException {
        Path file = dir.resolve(name);
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int from = 0; from < jobs.size(); from += 1000) {
                String part = SacctWriter.write(jobs.subList(from, Math.min(jobs.size(), from + 1000)));
                w.write(from == 0 ? part : part.substring(part.indexOf('\n') + 1));
            }
        }
        return file;
    }

    @Test
    void aLongHistoryIsReadAChunkAtATime() throws IOException {
        int count = 12 * SacctHistory.CHUNK;
        Path file = write("long.txt", history(count, 7));
        SacctHistory h = SacctHistory.open(file, "long.txt");
        assertThat(h.diagnostics()).isEmpty();
        assertThat(h.size()).isEqualTo(count);
        SacctHistory.InOrder it = h.jobs();
        long last = -1;
        int seen = 0;
        while (it.hasNext()) {
            WorkloadJob j = it.next();
            assertThat(j.submit()).isGreaterThanOrEqualTo(last);
            last = j.submit();
            seen++;
            assertThat(it.mostHeld()).isLessThanOrEqualTo(SacctHistory.CHUNK);
        }
        assertThat(seen).isEqualTo(count);
        assertThat(it.mostHeld()).isPositive();
    }

    @Test
    void aFileOutOfOrderGivesTheWholeReadsJobsAndProblems() throws IOException {
        List<SacctJob> jobs = new ArrayList<>(history(3 * SacctHistory.CHUNK + 17, 11));
        // shuffled a little everywhere and much near the end, with equal submission times for the tie order
        Collections.shuffle(jobs.subList(2 * SacctHistory.CHUNK, jobs.size()), new Random(3));
        for (int i = 0; i + 1 < jobs.size(); i += 97) {
            Collections.swap(jobs, i, i + 1);
        }
        SacctJob first = jobs.get(5);
        jobs.set(9, new SacctJob("tie", first.submit(), first.start(), first.end(), 1, 8, "", "", "p", "COMPLETED", 0));
        String text = SacctWriter.write(jobs) + "77|never|x|y|1|gres/gpu=1|||||\n";
        Path file = dir.resolve("shuffled.txt");
        Files.writeString(file, text);

        SacctReader.Result whole = SacctReader.read("shuffled.txt", text);
        List<WorkloadJob> expected = SacctWorkload.of(whole.jobs()).jobs();
        SacctHistory h = SacctHistory.open(file, "shuffled.txt");
        assertThat(h.diagnostics()).isEqualTo(whole.diagnostics()).isNotEmpty();
        List<WorkloadJob> got = new ArrayList<>();
        h.jobs().forEachRemaining(got::add);
        assertThat(got).isEqualTo(expected);
        // a second replay reads the file again and gives the same
        List<WorkloadJob> again = new ArrayList<>();
        h.jobs().forEachRemaining(again::add);
        assertThat(again).isEqualTo(expected);
    }

    @Test
    void aByteOrderMarkAndWindowsLineEndsReadAsTheText() throws IOException {
        String text = SacctWriter.write(history(5, 1));
        Path file = dir.resolve("bom.txt");
        Files.writeString(file, "\uFEFF" + text.replace("\n", "\r\n"));
        List<WorkloadJob> got = new ArrayList<>();
        SacctHistory.open(file, "bom.txt").jobs().forEachRemaining(got::add);
        assertThat(got).isEqualTo(SacctWorkload.of(SacctReader.read("t", text).jobs()).jobs());
    }

    @Test
    void problemsBeyondTheKeptOnesAreCounted() {
        StringBuilder text = new StringBuilder(String.join("|", SacctWriter.FIELDS)).append('\n');
        for (int i = 0; i < SacctReader.KEPT_PROBLEMS + 5; i++) {
            text.append("x").append(i).append("|cut short\n");
        }
        SacctReader.Result r = SacctReader.read("bad.txt", text.toString());
        assertThat(r.diagnostics()).hasSize(SacctReader.KEPT_PROBLEMS + 1);
        assertThat(r.diagnostics().get(SacctReader.KEPT_PROBLEMS).message()).startsWith("5 more problem(s)");
        assertThat(r.diagnostics().get(SacctReader.KEPT_PROBLEMS).line()).isEqualTo(SacctReader.KEPT_PROBLEMS + 2);
    }
}
