package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The check the 22.05 task-deal properties make ({@link PlannerTaskDeal2205PropertyTest} for jobs without GPUs,
 * {@link PlannerGpuTaskDeal2205PropertyTest} for GPU jobs): the planner (22.05) places only what {@code slurm-tree}
 * places, and on each node it chose holds no more CPUs than one of {@code slurm-tree}'s picks of those nodes: its own
 * (where it chose the same nodes; slurm-tree adds the leaves in its own order) or the one asked for exactly those
 * nodes ({@code -w}, which adds them in table order, as the planner lowers them), and slurm-tree must run the job on
 * them named so unless they are its own pick (p26n's twelve seeds, {@link OwnNodesNamed}). It counts how many
 * tries reached a comparison, so that a property whose placements never get compared fails
 * ({@link #assertEnoughCompared}).
 */
final class SlurmPickDomination {
    private static final PolicyOptions OPTIONS = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05);
    private final AtomicInteger tries = new AtomicInteger();
    private final AtomicInteger compared = new AtomicInteger();

    /** Checks the job {@code options} on state {@code s} (drawn from {@code seed}, named in the failure). */
    void check(ClusterState s, String options, long seed) {
        JobRequest job = PlannerPolicyTest.job(options);
        tries.incrementAndGet();
        Suggestion slurm = new SlurmTreePolicy(OPTIONS).suggest(s, job);
        Suggestion mine = new PlannerPolicy(OPTIONS).suggest(s, job);
        if (!(mine instanceof Suggestion.Placed placed)) {
            return;
        }
        assertThat(slurm).as("slurm-tree for %s (seed %d), which the planner placed", job, seed)
                .isInstanceOf(Suggestion.Placed.class);
        Placement p = placed.placement();
        String hosts = p.hosts().stream().map(HostAllocation::host).collect(Collectors.joining(","));
        // dominated by one of Slurm's picks of these nodes: its own (the leaves in its order) or -w's (table order)
        Placement own = ((Suggestion.Placed) slurm).placement();
        if (hostNames(own).equals(hostNames(p)) && noMoreOnAnyNode(p, own)) {
            compared.incrementAndGet();
            return;
        }
        JobRequest onMine = PlannerPolicyTest.job("-w " + hosts + " " + options);
        Suggestion onItsNodes = new SlurmTreePolicy(OPTIONS).suggest(s, onMine);
        // the planner proposes only nodes 22.05 runs the job on: named with -w, or slurm-tree's own pick (checked
        // above; its required-node loop may count the same nodes short: OwnNodesNamed, seed -508)
        assertThat(onItsNodes).as("slurm-tree -w %s for %s (seed %d), where the planner placed it as %s and"
                + " slurm-tree's own pick is %s", hosts, job, seed, p, own).isInstanceOf(Suggestion.Placed.class);
        Suggestion.Placed named = (Suggestion.Placed) onItsNodes;
        compared.incrementAndGet();
        assertThat(noMoreOnAnyNode(p, named.placement())).as("planner %s for %s (seed %d): more CPUs on a node than"
                + " slurm-tree's own %s and than slurm-tree on its nodes %s", p, job, seed, own, named.placement())
                .isTrue();
    }

    /** More than a quarter of the tries compared a placement: a property that never compares one proves nothing. */
    void assertEnoughCompared() {
        assertThat(compared.get()).as("tries compared of %d", tries.get()).isGreaterThan(tries.get() / 4);
    }

    private static boolean noMoreOnAnyNode(Placement mine, Placement slurm) {
        for (HostAllocation a : mine.hosts()) {
            int held = slurm.hosts().stream().filter(b -> b.host().equals(a.host())).mapToInt(b -> b.cpus().size())
                    .sum();
            if (a.cpus().size() > held) {
                return false;
            }
        }
        return true;
    }

    private static Set<String> hostNames(Placement p) {
        return p.hosts().stream().map(HostAllocation::host).collect(Collectors.toSet());
    }
}
