package org.topoplanner.app.whatif;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.topoplanner.allocator.whatif.JobRecord;

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
        Files.createDirectories(this.target.getParent());
        this.tmp = Files.createTempFile(this.target.getParent(), "." + this.target.getFileName() + ".", ".tmp");
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
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            tmp.toFile().setReadable(true, false);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
