package org.topoplanner.allocator.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.whatif.QueueDiscipline;
import org.topoplanner.allocator.whatif.SlowdownModel;
import org.topoplanner.allocator.whatif.WhatIfCase;
import org.topoplanner.allocator.whatif.WhatIfEngine;
import org.topoplanner.allocator.whatif.WhatIfSummary;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.workload.WorkloadGenerator;

/**
 * One what-if run on the 4,096-host fat tree of {@link ReplayBenchmark} (4 pods x 32 leaves x 32 HGX H100
 * hosts): a {@code gen:helios} workload (100,000 jobs by default; {@code -p jobs=N} for a shorter run) under
 * EASY backfill, the records counted and dropped as a streaming sink would. The arrival rate keeps the design
 * busy without an ever-growing queue (about 2,000 jobs an hour on 32,768 GPUs).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
public class WhatIfBenchmark {
    @Param({"planner", "slurm-tree"})
    public String policy;

    @Param({"100000"})
    public int jobs;

    private Cluster cluster;
    private WorkloadGenerator workload;

    @Setup
    public void setUp() throws Exception {
        cluster = BenchClusters.fatTree(4, 32, 32, 32, 64);
        workload = WorkloadGenerator.parse("gen:helios:jobs=" + jobs + ":seed=7:rate=2000");
    }

    @Benchmark
    public long run() {
        long[] seen = {0};
        WhatIfCase c = new WhatIfCase("ft3-4096", cluster, PolicyChoice.of(PolicyId.parse(policy).orElseThrow()),
                QueueDiscipline.EASY_BACKFILL);
        WhatIfSummary s = new WhatIfEngine(c, SlowdownModel.DEFAULT).run(workload.iterator(), r -> seen[0]++,
                n -> { }, () -> false);
        return seen[0] + s.makespanSeconds();
    }
}
