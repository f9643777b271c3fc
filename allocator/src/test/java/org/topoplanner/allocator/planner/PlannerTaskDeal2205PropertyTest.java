package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
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
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05.8's task deal for {@code -n} jobs without GPUs on two-thread nodes: {@code _eval_nodes_topo}
 * ({@code cons_tres/job_test.c}) gives each node it adds what {@code _cpus_to_use} leaves of {@code rem_max_cpus}
 * (the first node lowered to the job's CPUs less one core a further node), {@code _job_test}
 * ({@code cons_common/job_test.c}) builds {@code job_res->cpus} from those counts and {@code dist_tasks_compute_c_b}
 * ({@code cons_common/dist_tasks.c}) deals the tasks over them in table order, a node's begun core first. On random
 * states of {@link BindingClusters} of two threads a core, the planner (22.05) places only what {@code slurm-tree}
 * places, and on each node it chose it holds no more CPUs than one of {@code slurm-tree}'s picks of those nodes:
 * its own (where it chose the same nodes; it adds the leaves in its own order) or the one asked for exactly those
 * nodes ({@code -w}, which adds them in table order, as the planner lowers them): {@code -N2 -n6} was split 3 + 3 (two cores, 8 CPUs) where Slurm deals 4 + 2 (6 CPUs).
 */
class PlannerTaskDeal2205PropertyTest {
    private static final PolicyOptions OPTIONS = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05);
    private static final SlurmPickDomination CHECK = new SlurmPickDomination();

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 300)
    void holdsNoMoreCpusThanSlurmOnItsOwnNodes(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        Cluster c = twoThreads(r);
        ClusterState s = BindingClusters.occupy(r, c);
        CHECK.check(s, randomJob(r), seed);
    }

    /**
     * Seed -31159: {@code -N3 -n9} on n01-n03. slurm-tree (own pick and {@code -w}) lowers n01 to 9 less two cores (5)
     * and gives n02 and n03 two each: 5 + 2 + 2 tasks, 6 + 2 + 2 CPUs. The planner split it 3 + 3 + 3 (4 + 4 + 4);
     * with the deal over uncut counts (no {@code _cpus_to_use}) it held 4 + 4 + 2, n02 still above Slurm's 2.
     */
    @Example
    void seedMinus31159LowersTheFirstNode() {
        holdsNoMoreCpusThanSlurmOnItsOwnNodes(-31159L);
    }

    /**
     * Seed -85159: {@code -N3 -n13 -c3}, three-CPU tasks on two-thread nodes: the counts {@code _cpus_to_use} keeps
     * hold fewer whole tasks than 13, so 22.05 over-subscribes within them; the planner kept its even split (12 CPUs
     * on n06 where Slurm holds 4) until it dealt the over-subscribed CPUs as well.
     */
    @Example
    void seedMinus85159OverSubscribesWithinTheKeptCounts() {
        holdsNoMoreCpusThanSlurmOnItsOwnNodes(-85159L);
    }

    /**
     * {@link PlannerPolicy#plan} deals as the live answer does: {@code -N2 -n6} on two idle two-thread nodes under
     * 22.05 holds 4 + 2 CPUs, not the even split's 4 + 4.
     */
    @Example
    void planDealsAsTheAnswerDoes() {
        Cluster c = null;
        for (long seed = 0; c == null; seed++) {
            Cluster t = BindingClusters.tree(new Random(seed));
            if (t.node(t.hostNames().get(0)).threadsPerCore() == 2 && t.hostNames().size() >= 2) {
                c = t;
            }
        }
        JobRequest job = PlannerPolicyTest.job("-N2 -n6");
        Placement plan = new PlannerPolicy(OPTIONS).plan(ClusterState.empty(c), job).orElseThrow().placement();
        Placement answer = ((Suggestion.Placed) new PlannerPolicy(OPTIONS).suggest(ClusterState.empty(c), job))
                .placement();
        assertThat(plan.hosts()).extracting(a -> a.cpus().size()).containsExactlyInAnyOrder(4, 2);
        assertThat(plan.hosts()).isEqualTo(answer.hosts());
    }

    @AfterContainer
    static void enoughWereCompared() {
        CHECK.assertEnoughCompared();
    }

    /** A tree of two-thread nodes from the same generator. */
    private static Cluster twoThreads(Random r) {
        while (true) {
            Cluster c = BindingClusters.tree(r);
            if (c.node(c.hostNames().get(0)).threadsPerCore() == 2) {
                return c;
            }
        }
    }

    /** {@code -N1..3 -n} of one to four tasks a node and some over, maybe {@code -c1..3}; no GPUs. */
    private static String randomJob(Random r) {
        int nodes = 1 + r.nextInt(3);
        StringBuilder sb = new StringBuilder("-N").append(nodes).append(" -n")
                .append(nodes * (1 + r.nextInt(4)) + r.nextInt(nodes));
        if (r.nextBoolean()) {
            sb.append(" -c").append(1 + r.nextInt(3));
        }
        return sb.toString();
    }
}
