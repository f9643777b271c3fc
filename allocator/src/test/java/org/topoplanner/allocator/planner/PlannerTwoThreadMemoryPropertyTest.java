package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.FreeMemory;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner on two-thread nodes under {@code CR_Core_Memory} with a per-CPU or per-GPU figure near what a node's
 * free memory pays, an odd {@code -c}, busy nodes: where {@code _job_test}'s {@code memory_allocated} loop charges the
 * whole cores a node's tasks got ({@link FreeMemory#overallocatedNode}, PROVENANCE p12f), the planner must not start
 * what {@code slurm-tree} of the same release holds or refuses, and neither its answer nor its own optimum may
 * overallocate a node. mem2c (c1: 8 two-thread cores, 24,000 MB) and mem2b switched to {@code CR_Core_Memory} (t1,
 * t2: 4 two-thread cores, 8,000 MB; g1, g2: 2 x 4 two-thread cores and 4 GPUs, 24,000 and 48,000 MB).
 */
class PlannerTwoThreadMemoryPropertyTest {
    private static final AtomicInteger TRIES = new AtomicInteger();
    private static final AtomicInteger PLACED = new AtomicInteger();
    private static final AtomicInteger HELD = new AtomicInteger();

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 150)
    void plannerNeverStartsWhatTheWholeCoreChargeHolds(@ForAll("seeds") long seed) throws JobRequestException {
        Random r = new Random(seed);
        Cluster c = r.nextBoolean() ? OracleCase.cluster("mem2c")
                : coreMemory(OracleCase.cluster("mem2b"));
        SlurmVersion v = List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05).get(r.nextInt(3));
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(v);
        SlurmTreePolicy tree = new SlurmTreePolicy(options);
        ClusterState s = ClusterState.empty(c);
        for (int i = 0, n = r.nextInt(4); i < n; i++) {
            // busy nodes: a few cores and some memory held
            JobRequest run = SbatchOptions.parseLine("-N1 -n" + (1 + r.nextInt(6)) + " --mem=" + (500 * (1 + r.nextInt(12))),
                    "r" + i);
            if (tree.suggest(s, run) instanceof Suggestion.Placed p) {
                s = s.with(p.placement(), ClusterState.Hold.LISTED, FreeMemory.heldBy(c, run, p.placement()));
            }
        }
        JobRequest job = SbatchOptions.parseLine(randomShape(r), "j");
        TRIES.incrementAndGet();
        String what = job + " under " + v.label() + " (seed " + seed + ")";
        Suggestion slurm = tree.suggest(s, job);
        PlannerPolicy planner = new PlannerPolicy(options);
        Suggestion mine = planner.suggest(s, job);
        if (slurm instanceof Suggestion.Placed) {
            PLACED.incrementAndGet();
        } else {
            HELD.incrementAndGet();
            assertThat(mine).as("slurm-tree says %s for %s", slurm, what).isNotInstanceOf(Suggestion.Placed.class);
        }
        if (mine instanceof Suggestion.Placed p) {
            assertThat(FreeMemory.overallocatedNode(s, job, p.placement())).as("the planner's answer for %s: %s",
                    what, p).isNull();
        }
        Optional<PlannerPolicy.Plan> own = planner.plan(s, job);
        if (own.isPresent()) {
            assertThat(FreeMemory.overallocatedNode(s, job, own.get().placement()))
                    .as("the planner's own optimum for %s: %s", what, own.get().placement()).isNull();
        }
    }

    /** Odd task sizes, a memory figure near what 1 to 12 CPUs (or 1 to 4 GPUs) of a node's memory pay. */
    private static String randomShape(Random r) {
        int[] memories = {8000, 24000, 48000, 22000, 16000};
        long node = memories[r.nextInt(memories.length)];
        int c = 1 + 2 * r.nextInt(3);
        String shape = switch (r.nextInt(5)) {
            case 0 -> "-N1 -n" + (1 + r.nextInt(4)) + " -c" + c;
            case 1 -> "-n" + (2 + r.nextInt(6)) + " -c" + c;
            case 2 -> "-N2 -n" + (2 + r.nextInt(4)) + " -c" + c;
            case 3 -> "-N1 --gpus-per-node=" + (1 + r.nextInt(2)) + " -c" + c;
            default -> "-N1 --gpus=" + (1 + r.nextInt(3)) + " -c" + c;
        };
        if (shape.contains("gpus") && r.nextBoolean()) {
            return shape + " --mem-per-gpu=" + (node / (1 + r.nextInt(4)) + 100 * (r.nextInt(3) - 1));
        }
        long perCpu = node / (1 + r.nextInt(12)) + 100 * (r.nextInt(3) - 1);
        return shape + " --mem-per-cpu=" + Math.max(100, perCpu);
    }

    /** {@code cluster} with {@code SelectTypeParameters=CR_Core_Memory}: its two-thread nodes charge whole cores. */
    private static Cluster coreMemory(Cluster cluster) {
        Map<String, String> keys = new LinkedHashMap<>(cluster.slurm().keys());
        keys.put("SelectTypeParameters", "CR_Core_Memory");
        SlurmSettings s = cluster.slurm();
        return new Cluster(cluster.name(), cluster.fabric(), cluster.nodes(), cluster.hosts(),
                new SlurmSettings(s.nodeLines(), s.gres(), keys, s.topologies()), null);
    }

    /** Tries that never place or never hold test nothing. */
    @AfterContainer
    static void theTriesTestedTheRule() {
        if (TRIES.get() >= 100) {
            assertThat(PLACED.get()).isGreaterThan(TRIES.get() / 5);
            assertThat(HELD.get()).isGreaterThan(TRIES.get() / 10);
        }
    }
}
