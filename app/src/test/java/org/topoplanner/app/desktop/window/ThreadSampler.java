package org.topoplanner.app.desktop.window;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Where some threads are, sampled every 20 ms: per sample the thread's name (when more than one is
 * watched), the innermost frame, and the innermost of our own frames below it (the caller chain that
 * matters when the time goes into a library).
 */
final class ThreadSampler {
    private final Map<String, Integer> counts = new ConcurrentHashMap<>();
    private final Thread sampling;

    private ThreadSampler(Predicate<Thread> watched, boolean named, int ourFrames) {
        sampling = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                for (Map.Entry<Thread, StackTraceElement[]> t : Thread.getAllStackTraces().entrySet()) {
                    if (watched.test(t.getKey())) {
                        String where = where(t.getValue(), ourFrames);
                        counts.merge(named ? t.getKey().getName() + ": " + where : where, 1, Integer::sum);
                    }
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "thread-sampler");
        sampling.setDaemon(true);
    }

    /** Samples the thread with this id, with its three innermost frames of ours. */
    static ThreadSampler start(long threadId) {
        ThreadSampler s = new ThreadSampler(t -> t.getId() == threadId, false, 3);
        s.sampling.start();
        return s;
    }

    /** Samples every thread whose name is one of {@code names} (threads that come and go too). */
    static ThreadSampler startNamed(List<String> names, int ourFrames) {
        ThreadSampler s = new ThreadSampler(t -> names.contains(t.getName()), true, ourFrames);
        s.sampling.start();
        return s;
    }

    private static String where(StackTraceElement[] stack, int ourFrames) {
        if (stack.length == 0) {
            return "-";
        }
        StringBuilder k = new StringBuilder(simple(stack[0])).append(" |");
        Arrays.stream(stack).filter(e -> e.getClassName().startsWith("org.topoplanner")).limit(ourFrames)
                .forEach(e -> k.append(' ').append(simple(e)));
        return k.toString();
    }

    private static String simple(StackTraceElement e) {
        String c = e.getClassName();
        return c.substring(c.lastIndexOf('.') + 1) + "." + e.getMethodName() + ":" + e.getLineNumber();
    }

    /** Stops sampling; the {@code top} most frequent places, most frequent first, with their counts. */
    List<String> stop(int top) {
        sampling.interrupt();
        return counts.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(top)
                .map(e -> e.getValue() + "  " + e.getKey()).toList();
    }
}
