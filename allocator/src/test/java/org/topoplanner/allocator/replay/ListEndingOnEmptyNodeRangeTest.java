package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 24.11.5's {@code _select_nodes_parts} ({@code slurmctld/job_mgr.c}) words a job of several partitions none of which
 * runs it or is busy by the last partition's {@code rc}: {@code WAIT_PART_CONFIG} when that partition's
 * {@code get_node_cnts} range is empty ({@code SeveralPartitions.endsOnEmptyNodeRange}). Lead's case featfz24 f4
 * ({@code -p fat,mix -N2 -n1 -c5 --gpus-per-node=4 --exclusive}, sent as {@code -N1}; fat, tier 3, never holds an
 * {@code --exclusive} job on its 32-CPU nodes past {@code MaxCPUsPerNode=24}; mix, tier 2, has {@code MinNodes=2}):
 * {@code PartitionConfig} at submission in 24.11.5, ahead of all (the replay showed the pass's {@code Resources}).
 */
class ListEndingOnEmptyNodeRangeTest {

    private static final SlurmTreePolicy POLICY =
            new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));

    @Test
    void aTopJobWhoseLastPartitionHasNoNodeRangeIsPartitionConfig() {
        var parsed = JobScriptReader.read("jobs.txt", """
                job f0 -n2 -c2 --gpus-per-task=1 -m block:cyclic
                job f4 -p fat,mix -N2 -n1 -c5 --gpus-per-node=4 --exclusive
                """).script();
        List<String> lines = OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster("featfz24"),
                POLICY, PassTiming.of(SlurmVersion.V24_11), MeasuredRun.NONE).run(parsed))).stream()
                .map(OracleComparison::summary).toList();
        assertThat(lines).contains("f4 submit PENDING(PartitionConfig) nodes= leaves=");
    }

    @Test
    void theLastPartitionInSlurmOrderDecides() throws Exception {
        var cluster = OracleCase.cluster("featfz24");
        // mix (tier 2) comes after fat (tier 3) whichever is named first
        assertThat(POLICY.nodeRangeOutsidePartition(cluster, job("-p mix,fat -N2 -n1 -c5 --gpus-per-node=4 --exclusive")))
                .isTrue();
        // all (tier 1) comes last and its range meets
        assertThat(POLICY.nodeRangeOutsidePartition(cluster, job("-p mix,all -N2 -n1 -c5 --gpus-per-node=4")))
                .isFalse();
        // fat ever holds this job, so the search ends there
        assertThat(POLICY.nodeRangeOutsidePartition(cluster, job("-p fat,mix -N2 -n1 -c5 --gpus-per-node=4")))
                .isFalse();
    }

    private static org.topoplanner.model.job.JobRequest job(String args) throws Exception {
        return SbatchOptions.parse(List.of(args.split(" ")), "j");
    }
}
