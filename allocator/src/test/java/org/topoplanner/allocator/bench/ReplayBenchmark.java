package org.topoplanner.allocator.bench;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.planner.PlannerPolicy;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.replay.JobScript;

/**
 * A 100,000-job replay on a 4,096-host fat tree (4 pods x 32 leaves x 32 hosts, 32 spines per pod,
 * 64 cores): jobs of 1-32 nodes with 8 GPUs each, or one node with 1-8 GPUs; a job is cancelled
 * 300 submissions after it was submitted (about 60-70% of the GPUs busy in steady state), so every
 * job is scheduled on a changing state and FIFO waits happen. The script is generated once (seed 7).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ReplayBenchmark {
    @Param({"planner", "slurm-tree"})
    public String policy;

    private Cluster cluster;
    private JobScript script;

    @Setup
    public void setUp() {
        cluster = BenchClusters.fatTree(4, 32, 32, 32, 64);
        script = script(100_000, 300, new Random(7));
    }

    static JobScript script(int jobs, int lifetime, Random r) {
        List<JobScript.Step> steps = new ArrayList<>();
        ArrayDeque<String> alive = new ArrayDeque<>();
        for (int i = 0; i < jobs; i++) {
            String name = "j" + i;
            List<String> args = r.nextInt(3) == 0
                    ? List.of("-N1", "--gpus-per-node=" + (1 + r.nextInt(8)))
                    : List.of("-N" + (1 + r.nextInt(32)), "--gpus-per-node=8");
            steps.add(new JobScript.Submit(name, args));
            alive.add(name);
            if (alive.size() > lifetime) {
                steps.add(new JobScript.Cancel(List.of(alive.poll())));
            }
        }
        return new JobScript(steps);
    }

    @Benchmark
    public int replay100k() {
        PlacementPolicy p = policy.equals("planner") ? new PlannerPolicy()
                : new SlurmTreePolicy(PolicyOptions.DEFAULT);
        return new Replayer(cluster, p).run(script).size();
    }
}
