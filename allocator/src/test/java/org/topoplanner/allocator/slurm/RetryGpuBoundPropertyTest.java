package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.bench.BenchClusters;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The GPU bound that ends 26.05's retry loops early (issue 15: {@link TreeSelector}'s and {@link BlockSelector}'s
 * rounds on fewer nodes, one per usable node, when no {@code max_nodes} nodes hold {@code --gpus=N}) answers what
 * the loop run to its end answers: the same placement or none, and for the block plugin the same failure reason
 * (26.05; 24.11's {@link KnapsackRetry} ends early on the same bound and is compared by placement).
 * Small random clusters ({@link NodeVerdictsPropertyTest#cluster}: two or three leaves, two random node layouts with
 * 0-6 GPUs, random weights on some; blocks of two or three hosts for the block plugin) with random busy cores and
 * GPUs, and {@code --gpus=N} jobs with {@code -N} bounds, tasks and CPUs per GPU around what the nodes can hold; both
 * the placement test (nodes bound by tasks) and the submit test.
 */
class RetryGpuBoundPropertyTest {
    private static final SlurmVersion V = SlurmVersion.V26_05;

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 300)
    void treeBoundAnswersAsTheWholeLoop(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        Cluster c = NodeVerdictsPropertyTest.cluster(r);
        List<SlurmNode> nodes = SlurmNode.of(c);
        SwitchTable switches = SwitchTable.of(c, V);
        ClusterState s = busy(r, c);
        for (int k = 0; k < 6; k++) {
            SlurmJobSpec job = SlurmJobSpec.of(gpuJob(r, "t" + k));
            boolean byTasks = r.nextBoolean();
            SlurmAllocation bounded = SlurmAllocation.attempt(s, nodes,
                    new TreeSelector(nodes, switches, V, byTasks), job, V);
            SlurmAllocation whole = SlurmAllocation.attempt(s, nodes,
                    new TreeSelector(nodes, switches, V, byTasks).withoutGpuBound(), job, V);
            assertThat(placement(bounded)).as("%s, nodes bound by tasks %s (seed %d)", job, byTasks, seed)
                    .isEqualTo(placement(whole));
        }
    }

    /**
     * 22.05's and 24.11's early exit ({@link TreeSelector#hopeless}, before {@link KnapsackRetry}'s rounds) answers
     * what the rounds run to their end answer: the same pick (a pick past the node maximum included) or none, for
     * the placement test and the submit test. The jobs include CPU counts past what the nodes hold.
     */
    @Property(tries = 300)
    void olderRetryExitAnswersAsTheWholeLoop(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        SlurmVersion v = r.nextBoolean() ? SlurmVersion.V22_05 : SlurmVersion.V24_11;
        Cluster c = NodeVerdictsPropertyTest.cluster(r);
        List<SlurmNode> nodes = SlurmNode.of(c);
        SwitchTable switches = SwitchTable.of(c, v);
        ClusterState s = busy(r, c);
        for (int k = 0; k < 6; k++) {
            JobRequest request = r.nextInt(3) == 0 ? cpuJob(r, "c" + k) : gpuJob(r, "t" + k);
            SlurmJobSpec job = SlurmJobSpec.of(request);
            TreeSelector tree = new TreeSelector(nodes, switches, v, r.nextBoolean());
            SlurmAllocation bounded = SlurmAllocation.attempt(s, nodes, SlurmTreePolicy.retried(tree, v), job, v);
            SlurmAllocation whole = SlurmAllocation.attempt(s, nodes,
                    KnapsackRetry.of(tree, KnapsackRetry.Hopeless.NEVER, v), job, v);
            assertThat(placement(bounded)).as("%s under %s (seed %d)", job, v.label(), seed)
                    .isEqualTo(placement(whole));
        }
    }

    /** {@code -N} 1-3 (sometimes a range) with {@code -n} tasks of 1-8 CPUs, up to past what the nodes hold. */
    private static JobRequest cpuJob(Random r, String name) {
        int min = 1 + r.nextInt(3);
        return JobRequest.builder().name(name).nodes(min, min + r.nextInt(2)).ntasks(min + r.nextInt(12))
                .cpusPerTask(1 + r.nextInt(8)).build();
    }

    /**
     * Seed -1269568018 (26.05, {@code -N2 --gpus=7}, nodes of two weights): the loop runs the job on three nodes, the
     * third added by a lighter node's base block past {@code max_nodes} (block10's 26.05 rule, yamlfz28 y38), where
     * the bound's sum of the two best offers had called it out of reach. Found by the clean-clone CI.
     */
    @net.jqwik.api.Example
    void aLighterBaseBlockPastMaxNodesKeepsTheBoundOff() {
        blockBoundAnswersAsTheWholeLoop(-1269568018L);
    }

    @Property(tries = 300)
    void blockBoundAnswersAsTheWholeLoop(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        SlurmVersion v = r.nextBoolean() ? SlurmVersion.V24_11 : V;
        Cluster c = BenchClusters.withBlocks(NodeVerdictsPropertyTest.cluster(r), 2 + r.nextInt(2));
        BlockTable table = BlockTable.of(c, true);
        List<SlurmNode> nodes = table.nodes();
        List<Integer> sizes = c.fabric().blockSizes();
        ClusterState s = busy(r, c);
        for (int k = 0; k < 6; k++) {
            SlurmJobSpec job = SlurmJobSpec.of(gpuJob(r, "b" + k));
            boolean byTasks = r.nextBoolean();
            BlockSelector bounded = new BlockSelector(nodes, table.bases(), sizes, new BitSet(), v, byTasks);
            BlockSelector whole = new BlockSelector(nodes, table.bases(), sizes, new BitSet(), v, byTasks)
                    .withoutGpuBound();
            SlurmAllocation withBound = SlurmAllocation.attempt(s, nodes, SlurmBlockPolicy.retried(bounded, v), job, v);
            SlurmAllocation ranOut = SlurmAllocation.attempt(s, nodes, SlurmBlockPolicy.retried(whole, v), job, v);
            String what = job + " under " + v.label() + ", nodes bound by tasks " + byTasks + " (seed " + seed + ")";
            assertThat(placement(withBound)).as(what).isEqualTo(placement(ranOut));
            if (v == SlurmVersion.V24_11) {
                // 24.11's verdict reads no failure reason (SlurmBlockPolicy), and its retry keeps the last round's
                continue;
            }
            assertThat(bounded.failure()).as("failure, %s", what).isEqualTo(whole.failure());
            assertThat(bounded.reachedPlugin()).as("reached the plugin, %s", what).isEqualTo(whole.reachedPlugin());
        }
    }

    /** {@code --gpus=N} on 1-3 nodes (sometimes a range), N up to what 6-GPU nodes could hold and a little past. */
    private static JobRequest gpuJob(Random r, String name) {
        int min = 1 + r.nextInt(3);
        JobRequest.Builder b = JobRequest.builder().name(name).nodes(min, min + r.nextInt(2))
                .gpus(1 + r.nextInt(6 * min + 3));
        if (r.nextInt(3) == 0) {
            b.ntasks(min + r.nextInt(2));
        }
        if (r.nextInt(4) == 0) {
            b.cpusPerGpu(1 + r.nextInt(3));
        }
        return b.build();
    }

    /** Zero to three jobs, each on one host, holding random cores (every thread of each) and random GPUs. */
    private static ClusterState busy(Random r, Cluster c) {
        ClusterState s = ClusterState.empty(c);
        List<String> hosts = new ArrayList<>(c.hostNames());
        for (int j = 0, jobs = r.nextInt(4); j < jobs && !hosts.isEmpty(); j++) {
            String h = hosts.remove(r.nextInt(hosts.size()));
            SlurmCpuIds ids = ClusterIndex.of(c).cpuIdsOf(h);
            List<Integer> cpus = new ArrayList<>();
            for (int core = 0; core < ids.cores(); core++) {
                if (r.nextInt(3) == 0) {
                    for (int t = 0; t < ids.threadsPerCore(); t++) {
                        cpus.add(core * ids.threadsPerCore() + t);
                    }
                }
            }
            if (cpus.isEmpty()) {
                cpus.add(0);
            }
            List<Integer> gpus = new ArrayList<>();
            for (Gpu g : c.node(h).gpus()) {
                if (r.nextInt(2) == 0) {
                    gpus.add(g.index());
                }
            }
            s = s.with(new Placement("o" + j, List.of(HostAllocation.of(h, gpus, CpuSet.of(cpus)))),
                    ClusterState.Hold.LISTED);
        }
        return s;
    }

    private static Placement placement(SlurmAllocation a) {
        return a == null ? null : a.placement("j");
    }
}
