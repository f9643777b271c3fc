package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILL at random instants: a real {@code java} child process ({@link ExportKillChild}) exports two
 * bundles of generated clusters over each other in a loop and is killed 24 times, each time at a random
 * instant once it has written its first bundle. After each kill, the next export's first step (recovery)
 * runs, and the folder must hold one bundle or the other, complete, matching its manifest byte for byte,
 * with the user's files untouched and nothing left over. Bounded: 24 short-lived processes.
 */
@EnabledOnOs(OS.LINUX)
class ExportKillTest {
    private static final int KILLS = 24;
    private static final Map<String, String> USER_FILES = Map.of("slurm/slurm.conf", "ClusterName=mine\n");

    static List<List<ExportFile>> bundles() {
        return List.of(ExportBundle.build(GeneratedPlans.plan(31), ExportTarget.all()),
                ExportBundle.build(GeneratedPlans.plan(32), ExportTarget.all()));
    }

    static Path save(Path where, List<ExportFile> bundle) throws java.io.IOException {
        for (ExportFile f : bundle) {
            Files.createDirectories(where.resolve(f.relativePath()).getParent());
            Files.writeString(where.resolve(f.relativePath()), f.text());
        }
        return where;
    }

    /** A bundle saved by {@link #save}, as files with no findings (they were checked when built). */
    static List<ExportFile> read(Path where) throws java.io.IOException {
        try (var s = Files.walk(where)) {
            List<ExportFile> out = new java.util.ArrayList<>();
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                String rel = where.relativize(p).toString().replace('\\', '/');
                if (!rel.equals(ExportBundle.MANIFEST)) {
                    out.add(new ExportFile(rel, Files.readString(p), List.of()));
                }
            }
            out.add(new ExportFile(ExportBundle.MANIFEST, Files.readString(where.resolve(ExportBundle.MANIFEST)), List.of()));
            return out;
        }
    }

    @Test
    void aKilledExportLeavesTheOldOrTheNewBundleWhole(@TempDir Path root) throws Exception {
        Path dir = root.resolve("out");
        Files.createDirectories(dir.resolve("slurm"));
        Files.writeString(dir.resolve("slurm/slurm.conf"), USER_FILES.get("slurm/slurm.conf"));
        List<List<ExportFile>> bundles = bundles();
        Path a = save(root.resolve("bundle-a"), bundles.get(0));
        Path b = save(root.resolve("bundle-b"), bundles.get(1));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Random random = new Random(2026);
        int midSwap = 0;
        int[] seen = new int[2];
        for (int k = 0; k < KILLS; k++) {
            Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    ExportKillChild.class.getName(), dir.toString(), a.toString(), b.toString()).redirectErrorStream(true).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                        StandardCharsets.UTF_8));
                String line;
                StringBuilder said = new StringBuilder();
                while ((line = out.readLine()) != null && !line.equals("ready")) {
                    said.append(line).append('\n');
                }
                assertThat(line).as("child %d said: %s", k, said).isEqualTo("ready");
                Thread.sleep(random.nextInt(400));
            } finally {
                child.destroyForcibly();
                assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
            }
            assertThat(child.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);
            BundleSwap swap = new BundleSwap(ExportDisk.LOCAL, dir);
            midSwap += Files.exists(swap.staging()) ? 1 : 0;
            swap.recover();
            seen[BundleOnDisk.assertOneWhole(dir, USER_FILES, bundles)]++;
            BundleOnDisk.assertNoStaging(dir);
        }
        assertThat(midSwap).as("kills that landed during an export").isPositive();
        System.out.printf("ExportKillTest: %d kills, %d during an export, left bundle A %d times and B %d times%n",
                KILLS, midSwap, seen[0], seen[1]);
    }
}
