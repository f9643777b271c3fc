package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch never picks a batch job's nodes on the cluster as it is now, even when nothing waits: {@code job_allocate}
 * ({@code slurmctld/job_mgr.c}) sets {@code test_only} for {@code allocate == 0} (22.05.8, 24.11.5; 26.05 {@code
 * !allocate}), so every pick of {@code _pick_best_nodes} at submission is {@code SELECT_MODE_TEST_ONLY}: on the nodes
 * usable now, each seen with all its resources, then on the whole map. A job both refuse is refused, whatever a pick
 * on the busy nodes would say. The replay used to accept a job of an empty queue that the busy cluster places; here a
 * policy that places b only beside the running a (and refuses it on the idle cluster and on the test's view) shows the
 * difference: b is REJECTED, not started beside a.
 */
class SbatchTestsNeverOnBusyNodesTest {

    @Test
    void aJobTheTestRefusesIsRefusedThoughTheBusyClusterWouldPlaceIt() {
        PlacementPolicy tree = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));
        PlacementPolicy onlyBesideA = new PlacementPolicy() {
            @Override
            public String id() {
                return "only-beside-a";
            }

            @Override
            public Suggestion suggest(ClusterState state, JobRequest job) {
                // the busy cluster: a's CPUs in use (the test's view lists the running jobs with every node free)
                boolean busy = state.cluster().hostNames().stream().anyMatch(h -> !state.usedCpus(h).isEmpty());
                if (!job.name().startsWith("b") || busy) {
                    return tree.suggest(state, job);
                }
                return new Suggestion.Impossible("b runs only beside a");
            }
        };
        // b asks for other resources than a: the replay asks the empty cluster once per request, not per name
        var script = JobScriptReader.read("jobs.txt", "job a -N1 -n1\njob b -N1 -n2\n").script();
        var lines = ReplayLine.lines(new Replayer(OracleCase.cluster("fuzz01"), onlyBesideA).run(script));
        var summaries = OracleComparison.jobLines(lines).stream().map(OracleComparison::summary).toList();
        assertThat(summaries).anyMatch(l -> l.startsWith("a submit RUNNING"));
        assertThat(summaries).anyMatch(l -> l.startsWith("b submit REJECTED"));
        assertThat(summaries).noneMatch(l -> l.startsWith("b submit RUNNING") || l.startsWith("b final"));
    }
}
