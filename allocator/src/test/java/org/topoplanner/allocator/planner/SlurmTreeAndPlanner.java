package org.topoplanner.allocator.planner;

import java.util.List;
import java.util.Random;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner property tests' one question: {@code slurm-tree}'s and the planner's answers to one job on one state,
 * under a release drawn from the test's own random source (after the cluster, state and job, so a seed still names
 * the same try), with the words a failure prints.
 */
record SlurmTreeAndPlanner(SlurmVersion version, Suggestion slurm, Suggestion planner, String what) {
    private static final List<SlurmVersion> RELEASES =
            List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05);

    static SlurmTreeAndPlanner ask(Random r, ClusterState s, JobRequest job, long seed) {
        SlurmVersion v = RELEASES.get(r.nextInt(RELEASES.size()));
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(v);
        return new SlurmTreeAndPlanner(v, new SlurmTreePolicy(options).suggest(s, job),
                new PlannerPolicy(options).suggest(s, job), job + " under Slurm " + v.label() + " (seed " + seed + ")");
    }
}
