package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
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
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Every GPU job the planner places, under each release, is one {@code slurm-tree} of that release runs on the same
 * state with the planner's nodes named ({@code -w}), unless those nodes are {@code slurm-tree}'s own pick (22.05's
 * weight-group loop may run a set its required-node loop refuses: seed -508, real 22.05.8 in own probe c28n1): the
 * user can submit what the planner proposes ({@link OwnNodesNamed}, {@link NamedNodeSearch}). The jobs are both
 * generators' of {@link BindingClusters}' states: {@code -n} jobs of {@link PlannerGpuTaskDeal2205PropertyTest} and
 * those without {@code -n} ({@code --gpus-per-node}, {@code --gpus=N}, {@code --cpus-per-gpu}, enforce-binding) of
 * {@link PlannerBindingPropertyTest}. Narrowed: no {@code --ntasks-per-gpu} (slurmctld sets its tasks from the GPUs,
 * the planner's held tasks differ from sbatch's: {@link GpuFilterOnNodes#applies}, {@code PlannerNtasksPerGpuPropertyTest}
 * checks it apart) and no {@code --threads-per-core} (not drawn by either generator).
 */
class PlannerNamedNodesPropertyTest {
    private static final AtomicInteger TRIES = new AtomicInteger();
    private static final AtomicInteger PLACED = new AtomicInteger();

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Provide
    Arbitrary<SlurmVersion> releases() {
        return Arbitraries.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05);
    }

    @Property(tries = 200)
    void placesOnlyWhereSlurmRunsItNamed(@ForAll("seeds") long seed, @ForAll("releases") SlurmVersion release) {
        for (int generator = 0; generator < 2; generator++) {
            Random r = new Random(seed);
            Cluster c = BindingClusters.tree(r);
            ClusterState s = BindingClusters.occupy(r, c);
            JobRequest job = generator == 0 ? PlannerPolicyTest.job(PlannerGpuTaskDeal2205PropertyTest.randomJob(r))
                    : PlannerBindingPropertyTest.randomJob(r, c);
            check(s, job, release, seed);
        }
    }

    /**
     * Seed -508 ({@code -N2 -n9 --gpus=2 --cpus-per-gpu=3}, n01 cores 0 and 4-7 busy, n02 idle): 22.05 places it on
     * n01 and n02 (its own pick), whose named test waits Resources; real 22.05.8 does both (c28n1 j1, j2). 24.11 and
     * 26.05 refuse it at submission, and the planner with them.
     */
    @Example
    void seedMinus508KeepsSlurmsOwnPickThatItsRequiredNodeLoopRefuses() {
        Random r = new Random(-508L);
        Cluster c = BindingClusters.tree(r);
        ClusterState s = BindingClusters.occupy(r, c);
        String options = PlannerGpuTaskDeal2205PropertyTest.randomJob(r);
        assertThat(options).isEqualTo("-N2 -n9 --gpus=2 --cpus-per-gpu=3");
        PolicyOptions v2205 = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05);
        assertThat(new SlurmTreePolicy(v2205).suggest(s, PlannerPolicyTest.job("-w n01,n02 " + options)))
                .isInstanceOf(Suggestion.Pending.class);
        Suggestion.Placed mine = (Suggestion.Placed) new PlannerPolicy(v2205).suggest(s, PlannerPolicyTest.job(options));
        assertThat(mine.placement().hostNames()).containsExactly("n01", "n02");
        for (SlurmVersion later : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            assertThat(new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(later))
                    .suggest(s, PlannerPolicyTest.job(options))).isInstanceOf(Suggestion.Impossible.class);
        }
    }

    /**
     * Seed 455 ({@code -N2 -n3 --gpus-per-task=1}): under 24.11 and 26.05 the planner's optimum n01, n03 waits named
     * (slurm-tree holds it Resources there); Slurm's own pick is n02, n04. The next-best set by the planner's score,
     * n02 and n03 (n01 left out), runs named, and is proposed: the planner's best that Slurm runs, not Slurm's pick.
     */
    @Example
    void seed455TakesTheNextBestSetThatRunsNamed() {
        for (SlurmVersion release : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            Random r = new Random(455L);
            Cluster c = BindingClusters.tree(r);
            ClusterState s = BindingClusters.occupy(r, c);
            String options = PlannerGpuTaskDeal2205PropertyTest.randomJob(r);
            assertThat(options).isEqualTo("-N2 -n3 --gpus-per-task=1");
            PolicyOptions o = PolicyOptions.DEFAULT.withSlurmVersion(release);
            assertThat(new SlurmTreePolicy(o).suggest(s, PlannerPolicyTest.job("-w n01,n03 " + options)))
                    .isInstanceOf(Suggestion.Pending.class);
            Suggestion.Placed slurm = (Suggestion.Placed) new SlurmTreePolicy(o).suggest(s,
                    PlannerPolicyTest.job(options));
            assertThat(slurm.placement().hostNames()).containsExactly("n02", "n04");
            Suggestion.Placed mine = (Suggestion.Placed) new PlannerPolicy(o).suggest(s, PlannerPolicyTest.job(options));
            assertThat(mine.placement().hostNames()).containsExactly("n02", "n03");
            assertThat(mine.notes().get(0)).contains("refuses the planner's own nodes n01,n03");
            check(s, PlannerPolicyTest.job(options), release, 455L);
        }
    }

    @AfterContainer
    static void enoughWerePlaced() {
        assertThat(PLACED.get()).as("placed of %d tries", TRIES.get()).isGreaterThan(TRIES.get() / 4);
    }

    private static void check(ClusterState s, JobRequest job, SlurmVersion release, long seed) {
        TRIES.incrementAndGet();
        PolicyOptions o = PolicyOptions.DEFAULT.withSlurmVersion(release);
        Suggestion mine = new PlannerPolicy(o).suggest(s, job);
        if (!(mine instanceof Suggestion.Placed placed)) {
            return;
        }
        PLACED.incrementAndGet();
        var hosts = placed.placement().hostNames();
        Suggestion own = new SlurmTreePolicy(o).suggest(s, job);
        if (own instanceof Suggestion.Placed theirs
                && new HashSet<>(theirs.placement().hostNames()).equals(new HashSet<>(hosts))) {
            return; // slurm-tree's own pick: it runs the job there
        }
        Suggestion named = new SlurmTreePolicy(o).suggest(s, job.withNodelist(hosts));
        assertThat(named).as("slurm-tree %s -w %s for %s (seed %d), where the planner placed it as %s and"
                + " slurm-tree's own answer is %s", release, hosts, job, seed, placed, own)
                .isInstanceOfAny(Suggestion.Placed.class, Suggestion.Waiting.class);
    }
}
