package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/** What a bundle folder holds, and the checks every swap test makes on it. */
final class BundleOnDisk {
    private BundleOnDisk() {
    }

    /** Every regular file below {@code dir}, relative path to text, except the user's own ones. */
    static Map<String, String> files(Path dir, Set<String> foreign) {
        Map<String, String> out = new TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                String rel = dir.relativize(p).toString().replace('\\', '/');
                if (!foreign.contains(rel)) {
                    out.put(rel, Files.readString(p, StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    static Map<String, String> expected(List<ExportFile> bundle) {
        Map<String, String> out = new TreeMap<>();
        bundle.forEach(f -> out.put(f.relativePath(), f.text()));
        return out;
    }

    /**
     * The folder holds exactly one of the bundles, complete, with a manifest matching every file's size and
     * SHA-256, nothing else but the user's files, which are as they were; returns the index of that bundle.
     */
    static int assertOneWhole(Path dir, Map<String, String> foreign, List<List<ExportFile>> bundles) {
        Map<String, String> now = files(dir, foreign.keySet());
        for (Map.Entry<String, String> f : foreign.entrySet()) {
            try {
                assertThat(Files.readString(dir.resolve(f.getKey()))).as("the user's " + f.getKey()).isEqualTo(f.getValue());
            } catch (IOException e) {
                throw new AssertionError("the user's " + f.getKey() + " is gone", e);
            }
        }
        assertThat(now).as("files in " + dir).containsKey(ExportBundle.MANIFEST);
        BundleManifest m = BundleManifest.parse(now.get(ExportBundle.MANIFEST));
        Map<String, String> listed = new LinkedHashMap<>();
        m.entries().keySet().forEach(p -> listed.put(p, now.get(p)));
        assertThat(now.keySet()).as("files on disk against the manifest (no stale or stray files)")
                .containsExactlyInAnyOrderElementsOf(concat(m.entries().keySet(), ExportBundle.MANIFEST));
        m.entries().values().forEach(e -> assertThat(e.matches(BundleManifest.bytes(now.get(e.path()))))
                .as("manifest size and SHA-256 of " + e.path()).isTrue());
        for (int i = 0; i < bundles.size(); i++) {
            if (now.equals(expected(bundles.get(i)))) {
                return i;
            }
        }
        throw new AssertionError("the folder holds neither bundle: " + now.keySet());
    }

    static void assertNoStaging(Path dir) {
        Path staging = new BundleSwap(ExportDisk.LOCAL, dir).staging();
        assertThat(staging).as("staging folder").doesNotExist();
        assertThat(staging.getParent().resolve("." + dir.getFileName() + ".topoplanner-export")).doesNotExist();
    }

    private static List<String> concat(Set<String> a, String b) {
        List<String> out = new java.util.ArrayList<>(a);
        out.add(b);
        return out;
    }
}
