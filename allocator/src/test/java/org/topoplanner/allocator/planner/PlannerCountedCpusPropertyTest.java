package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.FreeMemory;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * On the stored {@code CR_CPU_Memory} clusters (mem2b, c11h1: two-thread cores; mem2f: one- and two-thread nodes),
 * busy as {@code slurm-tree} leaves them, the planner's own optimum for a random {@code -n} / {@code -c} /
 * {@code --ntasks-per-node} job with {@code --mem-per-cpu} carries on each node the CPUs its split gives there
 * ({@link HostAllocation#countedCpus}): whole cores cover them, they add up to the job's tasks' CPUs (the rounding's
 * spare tasks trimmed, {@link SpareTrim}), each node holds exactly the figure times them ({@link FreeMemory#heldBy}),
 * and that fits what the running jobs leave, so a job after it sees exactly the rest.
 */
class PlannerCountedCpusPropertyTest {
    private static final List<String> CASES = List.of("mem2b", "c11h1", "mem2f");
    private static final long[] PER_CPU = {500, 1000, 2500, 4000};
    private static final AtomicInteger PLANNED = new AtomicInteger();
    private static final AtomicInteger TRIMMED = new AtomicInteger();

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    /**
     * Seed 237984: {@code -N3 -n5 -c3 --mem-per-cpu=500} on mem2b under 22.05. With TaskDeal2205's over-subscribed
     * deal (d24p) the planner counted 8 + 3 + 3 CPUs, below the tasks' 15; the over-subscribed deal is now not taken
     * where memory counts the tasks' CPUs.
     */
    @Example
    void seed237984() throws JobRequestException {
        theMemoryHeldIsWhatTheSplitGives(237984L);
    }

    @Property(tries = 150)
    void theMemoryHeldIsWhatTheSplitGives(@ForAll("seeds") long seed) throws JobRequestException {
        Random r = new Random(seed);
        String caseName = CASES.get(r.nextInt(CASES.size()));
        Cluster c = OracleCase.cluster(caseName);
        List<String> hosts = c.hostNames();
        SlurmVersion v = List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05).get(r.nextInt(3));
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(v);
        SlurmTreePolicy tree = new SlurmTreePolicy(options);
        ClusterState s = ClusterState.empty(c);
        for (int i = 0, n = r.nextInt(5); i < n; i++) {
            JobRequest run = SbatchOptions.parseLine("-N1 -w " + hosts.get(r.nextInt(hosts.size())) + " -n"
                    + (1 + r.nextInt(3)) + " -c" + (1 + r.nextInt(3)) + " --mem-per-cpu=" + PER_CPU[r.nextInt(4)],
                    "r" + i);
            if (tree.suggest(s, run) instanceof Suggestion.Placed p) {
                s = s.with(p.placement(), ClusterState.Hold.LISTED, FreeMemory.heldBy(c, run, p.placement()));
            }
        }
        int cpt = 1 + r.nextInt(3);
        long perCpu = PER_CPU[r.nextInt(PER_CPU.length)];
        int nodes = 1 + r.nextInt(3);
        boolean perNode = r.nextInt(4) == 0;
        int tasks = nodes + r.nextInt(6);
        String shape = perNode ? "-N" + nodes + " --ntasks-per-node=" + (1 + r.nextInt(3))
                : r.nextBoolean() ? "-N" + nodes + " -n" + tasks : "-n" + tasks;
        JobRequest job = SbatchOptions.parseLine(shape + " -c" + cpt + " --mem-per-cpu=" + perCpu, "j");
        String what = job + " on " + caseName + " under " + v.label() + " (seed " + seed + ")";
        Optional<PlannerPolicy.Plan> plan = new PlannerPolicy(options).plan(s, job);
        if (plan.isEmpty()) {
            return;
        }
        PLANNED.incrementAndGet();
        Placement p = plan.get().placement();
        HeldMemory held = FreeMemory.heldBy(c, job, p);
        int sum = 0;
        for (HostAllocation a : p.hosts()) {
            assertThat(a.countedCpus()).as("the count on %s, %s: %s", a.host(), what, p).isNotNull();
            int threads = ClusterIndex.of(c).cpuIdsOf(a.host()).threadsPerCore();
            assertThat(a.countedCpus()).as("whole cores for the count on %s, %s: %s", a.host(), what, p)
                    .isBetween(a.cpus().size() - threads + 1, a.cpus().size());
            if (perNode) {
                assertThat(a.countedCpus()).as("--ntasks-per-node's CPUs on %s, %s", a.host(), what)
                        .isEqualTo(job.ntasksPerNode() * cpt);
            }
            assertThat(held.on(a.host())).as("the memory held on %s, %s: %s", a.host(), what, p)
                    .isEqualTo(perCpu * a.countedCpus());
            sum += a.countedCpus();
        }
        if (!perNode) {
            assertThat(sum).as("the tasks' CPUs, %s: %s", what, p).isEqualTo(job.ntasks() * cpt);
            if (p.hosts().stream().map(HostAllocation::countedCpus).distinct().count() > 1) {
                TRIMMED.incrementAndGet();
            }
        }
        assertThat(JobMemoryFit.shortNode(c, s, job, p)).as("the memory left for %s: %s", what, p).isNull();
        ClusterState after = s.with(p, ClusterState.Hold.LISTED, held);
        for (HostAllocation a : p.hosts()) {
            assertThat(JobMemoryFit.left(c, after, a.host())).as("what a job after %s sees on %s", what, a.host())
                    .isEqualTo(JobMemoryFit.left(c, s, a.host()) - perCpu * a.countedCpus());
        }
    }

    /** Tries that plan nothing, or never trim a spare task, would pass anything. */
    @AfterContainer
    static void theTriesTestedTheRule() {
        if (PLANNED.get() + TRIMMED.get() > 0) {
            assertThat(PLANNED.get()).isGreaterThan(50);
            assertThat(TRIMMED.get()).isGreaterThan(5);
        }
    }
}
