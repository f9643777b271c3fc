package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.model.project.ProjectDocument;

/**
 * Replacing a bundle as one unit: each step of a swap over a previous bundle fails in turn (an injected
 * I/O error), and the folder holds the old bundle or the new one, complete, with a matching manifest, the
 * user's own files untouched, no stray files, and the result saying which; the next export then completes.
 */
class BundleSwapTest {
    private static final Map<String, String> USER_FILES = Map.of(
            "slurm/slurm.conf", "ClusterName=mine\nInclude topology.conf\n",
            "notes.txt", "my notes\n");

    @Test
    void everyFailingStepLeavesTheOldOrTheNewBundleWhole(@TempDir Path root) throws Exception {
        for (long seed : new long[] {11, 12}) {
            List<ExportFile> a = ExportBundle.build(GeneratedPlans.plan(seed), ExportTarget.all());
            List<ExportFile> b = ExportBundle.build(GeneratedPlans.plan(seed + 100), ExportTarget.all());
            Path counting = root.resolve("count-" + seed);
            prepare(counting, a);
            FailingDisk count = new FailingDisk(0);
            assertThat(ExportWriter.write(counting, b, false, count).written()).isTrue();
            assertThat(count.steps).isGreaterThan(3 * b.size());
            int sawOld = 0;
            int sawNew = 0;
            for (int k = 1; k <= count.steps; k++) {
                Path dir = root.resolve(seed + "-step-" + k);
                prepare(dir, a);
                FailingDisk disk = new FailingDisk(k);
                ExportWriter.Result r = ExportWriter.write(dir, b, false, disk);
                assertThat(disk.failed).as("step %d", k).isNotNull();
                int holds = BundleOnDisk.assertOneWhole(dir, USER_FILES, List.of(a, b));
                assertThat(holds == 1).as("step %d (%s): result %s", k, disk.failed, r.summary()).isEqualTo(r.written());
                assertThat(r.summary()).as("step %d", k).contains(holds == 0 ? "nothing written" : "new bundle");
                if (holds == 0) {
                    sawOld++;
                } else {
                    sawNew++;
                }
                ExportWriter.Result again = ExportWriter.write(dir, b, false);
                assertThat(again.written()).as("export after step %d: %s", k, again.summary()).isTrue();
                assertThat(BundleOnDisk.assertOneWhole(dir, USER_FILES, List.of(a, b))).isEqualTo(1);
                BundleOnDisk.assertNoStaging(dir);
            }
            assertThat(sawOld).isPositive();
            assertThat(sawNew).isPositive();
        }
    }

    @Test
    void aKilledSwapIsFinishedByTheNextExport(@TempDir Path root) throws Exception {
        List<ExportFile> a = ExportBundle.build(GeneratedPlans.plan(21), ExportTarget.all());
        List<ExportFile> b = ExportBundle.build(GeneratedPlans.plan(22), ExportTarget.all());
        Path counting = root.resolve("count");
        prepare(counting, a);
        FailingDisk count = new FailingDisk(0);
        ExportWriter.write(counting, b, false, count);
        int finished = 0;
        int old = 0;
        for (int k = 1; k <= count.steps; k++) {
            Path dir = root.resolve("kill-" + k);
            prepare(dir, a);
            // A process killed at step k: the steps before it happened, nothing after, not even a roll-back.
            ExportDisk killed = new StopAt(k);
            try {
                ExportWriter.write(dir, b, false, killed);
            } catch (Killed expected) {
                // as SIGKILL would
            }
            String recovered = new BundleSwap(ExportDisk.LOCAL, dir).recover();
            int holds = BundleOnDisk.assertOneWhole(dir, USER_FILES, List.of(a, b));
            BundleOnDisk.assertNoStaging(dir);
            old += holds == 0 ? 1 : 0;
            finished += recovered != null && recovered.startsWith("finished") ? 1 : 0;
        }
        assertThat(old).as("kills that left the old bundle").isPositive();
        assertThat(finished).as("kills whose swap the next export finished").isPositive();
    }

