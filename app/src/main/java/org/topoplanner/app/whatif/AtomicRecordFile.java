package org.topoplanner.app.whatif;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.topoplanner.allocator.whatif.JobRecord;
import org.topoplanner.model.project.AtomicFiles;

/**
 * A run's per-job CSV, streamed: lines go to a temporary file beside the target, which replaces the target
 * only once the run has ended, so a cancelled or failed run never leaves half a file under the real name.
 * An {@link IOException} while writing is kept and rethrown at {@link #close()}.
 */
final class AtomicRecordFile implements WhatIfStudy.RecordSink {
    private final Path target;
    private final Path tmp;
    private final BufferedWriter out;
    private IOException failure;
    private boolean complete;

    AtomicRecordFile(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        this.tmp = AtomicFiles.temporaryBeside(this.target);
        this.out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8);
        out.write(WhatIfCsv.RECORD_HEADER);
        out.write('\n');
    }

    @Override
    public void accept(JobRecord r) {
        if (failure != null) {
            return;
        }
        try {
            out.write(WhatIfCsv.recordLine(r));
            out.write('\n');
        } catch (IOException e) {
            failure = e;
        }
    }

    /** The run ended: the file may replace the target at {@link #close()}. */
    @Override
    public void complete() {
        complete = true;
    }

    @Override
    public void close() throws IOException {
        try {
            out.close();
            if (failure != null) {
                throw failure;
            }
            if (!complete) {
                return;
            }
            AtomicFiles.replace(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
