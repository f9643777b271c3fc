package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 26.05's one-node pick ({@code _get_one_res}, cons_tres {@code job_test.c}) on the idle clusters of own probes c27g1
 * and c27g2 (26.05.5): what {@code common_test_node} asks of each node before its GPUs count toward the sum, and
 * which GPUs the node chosen by the sum then gets.
 */
class OneNodeGetOneResProbeTest {

    private static Suggestion idle(String caseName, String args) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05))
                .suggest(ClusterState.empty(OracleCase.cluster(caseName)), SbatchOptions.parseLine(args, "j"));
    }

    /**
     * c27g1 o5: {@code min_cpus} 1 under {@code -O} makes {@code maxtasks} 1, and {@code eval_nodes_gres} leaves
     * every node {@code 1 / 2} GPUs, no task ({@link GresTaskCount}): refused at submission. With {@code -c2}
     * (c27g1 a4) 26.05's {@code gres_job_state_validate} raises {@code min_cpus} to 4 and the job runs.
     */
    @Test
    void anOvercommittedNtasksPerGpuJobWithoutCpusPerTaskGetsNoGpuOnAnyNode() throws Exception {
        assertThat(idle("c27g1", "-N1 --ntasks-per-gpu=2 --gpus=1 -O")).isInstanceOf(Suggestion.Impossible.class);
        assertThat(idle("c27g1", "-N1 --ntasks-per-gpu=2 --gpus=1 -c2 -O")).isInstanceOf(Suggestion.Placed.class);
    }

    /**
     * c27g2 m10: eleven tasks' cores on four-core nodes fail the GPU filter ({@code req_cores > avail_cores_tot}),
     * so no node adds its GPUs to the sum ({@link OneNodeSumGpus}); m2: 8000 MB nodes add one GPU each at 5000 MB a
     * GPU and n4 (4000 MB) none, two of three.
     */
    @Test
    void aNodeTheFilterFailsOrMemoryCutsAddsLessToTheSum() throws Exception {
        assertThat(idle("c27g2", "-N1 -n12 --gpus=3 -O -x n3,n4")).isInstanceOf(Suggestion.Impossible.class);
        assertThat(idle("c27g2", "-N1 --gpus=3 --mem-per-gpu=5000 -x n1")).isInstanceOf(Suggestion.Impossible.class);
        assertThat(idle("c27g2", "-N1 --gpus=3 --mem-per-gpu=5000 -x n3")).isInstanceOf(Suggestion.Pending.class);
    }

    /**
     * c27g2 m13: n2 and n3 add one GPU each at 8000 MB a GPU, the sum reaches 2 on n3, and n3 gets both its GPUs
     * ({@code _set_job_bits2} takes any free GPU of the node; the memory cap lowered only the credited count).
     */
    @Test
    void theNodeWhereTheSumCompletesGetsTheGpusItsMemoryCapLeftOut() throws Exception {
        Suggestion s = idle("c27g2", "-N1 --gpus=2 --mem-per-gpu=8000 -x n1");
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        var hosts = ((Suggestion.Placed) s).placement().hosts();
        assertThat(hosts).hasSize(1);
        assertThat(hosts.get(0).host()).isEqualTo("n3");
        assertThat(hosts.get(0).gpus()).isEqualTo(List.of(0, 1));
    }
}
