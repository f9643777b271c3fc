package org.topoplanner.importers.bench;

import java.io.IOException;
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
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.ibnet.IbnetdiscoverReader;
import org.topoplanner.model.fabric.Fabric;

/**
 * Time to import an {@code ibnetdiscover} dump and infer tiers (the reader builds the fabric,
 * whose builder runs {@link org.topoplanner.model.fabric.TierInference#byDistance}). The dumps are
 * read from the shared folder's fabrics/ibsim ({@code ../shared} beside the checkout, see
 * {@link org.topoplanner.importers.SharedFolder}); a missing one makes the benchmark a no-op with a message.
 * Not a unit test: run with {@code -Pjmh} (see importers/pom.xml).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class IbnetdiscoverImportBenchmark {
    static final Path SHARED = org.topoplanner.importers.SharedFolder.find()
            .orElse(Path.of("..", "..", "shared")).resolve("fabrics").resolve("ibsim");

    @Param({"ft3-16384"})
    public String fabric;

    private SourceText source;

    @Setup
    public void load() throws IOException {
        Path file = SHARED.resolve(fabric + ".ibnetdiscover");
        if (!Files.isReadable(file)) {
            System.out.println("skipped: " + file + " is not on this machine");
            return;
        }
        source = SourceText.read(file);
    }

    @Benchmark
    public Fabric importAndInferTiers() {
        return source == null ? null : new IbnetdiscoverReader().read(source).part().fabric();
    }
}
