package org.topoplanner.benchmarks;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.topoplanner.app.cli.TopoPlannerCommand;

/**
 * {@code topoplanner convert --to slurm-topology FILE.ibnetdiscover} in a warm JVM: the same entry
 * point the jar's {@code main} calls (option parsing, reading the file, format detection, import,
 * the export check, writing the text), without the JVM start and class loading that
 * benchmarks/convert-vs-slurmibtopology.sh measures from the shell. Output goes to a counting sink
 * so the text is still encoded, as it is on the way to stdout.
 *
 * <p>The dumps come from the shared ibsim fabrics; a missing one makes the benchmark a no-op with a
 * message, so the module runs anywhere.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 10, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class ConvertSlurmTopologyBenchmark {
    @Param({"ft2-2048", "ft3-4096", "ft3-16384"})
    public String fabric;

    private String[] args;
    private final CountingSink sink = new CountingSink();
    private final PrintStream out = new PrintStream(sink, false, StandardCharsets.UTF_8);
    /**
     * The measured calls' diagnostics (a dump has no hardware, so every call warns): still formatted
     * and written, as on the way to a terminal, but not printed into JMH's output on every call. The
     * check in {@link #locate} prints them once.
     */
    private final PrintStream diagnostics = new PrintStream(new CountingSink(), false, StandardCharsets.UTF_8);

    @Setup
    public void locate() {
        Path file = SharedFabrics.ibsim().resolve(fabric + ".ibnetdiscover");
        if (!Files.isReadable(file)) {
            System.out.println("skipped: " + file + " is not on this machine (set -Dshared=DIR)");
            return;
        }
        args = new String[] {"convert", "--to", "slurm-topology", file.toString()};
        // A benchmark of the error path would be worthless: check once that the conversion succeeds.
        int code = TopoPlannerCommand.run(args, out, System.err);
        if (code != TopoPlannerCommand.OK || sink.bytes == 0) {
            throw new IllegalStateException("convert failed on " + file + " (exit " + code + ")");
        }
    }

    @Benchmark
    public long convert() {
        if (args == null) {
            return 0;
        }
        sink.bytes = 0;
        TopoPlannerCommand.run(args, out, diagnostics);
        return sink.bytes;
    }

    /** Swallows the topology text but counts it, so the write cannot be optimised away. */
    static final class CountingSink extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}
