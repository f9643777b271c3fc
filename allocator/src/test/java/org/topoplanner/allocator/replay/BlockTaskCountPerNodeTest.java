package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code eval_nodes_block} counts each node it adds for tasks ({@code eval_nodes_gres}, reached through
 * {@code eval_nodes_cpus_to_use}, 24.11/26.05 {@code topology/common/eval_nodes.c}), one task kept back for each
 * further node, and {@code dist_tasks} deals the job's tasks within those counts ({@code gres_task_limit},
 * {@code cons_tres/job_test.c}). Own case yamlfz41 (26.05.5, {@code results/v26.05/yamlfz41.jsonl} and its rerun):
 * y9 ({@code -p blkh -n6 -c4 --gpus-per-task=1} enforce-binding) runs on g3 and d4 with GPUs 4-7 on g3 and 0, 4 on
 * d4: g3, first in the node table, counts four tasks and d4 the last two. Dealt one by one without the counts, d4
 * ran three tasks and held GPU 1, which later moved y22's GPUs on d4 (1, 2 real) and y26's node.
 */
class BlockTaskCountPerNodeTest {
    private static final Cluster YAMLFZ41 = OracleCase.clusterWithTopologyYaml("yamlfz41");

    @Test
    void theFirstBlockNodeCountsItsTasksAndTheNextOnlyTheRest() {
        String script = """
                job y3 -p flat -N2 -n4 -c4 --gpus-per-node=2
                job y4 -p blkh -w g4 -N1 -c1 --gpus-per-node=1
                job y5 -p tree -w g3 -n1 -c1
                job y6 -p blk2 -N2 --exclusive
                job y7 -p tree -n6 -c4 --gpus-per-task=1
                job y8 -p tree -N3 --gpus=7 --cpus-per-gpu=5
                job y9 -p blkh -n6 -c4 --gpus-per-task=1 --gres-flags=enforce-binding
                snapshot y9
                """;
        var replayer = new Replayer(YAMLFZ41,
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05)));
        List<ReplayEvent> events = replayer.run(JobScriptReader.read("jobs.txt", script).script());
        Map<String, List<Integer>> gpus = events.stream()
                .filter(e -> e instanceof ReplayEvent.Job j && j.name().equals("y9") && j.placement() != null)
                .map(e -> ((ReplayEvent.Job) e).placement())
                .reduce((a, b) -> b).orElseThrow().hosts().stream()
                .collect(Collectors.toMap(HostAllocation::host, HostAllocation::gpus));
        assertThat(gpus).containsExactlyInAnyOrderEntriesOf(Map.of("g3", List.of(4, 5, 6, 7), "d4", List.of(0, 4)));
    }
}
