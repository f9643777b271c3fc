package org.topoplanner.importers.export;

import java.nio.file.Path;
import java.util.List;

/**
 * The process {@link ExportKillTest} kills: it exports the two bundles kept as plain files in the folders
 * given as its second and third arguments into the folder given as its first, alternately and forever,
 * printing {@code ready} once the first export is in place. (The bundles are built and validated by the
 * test, so that this process starts fast.) Started with the test class path; never run by the build itself.
 */
public final class ExportKillChild {
    private ExportKillChild() {
    }

    public static void main(String[] args) throws java.io.IOException {
        Path dir = Path.of(args[0]);
        List<List<ExportFile>> bundles = List.of(ExportKillTest.read(Path.of(args[1])),
                ExportKillTest.read(Path.of(args[2])));
        int i = 0;
        boolean ready = false;
        while (true) {
            ExportWriter.Result r = ExportWriter.write(dir, bundles.get(i % 2), false);
            if (!r.written()) {
                System.out.println("failed: " + r.summary());
                System.exit(3);
            }
            if (!ready) {
                System.out.println("ready");
                System.out.flush();
                ready = true;
            }
            i++;
        }
    }
}
