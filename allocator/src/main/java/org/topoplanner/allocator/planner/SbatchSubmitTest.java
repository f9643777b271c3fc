package org.topoplanner.allocator.planner;

import java.util.function.Function;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.RecentlyAsked;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;

/**
 * {@code sbatch}'s test of a batch job, which comes before any scheduler pass: {@code job_allocate}
 * ({@code slurmctld/job_mgr.c}) only tests a batch job ({@code allocate == 0}), {@code select_nodes} runs
 * {@code _pick_best_nodes} ({@code node_scheduler.c}) with {@code select_g_job_test(SELECT_MODE_TEST_ONLY)} on
 * the nodes usable now, each seen with every core and GPU free ({@link ClusterState#seenBySubmitTest}). A pick there
 * of more nodes than {@code max_nodes} ("end of tests for this feature": {@code runable_ever} without
 * {@code runable_avail}) words {@code ESLURM_NODE_NOT_AVAIL} when no node of the job's sets is held whole
 * ({@code nodes_busy} false): the job shows {@code ReqNodeNotAvail, May be reserved for other job} at submit, even
 * when the nodes busy now would hold it on fewer. Seen in 22.05.8 (fuzz21 p31, {@code -N3 -n6 -c6
 * --gpus-per-node=1} enforce-binding; probe s22dsock, {@code DebugFlags=SelectType}: two {@code Test_Only}
 * evaluations over all 21 nodes empty) and 24.11.5 (probe s24g2: both evaluations over the idle test's map,
 * {@code Best nodes:p[1-5],s[1,4,7-8]}); 26.05.5 starts the same job (its tree's pick on the idle cluster keeps
 * {@code -N3}). With a node held whole ({@code nodes_busy}) the same failed test ends in {@code ESLURM_NODES_BUSY}:
 * {@code Resources} at submit (22.05.8 fuzz97 p0, {@code -N3 --cpus-per-gpu=4 --gpus=9} enforce-binding while the
 * {@code --exclusive} b1 holds u6: the idle pick has more than three nodes; 24.11.5 on the same state runs it at once,
 * its idle pick keeping three). Any other failed test (the block plugin's one-block pick, PROVENANCE blk8's k9) shows
 * its reason at once too.
 *
 * <p>The test is {@code slurm-tree} of the release itself on that state, as the replay asks it
 * ({@code SubmitTest.submitTest}, which emits every failed test's reason at the harness's look and lets the pass the
 * submission queued start the job unseen). The planner proposes only what Slurm starts when it is asked, so it holds
 * such a job whatever the test's reason (issue 16: "never accepting what Slurm refuses"), as a
 * {@link Suggestion.Pending.Cause#SUBMIT_TEST}. A later pass may still start it on the busy nodes (s22dsock: 0.86 s
 * later on 22.05.8); that is said in the explanation.
 */
final class SbatchSubmitTest {
    private SbatchSubmitTest() {
    }

    /**
     * {@code answer} when the job passes sbatch's test of the options' Slurm release, else the reason that test
     * leaves. {@code slurm} is {@code slurm-tree} under those options; only a placed answer is tested.
     */
    static Suggestion hold(Suggestion answer, ClusterState state, JobRequest job, PolicyOptions options,
                           Function<ClusterState, Suggestion> slurm) {
        if (!(answer instanceof Suggestion.Placed placed)) {
            return answer;
        }
        Suggestion.Pending refused = refusal(state, job, options, slurm);
        if (refused == null) {
            return answer;
        }
        return new Suggestion.Pending(refused.reason(), refused.explanation() + "; though "
                + placed.placement().hostNames() + " would hold it now, the planner proposes only what Slurm starts"
                + " when it is submitted (a later scheduler pass may still start it there)", refused.cause());
    }

    /**
     * The reason the options' Slurm release's submit test leaves on {@code job} on {@code state}, or {@code null} when
     * the test lets the job through (package-private for the property tests, which hold the planner to
     * {@code slurm-tree} and this test together).
     */
    static Suggestion.Pending refusal(ClusterState state, JobRequest job, PolicyOptions options,
                                      Function<ClusterState, Suggestion> slurm) {
        Suggestion onIdle = onIdleCluster(state, job, options, slurm);
        // the replay asks the test only for a job the idle cluster places or holds the same way (testedAtSubmit)
        if (!(onIdle instanceof Suggestion.Placed) && !notAvail(onIdle)) {
            return null;
        }
        ClusterState test = state.seenBySubmitTest(job.exclusive(), job.nodelist());
        Suggestion tested = test.running().isEmpty() ? onIdle
                : test.derived(new Key(job.withName(""), options), slurm::apply);
        if (tested instanceof Suggestion.Placed || tested instanceof Suggestion.Waiting) {
            return null;
        }
        // the reason the replay emits for a failed test (replay SubmitTest.submitTest): a refusal there is Resources
        PendingReason reason = tested instanceof Suggestion.Pending p ? p.reason() : PendingReason.RESOURCES;
        String why = tested instanceof Suggestion.Pending p ? p.explanation()
                : ((Suggestion.Impossible) tested).reason();
        return new Suggestion.Pending(reason, "Slurm " + options.slurmVersion().label()
                + " tests a batch job at submission on the nodes usable now, each seen with every core and GPU free,"
                + " and there " + why + " (" + reason.slurmName().replace('_', ' ') + ")",
                Suggestion.Pending.Cause.SUBMIT_TEST);
    }

    private static boolean notAvail(Suggestion s) {
        return s instanceof Suggestion.Pending p && p.reason() == PendingReason.REQ_NODE_NOT_AVAIL;
    }

    /** {@code slurm-tree}'s answer on the cluster with nothing running, kept per cluster, request and options. */
    private static Suggestion onIdleCluster(ClusterState state, JobRequest job, PolicyOptions options,
                                            Function<ClusterState, Suggestion> slurm) {
        IdleAnswers answers = ClusterIndex.of(state.cluster()).derived(IdleAnswers.class, c -> new IdleAnswers());
        Key key = new Key(job.withName(""), options);
        synchronized (answers) {
            Suggestion known = answers.get(key);
            if (known != null) {
                return known;
            }
        }
        Suggestion s = slurm.apply(ClusterState.empty(state.cluster()));
        synchronized (answers) {
            answers.put(key, s);
        }
        return s;
    }

    private record Key(JobRequest job, PolicyOptions options) {
    }

    /** The last few idle-cluster answers of one cluster (kept with its index). */
    private static final class IdleAnswers extends RecentlyAsked<Key, Suggestion> {
        IdleAnswers() {
            super(512);
        }
    }
}
