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
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.FreeMemory;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner reads consumable memory as Slurm's selection does (cons_tres {@code _can_job_run_on_node}, 22.05.8,
 * 24.11.5 and 26.05 alike): a per-CPU figure ({@code --mem-per-cpu} or {@code DefMemPerCPU}) caps the CPUs a node
 * gives the job at what its free memory pays for, the node's cores stay whole; a per-GPU figure caps its GPUs. On
 * random busy states of the stored memory cases (memory held by the running jobs as {@link FreeMemory#heldBy} says)
 * and a random job with {@code --mem-per-cpu}, {@code --mem}, {@code --mem-per-gpu} or the case's default, asked
 * under every release (22.05, 24.11 and 26.05 on the same state), the planner places exactly the jobs
 * {@code slurm-tree} of that release places: it never starts what Slurm refuses, and never leaves waiting (or
 * refuses) what Slurm starts. Excepted are the planner's own guards that are not about memory
 * ({@link SbatchSubmitTest}'s hold, {@link Suggestion.Pending.Cause#SUBMIT_TEST}; {@link SocketBindingGuard}), and
 * Slurm's count on GPUs without
 * topology that passes their memory (own probe c26k2 z1, {@link SlurmAgreement#withinFreeGpus}).
 * Every placement of the planner (its answer and its own optimum) and of {@code slurm-tree} fits the memory the
 * running jobs leave.
 */
class PlannerPerCpuMemoryPropertyTest {
    private static final List<String> CASES = List.of("mem2a", "mem2b", "mem2c", "mem2e", "mem3c", "c9m1");
    private static final String[] MEMORY = {"", "", "--mem-per-cpu=1000", "--mem-per-cpu=2500",
        "--mem-per-cpu=4000", "--mem-per-cpu=9000", "--mem-per-cpu=20000", "--mem=6000", "--mem=30000",
        "--mem-per-gpu=4000", "--mem-per-gpu=15000"};
    private static final AtomicInteger TRIES = new AtomicInteger();
    private static final AtomicInteger BUSY = new AtomicInteger();
    private static final AtomicInteger PLACED = new AtomicInteger();
    private static final AtomicInteger REFUSED = new AtomicInteger();
    private static final AtomicInteger MEMORY_DECIDES = new AtomicInteger();

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 250)
    void plannerPlacesWhatSlurmTreePlacesUnderConsumableMemory(@ForAll("seeds") long seed)
            throws JobRequestException {
        Drawn d = drawn(seed);
        TRIES.incrementAndGet();
        BUSY.addAndGet(d.state().running().isEmpty() ? 0 : 1);
        // the same state and job under every release (the state was made by one of them)
        for (SlurmVersion asked : List.of(d.version(), next(d.version()), next(next(d.version())))) {
            ask(d.cluster(), d.state(), d.job(), asked, d.caseName() + " under Slurm " + asked.label() + " (seed "
                    + seed + ")");
        }
    }

    /** One try's cluster, busy state (made under {@code version}) and job. */
    private record Drawn(String caseName, Cluster cluster, ClusterState state, JobRequest job, SlurmVersion version) {
    }

    private static Drawn drawn(long seed) throws JobRequestException {
        Random r = new Random(seed);
        String caseName = CASES.get(r.nextInt(CASES.size()));
        Cluster c = OracleCase.cluster(caseName);
        org.topoplanner.allocator.ClusterIndex index = org.topoplanner.allocator.ClusterIndex.of(c);
        List<String> hosts = java.util.stream.IntStream.range(0, index.size()).mapToObj(index::host).toList();
        SlurmVersion v = List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05).get(r.nextInt(3));
        SlurmTreePolicy tree = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
        ClusterState s = ClusterState.empty(c);
        for (int i = 0, n = r.nextInt(6); i < n; i++) {
            JobRequest run = randomJob(r, "r" + i, hosts);
            if (tree.suggest(s, run) instanceof Suggestion.Placed p) {
                s = s.with(p.placement(), run.exclusive() ? ClusterState.Hold.WHOLE_NODES : ClusterState.Hold.LISTED,
                        FreeMemory.heldBy(c, run, p.placement()));
            }
        }
        return new Drawn(caseName, c, s, randomJob(r, "j", hosts), v);
    }

    private static SlurmVersion next(SlurmVersion v) {
        return v == SlurmVersion.V22_05 ? SlurmVersion.V24_11
                : v == SlurmVersion.V24_11 ? SlurmVersion.V26_05 : SlurmVersion.V22_05;
    }

    /** slurm-tree's and the planner's answers to {@code job} on {@code s} under release {@code v}, held together. */
    private static void ask(Cluster c, ClusterState s, JobRequest job, SlurmVersion v, String where) {
        String what = job + " on " + where;
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(v);
        SlurmTreePolicy tree = new SlurmTreePolicy(options);
        Suggestion slurm = tree.suggest(s, job);
        PlannerPolicy planner = new PlannerPolicy(options);
        Suggestion mine = planner.suggest(s, job);
        if (slurm instanceof Suggestion.Placed theirs) {
            PLACED.incrementAndGet();
            boolean guarded = mine instanceof Suggestion.Pending p && p.cause() == Suggestion.Pending.Cause.SUBMIT_TEST
                    || SocketBindingGuard.refusal(s, job, theirs.placement()) != null;
            if (!guarded) {
                assertThat(mine).as("slurm-tree places %s: %s", what, slurm).isInstanceOf(Suggestion.Placed.class);
            }
        } else {
            REFUSED.incrementAndGet();
            assertThat(mine).as("slurm-tree says %s for %s", slurm, what).isNotInstanceOf(Suggestion.Placed.class);
        }
        if (slurm instanceof Suggestion.Placed t) {
            // slurm-tree's own placements fit the memory they are charged for: FreeMemory.heldBy charges a CR_CPU
            // job the CPUs slurm-tree counted on each node (HostAllocation.countedCpus, job_res->cpus[n]); seed
            // 5558292 (22.05's -n6 -c3 on mem2b's g1, g2 and t2) was charged two tasks on t2 by an even dealing, and
            // seed -7309 (26.05's -n7 on t1 and t2) four on t1 by the tasks read back from its cores
            assertThat(fitsFreeMemory(c, s, job, t.placement())).as("slurm-tree's memory for %s: %s", what, t)
                    .isTrue();
        }
        if (mine instanceof Suggestion.Placed p) {
            assertThat(fitsFreeMemory(c, s, job, p.placement())).as("the planner's memory for %s: %s", what, p)
                    .isTrue();
        }
        Optional<PlannerPolicy.Plan> own = planner.plan(s, job);
        if (own.isPresent()) {
            assertThat(fitsFreeMemory(c, s, job, own.get().placement()))
                    .as("the planner's optimum's memory for %s: %s", what, own.get().placement()).isTrue();
        }
        if (onOneNode(job)) {
            // the planner's own rules against slurm-tree's where memory alone decides: the same job with a per-CPU
            // figure too small to bind (1 MB) placed by both, Slurm's verdict with the job's own figure is the
            // planner's own (a one-node job: the node's demand is the same for both, no uneven split)
            JobRequest free = job.toBuilder().memMiB(null).memPerGpuMiB(null).memPerCpuMiB(1L).build();
            // excepted: slurm-tree's pick failed by _job_test's memory_allocated loop (FreeMemory.overallocatedNode,
            // PROVENANCE p12f, l16f): Slurm fails the pass on its first pick and tries no other node, so the job
            // waits though another node would serve it (seed -42: 24.11's busy a1 is picked, its whole cores cost
            // more than a1 has free, the planner's optimum is on p1); a rule of the pick, not of a node's memory
            boolean pickFailedTheLoop = slurm instanceof Suggestion.Pending held
                    && held.cause() == Suggestion.Pending.Cause.PICK_FAILS_MEMORY;
            if (pickFailedTheLoop) {
                // the decision (issue 16: never accept what Slurm refuses): the planner's answer waits as Slurm's
                // does, for the same cause; its own optimum, where it has one, is on nodes whose memory takes the
                // job's whole cores (the assertion on own above), so never on the pick Slurm fails
                assertThat(mine).as("the planner's answer where Slurm's pick fails the memory loop, %s", what)
                        .isInstanceOfSatisfying(Suggestion.Pending.class, p -> assertThat(p.cause())
                                .isEqualTo(Suggestion.Pending.Cause.PICK_FAILS_MEMORY));
            }
            if (!pickFailedTheLoop && tree.suggest(s, free) instanceof Suggestion.Placed
                    && planner.plan(s, free).isPresent()) {
                MEMORY_DECIDES.incrementAndGet();
                assertThat(own.isPresent()).as("the planner's own optimum (%s) against slurm-tree (%s) for %s",
                        own.map(PlannerPolicy.Plan::placement), slurm, what)
                        .isEqualTo(slurm instanceof Suggestion.Placed);
            }
        }
    }

    /**
     * A job on one node ({@code -N1}): the planner's demand there is the whole job's, as Slurm's is ({@code -w}
     * alone names a node the job may span from, as Slurm spreads {@code -w g2 -n3 -c3} over g1 and g2).
     */
    private static boolean onOneNode(JobRequest job) {
        return job.minNodes() != null && job.minNodes() == 1 && (job.maxNodes() == null || job.maxNodes() == 1);
    }

    /**
     * The try that failed before the planner read the cap (seed -55): mem2b ({@code CR_CPU_Memory}, g2 48,000 MB,
     * 2 x 4 two-thread cores), {@code -N1 --gpus-per-node=3 -c2 --mem-per-cpu=20000 --gres-flags=enforce-binding}
     * under 22.05. g2's memory pays for two CPUs, one core: Slurm's filter then binds the GPUs of that core's socket
     * only, fewer than three, and {@code slurm-tree} refuses the job; the planner's stand-in held every free core but
     * the lowest and still put three GPUs on it under the loose binding. Now the binding verdict reads the same cap
     * ({@link org.topoplanner.allocator.slurm.SlurmBinding#refused}) and the planner's own optimum is empty too.
     */
    @Example
    void aCapOfOneCoreBindsTheGpusOfOneSocket() throws JobRequestException {
        plannerPlacesWhatSlurmTreePlacesUnderConsumableMemory(-55L);
    }

    /**
     * CI's seed -7309 (26.05, {@code -n7 --mem-per-cpu=1000} on mem2b's t1 and t2, two threads a core): 4 CPUs shown
     * on each node, where Slurm's {@code dist_tasks} counts 3 on t1 (its free memory caps its {@code avail_cpus}) and
     * 4 on t2. The cores alone cannot say which node holds the fourth task; the placement carries slurm-tree's count
     * ({@link org.topoplanner.model.job.HostAllocation#countedCpus}), so the split is charged exactly, no tie excused.
     */
    @Example
    void aTaskOfFewerCpusThanACoresThreadsIsChargedOnSlurmsCount() throws JobRequestException {
        plannerPlacesWhatSlurmTreePlacesUnderConsumableMemory(-7309L);
    }

    /** The uneven CR_CPU split p11c excused (its "Still open"): now charged as Slurm charges it. */
    @Example
    void anUnevenSplitHoldsItsNodesTasksMemory() throws JobRequestException {
        plannerPlacesWhatSlurmTreePlacesUnderConsumableMemory(5558292L);
    }

    /**
     * Seed 773: mem2c under 22.05, {@code -N1 -w g1 --gpus-per-node=1 --cpus-per-gpu=1 --mem-per-cpu=20000
     * --gres-flags=enforce-binding} on a busy g1 (see PROVENANCE p11j).
     */
    @Example
    void aBusyNodesPerCpuMemoryUnderEnforcedBinding() throws JobRequestException {
        plannerPlacesWhatSlurmTreePlacesUnderConsumableMemory(773L);
    }

    /**
     * Seed -3380: mem2c ({@code CR_Core_Memory}, c1 1 x 8 two-thread cores, 24,000 MB), {@code -n4 -c3
     * --mem-per-cpu=2500} on a busy state (see PROVENANCE p12f).
     */
    @Example
    void aCoreMemoryJobOnTwoThreadCores() throws JobRequestException {
        plannerPlacesWhatSlurmTreePlacesUnderConsumableMemory(-3380L);
    }

    /**
     * Seed -42: mem2e under 24.11, {@code -N1 -n1 -c5 --mem-per-cpu=9000} on a busy state. 24.11 starts a1's cap from
     * whole tasks (PROVENANCE l16f), keeps a1, picks it first and fails the job there by the memory loop (three cores,
     * 54,000 MB): {@code Resources}, {@link Suggestion.Pending.Cause#PICK_FAILS_MEMORY}. Decided (PROVENANCE d17c):
     * the planner answers as Slurm does (waiting, the same cause: it proposes nothing Slurm does not start), and its
     * own optimum stays where the node rules put it, on p1, which pays for the job's whole cores: it avoids the pick
     * Slurm fails rather than copying Slurm's failure. 22.05 (every free CPU first, no whole-task cut) and 26.05 skip
     * a1 for memory and start the job, as the planner places it.
     */
    @Example
    void aPickTheMemoryLoopFailsLeavesTheOptimumElsewhere() throws JobRequestException {
        plannerPlacesWhatSlurmTreePlacesUnderConsumableMemory(-42L);
        Drawn d = drawn(-42L);
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11);
        Suggestion slurm = new SlurmTreePolicy(options).suggest(d.state(), d.job());
        assertThat(slurm).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.cause()).isEqualTo(Suggestion.Pending.Cause.PICK_FAILS_MEMORY));
        PlannerPolicy planner = new PlannerPolicy(options);
        assertThat(planner.suggest(d.state(), d.job())).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.cause()).isEqualTo(Suggestion.Pending.Cause.PICK_FAILS_MEMORY));
        Placement own = planner.plan(d.state(), d.job()).orElseThrow().placement();
        assertThat(own.hostNames()).containsExactly("p1");
        assertThat(FreeMemory.overallocatedNode(d.state(), d.job(), own)).isNull();
    }

    /**
     * CI's seed 51653: mem2c idle ({@code CR_Core_Memory}, 1 x 8 two-thread cores, 24,000 MB a node), {@code -N1 -c9
     * --mem-per-cpu=2500}. 22.05's test refuses it at submission; 24.11 and 26.05 take it (the cap is 9 CPUs, one
     * whole task) and fail the pick's five whole cores (25,000 MB) in {@code _job_test}'s memory loop, so it stays
     * {@code Resources} for good. The planner found no node even when idle and said so as sbatch's refusal; it now
     * waits with Slurm's reason and cause and says it never starts, and speaks of the core selection, not of GPU
     * sockets, for a job without GPUs.
     */
    @Example
    void aJobSlurmTakesButNeverStartsWaitsAsSlurmShowsIt() throws JobRequestException {
        plannerPlacesWhatSlurmTreePlacesUnderConsumableMemory(51653L);
        Drawn d = drawn(51653L);
        assertThat(d.state().running()).isEmpty();
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            Suggestion mine = new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(d.state(), d.job());
            assertThat(mine).isInstanceOfSatisfying(Suggestion.Pending.class, p -> assertThat(p.explanation())
                    .contains("never starts").contains("core selection").doesNotContain("GPUs' sockets"));
        }
    }

    /**
     * A soak run's seed -47391: mem3c under 24.11 and 26.05 with r0 on a3, {@code -N1 -c9 --mem-per-cpu=2500}. Slurm
     * picks a1 and fails it in the memory loop ({@link Suggestion.Pending.Cause#PICK_FAILS_MEMORY}); the planner,
     * finding no node for the whole cores, waited for a free node ({@code STATE}) and named the kubelet among its
     * limits on a Slurm cluster. It now waits for Slurm's cause, with its own finding beside it.
     */
    @Example
    void bothWaitButForSlurmsCause() throws JobRequestException {
        plannerPlacesWhatSlurmTreePlacesUnderConsumableMemory(-47391L);
        Drawn d = drawn(-47391L);
        Suggestion mine = new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11))
                .suggest(d.state(), d.job());
        assertThat(mine).isInstanceOfSatisfying(Suggestion.Pending.class, p -> assertThat(p.explanation())
                .contains("overallocate").doesNotContain("kubelet"));
    }

    /**
     * CI's seed -1947: mem2b under 26.05, {@code -N2 -n5 --mem-per-cpu=2500}. With the rounding's spare task taken
     * off t2 the planner showed 4 + 2 CPUs, whose cores charge four one-CPU tasks on t1 (CR_CPU), past t1's free
     * memory. The planner then kept the even share under a per-CPU figure; now its placement carries the CPUs its
     * split counts (3 + 2, {@link org.topoplanner.model.job.HostAllocation#countedCpus}), charged as such, and the
     * spare task is trimmed there too ({@link PlannerCountedCpusTest}).
     */
    @Example
    void aSpareTaskUnderPerCpuMemoryStaysOnItsNode() throws JobRequestException {
        plannerPlacesWhatSlurmTreePlacesUnderConsumableMemory(-1947L);
    }

    /** Random states and jobs that test nothing (all idle, never placed, never refused) would pass anything. */
    @AfterContainer
    static void theTriesTestedTheRule() {
        if (TRIES.get() >= 100) {
            assertThat(BUSY.get()).isGreaterThan(TRIES.get() / 3);
            // three questions a try, one per release
            assertThat(PLACED.get()).isGreaterThan(3 * TRIES.get() / 5);
            assertThat(REFUSED.get()).isGreaterThan(3 * TRIES.get() / 10);
            assertThat(MEMORY_DECIDES.get()).isGreaterThan(3 * TRIES.get() / 5);
        }
    }

    /** A job of one of the stored memory probes' shapes with a random memory figure. */
    private static JobRequest randomJob(Random r, String name, List<String> hosts) throws JobRequestException {
        String host = hosts.get(r.nextInt(hosts.size()));
        String shape = switch (r.nextInt(9)) {
            case 0 -> "-N1 -n" + (1 + r.nextInt(8));
            case 1 -> "-N1 -n1 -c" + (1 + r.nextInt(12));
            case 2 -> "-N1 -w " + host + " -n" + (1 + r.nextInt(3)) + " -c" + (1 + r.nextInt(6));
            case 3 -> "-N1 --gpus-per-node=" + (1 + r.nextInt(3)) + " -c" + (1 + r.nextInt(3));
            case 4 -> "-N1 -w " + host + " --gpus-per-node=" + (1 + r.nextInt(2)) + " --cpus-per-gpu=" + (1 + r.nextInt(8))
                    + " --gres-flags=enforce-binding";
            case 5 -> "-N1 --gpus-per-node=" + (1 + r.nextInt(4)) + " -c" + (1 + r.nextInt(4))
                    + " --gres-flags=enforce-binding";
            case 6 -> "-N2 -n" + (2 + r.nextInt(6));
            case 7 -> "-n" + (2 + r.nextInt(12)) + " -c" + (1 + r.nextInt(3));
            default -> "-N1 -n1 --exclusive";
        };
        String memory = MEMORY[r.nextInt(MEMORY.length)];
        if (memory.startsWith("--mem-per-gpu") && !shape.contains("gpus")) {
            memory = ""; // sbatch needs a GPU count for --mem-per-gpu
        }
        return SbatchOptions.parseLine(shape + " " + memory, name);
    }

    /** Whether the job's memory on each node of {@code p} fits what the running jobs leave there. */
    private static boolean fitsFreeMemory(Cluster c, ClusterState s, JobRequest job, Placement p) {
        return JobMemoryFit.shortNode(c, s, job, p) == null;
    }
}
