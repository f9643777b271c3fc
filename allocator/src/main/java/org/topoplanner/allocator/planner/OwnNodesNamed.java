package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.planner.PlannerPolicy.Plan;
import org.topoplanner.allocator.slurm.SlurmBinding;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner proposes a GPU job only on nodes {@code slurm-tree} of the chosen release runs it on when they are named
 * ({@code -w} with the request as submitted), or on {@code slurm-tree}'s own pick: where its optimum is a set Slurm
 * refuses named, it takes its best set Slurm runs named ({@link NamedNodeSearch}), or else Slurm's own placement.
 *
 * <p>Why no per-node verdict says it (22.05.8, {@code select/cons_tres/job_test.c} {@code _eval_nodes_topo}): the
 * required-node loop runs, node after node in table order, {@code _select_cores}, {@code _cpus_to_use} and, for a
 * per-job count, {@code gres_sched_add} ({@code cons_tres/gres_sched.c}), which counts a node's CPUs toward
 * {@code rem_cpus} only as {@code MIN(avail_cpus / cpus_per_gres, sock_data->total_cnt) x cpus_per_gres}; the job runs
 * there only when the named nodes together reach its CPUs ({@code min_cpus}: {@code -n}, or {@code --gpus} x
 * {@code --cpus-per-gpu} if more) and its GPUs. What each node gives depends on the nodes before it:
 * {@code gres_select_filter_sock_core} ({@code cons_common/gres_select_filter.c}) caps a later node at
 * {@code rem_gres}, the count less the GPUs already credited (own probe fuzz45 p14), and cuts its CPUs to those GPUs'
 * cores on the first pass; the second pass credits no more GPUs than the first pass's {@code total_cnt} left
 * ({@code FirstPassGpuTotal}, own probe cpg22 c23); {@code _cpus_to_use} lowers against what the earlier nodes took.
 * 24.11 and 26.05 test named nodes at submission ({@code job_mgr.c} {@code _select_nodes_parts}, test-only
 * {@code select_nodes} on the {@code -w} nodes alone) and refuse what they could never hold. So the test is one of a
 * node set in its order, not a sum of per-node figures: {@code slurm-tree}'s answer on the planner's nodes (under
 * 22.05 already asked by {@link TaskDeal2205}, cached on the state) is read here.
 * p26n's twelve seeds of {@code PlannerGpuTaskDeal2205PropertyTest} (all {@code --cpus-per-gpu}), among them
 * {@code -N1 -n3 --gpus=2 --cpus-per-gpu=1} on a node of 3 free CPUs (counted 2 of 3) and {@code -N1 -n4 --gpus=2
 * --cpus-per-gpu=3} on a node whose first pass credits 1 GPU (3 of 6).
 *
 * <p>Slurm's own pick may still be a set its required-node loop refuses: the weight groups run {@code _select_cores}
 * on every node before any {@code gres_sched_add}, at the whole count, and add the leaves in their own order
 * (seed -508, {@code -N2 -n9 --gpus=2 --cpus-per-gpu=3}: n02 first counts 6 of 8 CPUs at 2 GPUs, n01 3, together 9;
 * named, n01 counts 3 and n02, asked then for 1 GPU, 3; real 22.05.8 runs the one and holds the other Resources,
 * own probe c28n1). Slurm runs the job there, so the planner may propose it.
 */
final class OwnNodesNamed {
    private OwnNodesNamed() {
    }

    /**
     * Whether the planner's nodes are held to the release's test of them named: a GPU job ({@link GpuFilterOnNodes}:
     * not {@code --ntasks-per-gpu}, whose tasks slurmctld sets from the GPUs) whose need is a sum over its nodes
     * ({@code -n}, or a per-job {@code --gpus} count), read without {@code --threads-per-core}, where Slurm decides.
     * A job of only per-node counts ({@code -N --gpus-per-node}, maybe {@code --cpus-per-gpu} or {@code -c}) asks every
     * node the same, so the named test is each node's own core filter, which the planner already holds every node to
     * ({@link SlurmBinding}, the same {@code CoreFilter}): no walk over the set can refuse what each node accepts, and
     * asking slurm-tree again would double the planner's cost on the largest such jobs ({@code SuggestBenchmark} gpu256,
     * n28n's A/B). {@code PlannerNamedNodesPropertyTest} draws these jobs too.
     */
    static boolean applies(SchedulerSettings settings, JobRequest job, JobRequest submitted) {
        return settings.slurmDecides() && submitted.threadsPerCore() == null && GpuFilterOnNodes.applies(job)
                && (job.ntasks() != null || job.gpus() != null);
    }

    /**
     * {@code agreed} ({@link SlurmAgreement#reconcile} of the planner's {@code mine} with Slurm's own {@code slurm}),
     * unless it is the planner's placement on nodes Slurm does not run the job on when named and Slurm's own pick is
     * elsewhere: then the planner's best set Slurm runs named (searched as {@link OwnAnswer} was, {@code searched}),
     * or Slurm's placement.
     */
    static Suggestion hold(SchedulerSettings settings, ClusterState state, ClusterIndex index, JobRequest job,
                           SlurmReconcile.Searched searched, JobRequest submitted, Suggestion mine,
                           Suggestion slurm, Suggestion agreed) {
        if (agreed != mine || !(mine instanceof Suggestion.Placed placed) || !applies(settings, job, submitted)
                || !(slurm instanceof Suggestion.Placed theirs)) {
            return agreed;
        }
        List<String> hosts = GpuFilterOnNodes.tableOrder(placed.placement().hosts());
        if (new HashSet<>(theirs.placement().hostNames()).equals(new HashSet<>(hosts))) {
            return agreed; // Slurm's own pick: it runs the job there (asked before the named answer, which costs)
        }
        Suggestion named = GpuFilterOnNodes.named(settings, state, submitted, hosts);
        String why;
        if (named instanceof Suggestion.Pending p) {
            why = p.explanation();
        } else if (named instanceof Suggestion.Impossible never) {
            why = never.reason();
        } else {
            return agreed; // placed there (or waiting out --switches there)
        }
        String counted = settings.slurm() == SlurmVersion.V22_05 && job.cpusPerGpu() != null && job.cpusPerGpu() > 0
                ? "; gres_sched_add counts each named node's CPUs only up to its usable GPUs x --cpus-per-gpu" : "";
        String refused = "the planner's own nodes " + String.join(",", hosts) + " named with -w (" + why + counted
                + ")";
        Optional<Plan> next = NamedNodeSearch.best(settings, state, index, searched.job(), submitted,
                searched.limits(), placed.placement(), theirs.placement());
        if (next.isPresent()) {
            List<String> notes = new ArrayList<>();
            notes.add("the best node set Slurm " + settings.slurm().label() + " runs named with -w, where it refuses "
                    + refused);
            notes.addAll(AnswerTexts.placed(next.get(), null));
            return new Suggestion.Placed(next.get().placement(), notes);
        }
        String test = settings.slurm() == SlurmVersion.V22_05 ? "its required-node loop"
                : "its test of named nodes at submission";
        return SlurmAgreement.asSlurmPlaces(theirs, settings.slurm(), "where " + test + " refuses " + refused
                + " and no set of the planner's scores as well as its own pick and runs named");
    }
}
