package org.topoplanner.allocator.bench;

import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.planner.PlannerPolicy;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/** A rough timing loop for development (the figures that count come from the JMH benchmarks). */
public final class QuickTiming {
    public static void main(String[] args) {
        if (args.length > 1 && args[1].startsWith("replay")) {
            Cluster c = BenchClusters.fatTree(4, 32, 32, 32, 64);
            var script = ReplayBenchmark.script(Integer.parseInt(args[0]), 300, new java.util.Random(7));
            PlacementPolicy[] which = args[1].equals("replay-planner") ? new PlacementPolicy[] {new PlannerPolicy()}
                    : args[1].equals("replay-slurm") ? new PlacementPolicy[] {new SlurmTreePolicy(PolicyOptions.DEFAULT)}
                    : new PlacementPolicy[] {new PlannerPolicy(), new SlurmTreePolicy(PolicyOptions.DEFAULT)};
            for (PlacementPolicy p : which) {
                long t = System.nanoTime();
                long cpu = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                var lines = new org.topoplanner.allocator.replay.Replayer(c, p).run(script);
                long running = lines.stream().filter(l -> l.contains("\"when\":\"submit\"") && l.contains("RUNNING")).count();
                System.out.printf("%s replay %d jobs: %.1f s (cpu %.1f s), %d lines, %d started at submit%n", p.id(),
                        Integer.parseInt(args[0]), (System.nanoTime() - t) / 1e9,
                        (java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu) / 1e9,
                        lines.size(), running);
            }
            return;
        }
        long t0 = System.nanoTime();
        Cluster c = BenchClusters.ft3x16384();
        ClusterState s = BenchClusters.occupied(c, 0.6, 1);
        System.out.printf("build %.0f ms%n", (System.nanoTime() - t0) / 1e6);
        JobRequest job = JobRequest.nodesWithGpus("j", 256, 8);
        PlacementPolicy[] policies = args.length > 1 && args[1].equals("slurm")
                ? new PlacementPolicy[] {new SlurmTreePolicy(PolicyOptions.DEFAULT)}
                : args.length > 1 && args[1].equals("planner") ? new PlacementPolicy[] {new PlannerPolicy()}
                : new PlacementPolicy[] {new PlannerPolicy(), new SlurmTreePolicy(PolicyOptions.DEFAULT)};
        for (PlacementPolicy p : policies) {
            for (int i = 0; i < (args.length > 0 ? Integer.parseInt(args[0]) : 5); i++) {
                long t = System.nanoTime();
                Suggestion sug = p.suggest(s, job);
                System.out.printf("%s %.2f ms %s%n", p.id(), (System.nanoTime() - t) / 1e6,
                        sug instanceof Suggestion.Placed pl ? pl.placement().hosts().size() + " hosts " + pl.notes() : sug);
            }
        }
    }
}
