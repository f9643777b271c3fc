package org.topoplanner.app.desktop;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;

/** An executor that only queues; a test runs what it holds when it chooses, to order background work. */
public final class QueuedExecutor implements Executor {
    private final Queue<Runnable> queued = new ArrayDeque<>();

    @Override
    public void execute(Runnable r) {
        queued.add(r);
    }

    /** Runs everything queued, including what the runs queue themselves. */
    public void runAll() {
        while (!queued.isEmpty()) {
            queued.poll().run();
        }
    }

    /** Runs the oldest queued task only. */
    public void runNext() {
        queued.poll().run();
    }

    public int size() {
        return queued.size();
    }
}
