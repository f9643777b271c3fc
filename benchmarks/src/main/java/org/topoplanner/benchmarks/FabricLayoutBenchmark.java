package org.topoplanner.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
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
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.model.cluster.Cluster;

/**
 * The fabric view's layout ({@link FabricLayout#compute}) of an imported ibsim fabric, warm: the work
 * the window does in the background after an import before it can draw the racks. This speed budget
 * used to be a unit test (16,384 hosts in under 3 s) that a loaded machine could fail; here it is a
 * figure to compare, not a pass/fail. Run with
 * {@code mvn -B -o -pl benchmarks -am -Pjmh-convert -DskipTests verify -Dconvert.jmh.args=FabricLayoutBenchmark}.
 *
 * <p>A fabric missing from this machine makes the benchmark a no-op with a message, as in
 * {@link ConvertSlurmTopologyBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 10, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class FabricLayoutBenchmark {
    @Param({"ft3-4096", "ft3-16384"})
    public String fabric;

    private Cluster cluster;

    @Setup
    public void importFabric() {
        Path file = SharedFabrics.ibsim().resolve(fabric + ".ibnetdiscover");
        if (!Files.isReadable(file)) {
            System.out.println("skipped: " + file + " is not on this machine (set -Dshared=DIR)");
            return;
        }
        ImportOutcome outcome = ClusterImport.standard().importFiles(List.of(file), Optional.empty());
        if (outcome.cluster() == null) {
            throw new IllegalStateException("import of " + file + " failed: " + outcome.diagnostics());
        }
        cluster = outcome.cluster();
    }

    @Benchmark
    public int layout() {
        return cluster == null ? 0 : FabricLayout.compute(cluster).hosts().size();
    }
}
