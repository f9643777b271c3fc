package org.topoplanner.app.desktop.window;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The CPU time of every thread of this JVM, read from Linux's {@code /proc/self/task/<tid>/schedstat} (ns on the
 * CPU) by the thread's kernel name ({@code comm}, cut to 15 characters): ThreadMXBean sees only Java threads, not
 * the JIT compilers ({@code C1 CompilerThre}, {@code C2 CompilerThre}), the garbage collector ({@code GC Thread},
 * {@code G1 Conc}, {@code G1 Refine}) or the VM thread, which on a cold first question used about half the
 * process's CPU. Threads of one kind (numbered {@code GC Thread#0}, {@code #1}, ...) are summed under one name.
 * A thread that ends between two snapshots loses its share, so the figures are a floor. Where {@code /proc} is
 * missing (not Linux) every snapshot is empty and the report says so.
 */
final class TaskCpu {
    private static final Path TASKS = Path.of("/proc/self/task");
    private final Map<String, Long> byTask;

    private TaskCpu(Map<String, Long> byTask) {
        this.byTask = byTask;
    }

    /** CPU so far per thread ({@code tid:kind}). */
    static TaskCpu now() {
        Map<String, Long> out = new HashMap<>();
        if (!Files.isDirectory(TASKS)) {
            return new TaskCpu(out);
        }
        try (Stream<Path> tasks = Files.list(TASKS)) {
            for (Path t : tasks.toList()) {
                try {
                    String kind = kind(Files.readString(t.resolve("comm")).strip());
                    long ns = Long.parseLong(Files.readString(t.resolve("schedstat")).strip().split("\\s+")[0]);
                    out.put(t.getFileName() + ":" + kind, ns);
                } catch (IOException | RuntimeException gone) {
                    // the thread ended while it was read: it has no share in this snapshot
                }
            }
        } catch (IOException e) {
            return new TaskCpu(out);
        }
        return new TaskCpu(out);
    }

    /** The thread's kind: its name without the number that tells threads of one pool apart. */
    static String kind(String comm) {
        return comm.replaceFirst("[#-]?\\d+$", "");
    }

    /**
     * CPU since {@code earlier} per kind of thread, largest first, the {@code top} largest named and the rest
     * summed, e.g. {@code "QuantumRenderer 310 ms, C2 CompilerThre 280 ms, ..., others 40 ms"}.
     */
    String since(TaskCpu earlier, int top) {
        if (byTask.isEmpty()) {
            return "no /proc/self/task here";
        }
        Map<String, Long> byKind = new HashMap<>();
        byTask.forEach((task, ns) -> byKind.merge(task.substring(task.indexOf(':') + 1),
                Math.max(0, ns - earlier.byTask.getOrDefault(task, 0L)), Long::sum));
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(byKind.entrySet());
        sorted.sort(Map.Entry.<String, Long>comparingByValue().reversed());
        List<String> parts = new ArrayList<>();
        long rest = 0;
        for (int i = 0; i < sorted.size(); i++) {
            if (i < top) {
                parts.add(String.format(Locale.ROOT, "%s %.0f ms", sorted.get(i).getKey(), sorted.get(i).getValue() / 1e6));
            } else {
                rest += sorted.get(i).getValue();
            }
        }
        parts.add(String.format(Locale.ROOT, "others %.0f ms", rest / 1e6));
        return String.join(", ", parts);
    }
}
