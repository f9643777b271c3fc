package org.topoplanner.importers.export;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ScratchDumpTest {
    @Test
    void dump() throws Exception {
        for (var e : java.util.Map.of("example", ExportFixtures.example(), "blocks", ExportFixtures.exampleWithBlocks(),
                "ft", ExportFixtures.fatTree(), "rail", ExportFixtures.rail()).entrySet()) {
            long t = System.nanoTime();
            var files = ExportBundle.build(e.getValue(), ExportTarget.all());
            System.out.println(e.getKey() + " built in " + (System.nanoTime() - t) / 1_000_000 + " ms");
            for (var f : files) {
                java.nio.file.Files.createDirectories(Path.of("/tmp/exp", e.getKey(), f.relativePath()).getParent());
                java.nio.file.Files.writeString(Path.of("/tmp/exp", e.getKey(), f.relativePath()), f.text());
            }
        }
    }
}
