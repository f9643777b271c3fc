package org.topoplanner.app.desktop.window;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.resources.ShippedData;

/**
 * The example cluster the window opens on, read on a thread of its own while JavaFX starts its toolkit
 * (display connection, renderer, the first stylesheets), which keeps one core busy and the launching
 * thread waiting: on two cores the read then costs the start no wall time (issue 15). A window started
 * without {@link #start} (tests, a second window) reads it when it asks.
 */
final class ExampleReadAhead {
    private static FutureTask<Cluster> pending;

    private ExampleReadAhead() {
    }

    /** Starts reading the example cluster in the background, once. */
    static synchronized void start() {
        if (pending == null) {
            pending = new FutureTask<>(ShippedData::exampleCluster);
            Thread t = new Thread(pending, "example-read-ahead");
            t.setDaemon(true);
            t.start();
        }
    }

    /** The example cluster: the one read ahead, the first time after {@link #start}; else read now. */
    static Cluster take() {
        FutureTask<Cluster> read;
        synchronized (ExampleReadAhead.class) {
            read = pending;
            pending = null;
        }
        if (read == null) {
            return ShippedData.exampleCluster();
        }
        try {
            return read.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ShippedData.exampleCluster();
        } catch (ExecutionException e) {
            // a shipped file that does not load is a build defect: fail as the direct read would
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("the shipped example cluster does not load", e.getCause());
        }
    }
}
