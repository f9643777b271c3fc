package org.topoplanner.allocator.planner;

import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.planner.PlannerPolicy.Plan;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner's best node set among those {@code slurm-tree} runs the job on when they are named ({@code -w}), where
 * its optimum is a set Slurm's required-node path refuses ({@link OwnNodesNamed}): the next-best sets by the planner's
 * own {@link Score}, each the optimum with one more of the refused sets' nodes left out, tried best first.
 *
 * <p>Why a set, not a node, is tested: whether Slurm runs a job on named nodes is a walk of those nodes in table order
 * (22.05.8 {@code _eval_nodes_topo}'s required-node loop, {@code gres_sched_add}'s cap of a node's CPUs at its usable
 * GPUs x {@code --cpus-per-gpu}, {@code gres_select_filter_sock_core}'s {@code rem_gres}; 24.11 and 26.05 test the
 * named nodes once at submission, {@code select_nodes} test-only, and refuse the job when they cannot hold it), so a
 * node's verdict depends on the nodes before it. Any other set misses at least one node of the refused optimum, so
 * leaving out each of its nodes in turn (and, below a refused set found there, one of that set's nodes more) reaches
 * every set; taken in score order the first one Slurm runs named is the best it runs (Lawler's branching). The named
 * answers are {@code slurm-tree}'s, cached on the state ({@link GpuFilterOnNodes#named}); the search runs only where
 * the optimum was refused, and at most {@link #SEARCHES} plan searches, so the planner's usual path pays nothing.
 */
final class NamedNodeSearch {
    /**
     * The most plan searches (each one {@link PlanSearch#best} and one named {@code slurm-tree} answer) before the
     * planner takes Slurm's own pick: enough for the refused optima of {@code PlannerGpuTaskDeal2205PropertyTest} and
     * {@code PlannerNamedNodesPropertyTest}, few enough to stay within the suggestion benchmarks.
     */
    static final int SEARCHES = 12;

    private NamedNodeSearch() {
    }

    /** A set to try: the optimum with {@code left} out. */
    private record Branch(Plan plan, BitSet left) {
    }

    /**
     * The best plan by the planner's score whose nodes {@code slurm-tree} runs {@code submitted} on when named, with no
     * more CPUs on a node than it holds there, on no more leaves than Slurm's own {@code theirs} and scoring better
     * than the planner's plan of Slurm's own nodes; empty where Slurm's own pick is as good or none is found within
     * {@link #SEARCHES} (then Slurm's own placement stands).
     */
    static Optional<Plan> best(SchedulerSettings settings, ClusterState state, ClusterIndex index, JobRequest job,
                               JobRequest submitted, PlanLimits limits, Placement refused, Placement theirs) {
        int slurmLeaves = PlanSearch.leafCount(index, theirs);
        Set<String> slurmHosts = new HashSet<>(theirs.hostNames());
        Optional<Score> slurmScore = onlyOn(settings, state, index, job, submitted, limits, theirs).map(Plan::score);
        PriorityQueue<Branch> open = new PriorityQueue<>(Comparator.comparing((Branch b) -> b.plan().score()));
        Set<BitSet> tried = new HashSet<>();
        int searches = branch(settings, state, index, job, submitted, limits, refused, new BitSet(), open, tried, 0);
        while (!open.isEmpty()) {
            Branch next = open.poll();
            Plan p = next.plan();
            if (slurmScore.isPresent() && slurmScore.get().compareTo(p.score()) <= 0
                    || new HashSet<>(p.placement().hostNames()).equals(slurmHosts)) {
                return Optional.empty(); // Slurm's own pick scores as well: its placement stands
            }
            if (PlanSearch.leafCount(index, p.placement()) <= slurmLeaves && runsNamed(settings, state, submitted, p)) {
                return Optional.of(p);
            }
            if (searches >= SEARCHES) {
                return Optional.empty();
            }
            searches = branch(settings, state, index, job, submitted, limits, p.placement(), next.left(), open, tried,
                    searches);
        }
        return Optional.empty();
    }

    /**
     * Pushes the optimum with each node of {@code p} left out beside {@code left}, within the budget; returns the
     * searches made so far.
     */
    private static int branch(SchedulerSettings settings, ClusterState state, ClusterIndex index, JobRequest job,
                              JobRequest submitted, PlanLimits limits, Placement p, BitSet left,
                              PriorityQueue<Branch> open, Set<BitSet> tried, int searches) {
        for (HostAllocation a : p.hosts()) {
            if (searches >= SEARCHES) {
                break;
            }
            BitSet out = (BitSet) left.clone();
            out.set(index.number(a.host()));
            if (!tried.add(out)) {
                continue;
            }
            searches++;
            Optional<Plan> plan = TaskDeal2205.underRelease(settings, state, index, job, submitted, limits,
                    PlanSearch.best(index, state.usage(), job, limits.without(out)));
            plan.ifPresent(q -> open.add(new Branch(q, out)));
        }
        return searches;
    }

    /** The planner's plan on exactly the nodes of {@code theirs}, scored as its own: empty where its split fits not. */
    private static Optional<Plan> onlyOn(SchedulerSettings settings, ClusterState state, ClusterIndex index,
                                         JobRequest job, JobRequest submitted, PlanLimits limits, Placement theirs) {
        BitSet out = new BitSet();
        out.set(0, index.size());
        theirs.hostNames().forEach(h -> out.clear(index.number(h)));
        return PlanSearch.best(index, state.usage(), job, limits.without(out))
                .filter(p -> p.placement().hosts().size() == theirs.hosts().size());
    }

    /**
     * Whether {@code slurm-tree} runs {@code submitted} on {@code p}'s nodes named (or waits out {@code --switches}
     * there), under 22.05 holding on each node no fewer CPUs than the plan ({@link TaskDeal2205} reads its counts from
     * that very answer, and keeps its even shares where a node cannot hold them).
     */
    private static boolean runsNamed(SchedulerSettings settings, ClusterState state, JobRequest submitted, Plan p) {
        List<String> hosts = GpuFilterOnNodes.tableOrder(p.placement().hosts());
        Suggestion named = GpuFilterOnNodes.named(settings, state, submitted, hosts);
        if (named instanceof Suggestion.Pending || named instanceof Suggestion.Impossible) {
            return false;
        }
        if (settings.slurm() != SlurmVersion.V22_05 || !(named instanceof Suggestion.Placed placed)) {
            return true;
        }
        for (HostAllocation a : p.placement().hosts()) {
            int held = placed.placement().hosts().stream().filter(b -> b.host().equals(a.host()))
                    .mapToInt(b -> b.cpus().size()).sum();
            if (a.cpus().size() > held) {
                return false;
            }
        }
        return true;
    }
}
