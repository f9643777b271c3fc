package org.topoplanner.app.desktop.state;

import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.application.Platform;

/**
 * Recomputes a value off the FX thread and hands over only the newest answer. Every request gets a
 * generation number; work whose request is no longer the newest is skipped before it starts, and a
 * result that arrives after a newer request is dropped, so an old answer never overwrites a newer
 * one and a burst of changes costs one computation, not one per change.
 *
 * <p>The worker and the hand-over are injected executors rather than a {@code javafx.concurrent.Task}:
 * a Task reports its states through {@code Platform.runLater}, which needs a running toolkit, and the
 * ordering rules here are what must be tested. The window uses {@link #onDaemonThread}: one daemon
 * worker thread and {@code Platform::runLater}, so results only reach the scene graph on the FX
 * thread.
 *
 * @param <T> what is computed
 */
public final class BackgroundRefresh<T> {
    private final Executor worker;
    private final Executor fxThread;
    private final AtomicLong generation = new AtomicLong();

    /**
     * @param worker   runs the computations; a single thread keeps them from competing for the CPU
     * @param fxThread runs the hand-over of results; only there may they touch the scene graph
     */
    public BackgroundRefresh(Executor worker, Executor fxThread) {
        this.worker = worker;
        this.fxThread = fxThread;
    }

    /**
     * A refresh computing on one daemon thread named {@code threadName} and handing over on the FX
     * thread. The thread ends after a few idle seconds and comes back on the next request, so a
     * dialog that made one and was closed leaves no thread behind.
     */
    public static <T> BackgroundRefresh<T> onDaemonThread(String threadName) {
        return onWorker(daemonWorker(threadName));
    }

    /** A refresh computing on {@code worker} (shared with other refreshes) and handing over on the FX thread. */
    public static <T> BackgroundRefresh<T> onWorker(Executor worker) {
        return new BackgroundRefresh<>(worker, Platform::runLater);
    }

    /**
     * One daemon thread named {@code threadName} that runs what it is given in order, ending after a few
     * idle seconds and coming back on the next task. Refreshes that share it never compete for the CPU,
     * and one queued behind another finds what the first remembered.
     */
    public static Executor daemonWorker(String threadName) {
        return daemonWorkers(threadName, 1);
    }

    /**
     * Up to {@code threads} daemon threads named {@code threadName}, taking tasks in order, each ending after
     * a few idle seconds. With two, a task that cannot be stopped (a policy answering a question that is no
     * longer asked) holds one thread while the newest question's tasks start on the other.
     */
    public static Executor daemonWorkers(String threadName, int threads) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 5, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                r -> {
                    Thread t = new Thread(r, threadName);
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /**
     * Computes {@code work} on the worker and gives its result to {@code show} (or its exception to
     * {@code failed}) on the FX thread, unless another request or {@link #cancel} came in meanwhile.
     * Call it on the FX thread.
     */
    public void request(Supplier<? extends T> work, Consumer<? super T> show, Consumer<? super RuntimeException> failed) {
        long mine = generation.incrementAndGet();
        worker.execute(() -> {
            if (generation.get() != mine) {
                return;
            }
            T result;
            try {
                result = work.get();
            } catch (RuntimeException e) {
                fxThread.execute(() -> {
                    if (generation.get() == mine) {
                        failed.accept(e);
                    }
                });
                return;
            }
            fxThread.execute(() -> {
                if (generation.get() == mine) {
                    show.accept(result);
                }
            });
        });
    }

    /**
     * Computes one answer per part, each its own task on the worker, and gives each to {@code show} on the
     * FX thread as soon as it is ready, so a slow part does not hold back the others' answers. A newer
     * request or {@link #cancel} skips the parts not yet started and drops the answers of those under way.
     * A part that throws reaches {@code failed} with its exception; the other parts still run.
     */
    public <P> void requestEach(List<P> parts, Function<? super P, ? extends T> work, BiConsumer<? super P, ? super T> show,
            BiConsumer<? super P, ? super RuntimeException> failed) {
        long mine = generation.incrementAndGet();
        for (P part : parts) {
            worker.execute(() -> {
                if (generation.get() != mine) {
                    return;
                }
                Runnable handOver;
                try {
                    T result = work.apply(part);
                    handOver = () -> show.accept(part, result);
                } catch (RuntimeException e) {
                    handOver = () -> failed.accept(part, e);
                }
                Runnable h = handOver;
                fxThread.execute(() -> {
                    if (generation.get() == mine) {
                        h.run();
                    }
                });
            });
        }
    }

    /** Drops whatever is being computed: nothing requested so far will be shown. */
    public void cancel() {
        generation.incrementAndGet();
    }
}
