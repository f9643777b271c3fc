package org.topoplanner.benchmarks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.topoplanner.model.hostlist.Hostlist;

/**
 * {@link Hostlist#compressSorted} of 32,768 shuffled names in two zero-padded and unpadded series (the
 * node list of a 16,384-node cluster's two partitions), which HostlistTest once timed with a 2 s budget
 * and now only checks for the right answer. Run with
 * {@code mvn -B -o -pl benchmarks -am -Pjmh-convert -DskipTests verify -Dconvert.jmh.args=HostlistBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class HostlistBenchmark {
    private List<String> names;

    @Setup
    public void names() {
        names = new ArrayList<>();
        for (int i = 1; i <= 16384; i++) {
            names.add(String.format("gpu%05d", i));
            names.add("cpu" + i);
        }
        Collections.shuffle(names, new Random(7));
    }

    @Benchmark
    public String compressSorted() {
        return Hostlist.compressSorted(names);
    }
}