    @Test
    void aWriteErrorNamesWhatWasNotWritten(@TempDir Path dir) throws Exception {
        List<ExportFile> a = ExportBundle.build(ExportFixtures.example(), ExportTarget.all());
        prepare(dir, a);
        Path blocker = dir.resolve("k8s/jobs");
        for (Path p : Files.list(blocker).toList()) {
            Files.delete(p);
        }
        Files.delete(blocker);
        Files.writeString(blocker, "a file where the bundle has a folder\n");
        ExportWriter.Result r = ExportWriter.write(dir, ExportBundle.build(ExportFixtures.rail(), ExportTarget.all()),
                false);
        assertThat(r.written()).isFalse();
        assertThat(r.summary()).startsWith("nothing written");
        assertThat(r.files()).isEmpty();
        assertThat(Files.readString(dir.resolve("slurm/topology.conf"))).isEqualTo(BundleOnDisk.expected(a)
                .get("slurm/topology.conf"));
    }

    @Test
    void aFolderReachedThroughASymlinkIsStagedBesideTheRealFolder(@TempDir Path root) throws Exception {
        Path real = Files.createDirectories(root.resolve("real/deploy"));
        Path link = Files.createSymbolicLink(root.resolve("link"), real);
        assertThat(new BundleSwap(ExportDisk.LOCAL, link).staging().getParent()).isEqualTo(real.toRealPath().getParent());
        List<ExportFile> bundle = ExportBundle.build(GeneratedPlans.plan(3), ExportTarget.all());
        assertThat(ExportWriter.write(link, bundle, false).written()).isTrue();
        BundleOnDisk.assertOneWhole(real, Map.of(), List.of(bundle));
        assertThat(link).isSymbolicLink();
    }

    private static void prepare(Path dir, List<ExportFile> bundle) throws Exception {
        assertThat(ExportWriter.write(dir, bundle, false).written()).isTrue();
        for (Map.Entry<String, String> f : USER_FILES.entrySet()) {
            Files.createDirectories(dir.resolve(f.getKey()).getParent());
            Files.writeString(dir.resolve(f.getKey()), f.getValue());
        }
    }

    static final class Killed extends RuntimeException {
    }

    /** The real file system until step {@code k}, which never happens: the process is gone. */
    private static final class StopAt extends FailingDiskAdapter {
        StopAt(int k) {
            super(k);
        }

        @Override
        void fail() {
            throw new Killed();
        }
    }

    /** Counts like {@link FailingDisk}, but lets a subclass choose what failing means. */
    abstract static class FailingDiskAdapter implements ExportDisk {
        private final int at;
        private int steps;

        FailingDiskAdapter(int at) {
            this.at = at;
        }

        abstract void fail();

        private void step() {
            if (++steps == at) {
                fail();
            }
        }

        @Override
        public boolean exists(Path p) {
            return LOCAL.exists(p);
        }

        @Override
        public boolean isDirectory(Path p) {
            return LOCAL.isDirectory(p);
        }

        @Override
        public byte[] read(Path p) throws java.io.IOException {
            step();
            return LOCAL.read(p);
        }

        @Override
        public void write(Path p, byte[] bytes, boolean executable) throws java.io.IOException {
            step();
            LOCAL.write(p, bytes, executable);
        }

        @Override
        public void createDirectories(Path dir) throws java.io.IOException {
            step();
            LOCAL.createDirectories(dir);
        }

        @Override
        public void move(Path from, Path to) throws java.io.IOException {
            step();
            LOCAL.move(from, to);
        }

        @Override
        public void delete(Path p) throws java.io.IOException {
            step();
            LOCAL.delete(p);
        }

        @Override
        public void deleteTree(Path dir) throws java.io.IOException {
            step();
            LOCAL.deleteTree(dir);
        }

        @Override
        public boolean deleteIfEmpty(Path dir) throws java.io.IOException {
            step();
            return LOCAL.deleteIfEmpty(dir);
        }

        @Override
        public void sync(Path dir) throws java.io.IOException {
            step();
            LOCAL.sync(dir);
        }
    }
}
