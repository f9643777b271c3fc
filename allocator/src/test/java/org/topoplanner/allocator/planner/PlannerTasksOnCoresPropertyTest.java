package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/**
 * {@code --gpus-per-task} jobs with {@code --hint=nomultithread} or {@code --threads-per-core=1} on two-thread nodes,
 * where 24.11.5's {@code _build_tasks_per_node_sock} counts a core's CPUs as one and so counts fewer tasks on the
 * chosen cores than the job has ("rem_tasks not zero": the job waits; own case pl6b p0 and probe c24h1). On random
 * states of {@link BindingClusters} under a random release, the planner places exactly when {@code slurm-tree} of
 * that release places: it never starts what Slurm's count holds back (pl6b p0 was placed by the planner before
 * {@code slurm-tree} 24.11 read the count), and it holds nothing Slurm starts.
 */
class PlannerTasksOnCoresPropertyTest {
    private static final AtomicInteger TRIES = new AtomicInteger();
    private static final AtomicInteger SHORT = new AtomicInteger();

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 300)
    void placesExactlyWhenSlurmPlaces(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        Cluster c = twoThreads(r);
        ClusterState s = BindingClusters.occupy(r, c);
        JobRequest job = randomJob(r, c);
        SlurmTreeAndPlanner answers = SlurmTreeAndPlanner.ask(r, s, job, seed);
        Suggestion slurm = answers.slurm();
        Suggestion mine = answers.planner();
        String what = answers.what();
        TRIES.incrementAndGet();
        if (slurm instanceof Suggestion.Pending p && p.explanation().contains("count fewer tasks")) {
            SHORT.incrementAndGet();
        }
        if (slurm instanceof Suggestion.Placed) {
            assertThat(mine).as("slurm-tree placed %s", what).isInstanceOf(Suggestion.Placed.class);
        } else {
            assertThat(mine).as("slurm-tree says %s for %s", slurm, what).isNotInstanceOf(Suggestion.Placed.class);
        }
    }

    @AfterContainer
    static void theCountHeldSomeJobs() {
        // a property that never met a job Slurm's count holds back would not pin the rule
        assertThat(SHORT.get()).as("tries where slurm-tree's task count held the job, of %d", TRIES.get())
                .isGreaterThan(TRIES.get() / 50);
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

    /** Two to four tasks of one to three CPUs and one GPU each, one thread a core, maybe on one named node. */
    private static JobRequest randomJob(Random r, Cluster c) {
        StringBuilder sb = new StringBuilder();
        if (r.nextInt(3) == 0) {
            sb.append("-w ").append(c.hostNames().get(r.nextInt(c.hostNames().size()))).append(' ');
        } else if (r.nextBoolean()) {
            sb.append("-N1 ");
        }
        sb.append("-n").append(2 + r.nextInt(3)).append(" -c").append(1 + r.nextInt(3)).append(" --gpus-per-task=1");
        sb.append(r.nextBoolean() ? " --hint=nomultithread" : " --threads-per-core=1");
        if (r.nextInt(4) == 0) {
            sb.append(" --gres-flags=enforce-binding");
        }
        return PlannerPolicyTest.job(sb.toString());
    }
}
