package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@link FirstPassGpuTotal}: 22.05's {@code choose_nodes} keeps the GPU totals its first pass's filter lowered
 * ({@code gres_select_filter_sock_core}: {@code total_cnt = MIN(avail_cpus / cpus_per_gres, total_cnt)} on the cores
 * near the GPUs) for every later evaluation. Own case fuzz08's cluster, idle: the q nodes (weight 5) hold their 4 GPUs
 * on socket 0's 12 cores, so with 5 CPUs per GPU the first pass credits each 2, g3 (one socket for this job) 3; no two
 * of the nodes the evaluations reach hold 6, and 22.05.8 refuses f50 at submit, where 24.11.5 and 26.05.5 run it on
 * g4 and q3.
 */
class FirstPassGpuTotalTest {
    private static final String F50 = "-N2 --cpus-per-gpu=5 --gpus=6 --gres-flags=enforce-binding";

    @Test
    void a2205FirstPassLimitsTheGpusOfEveryLaterEvaluation() throws Exception {
        assertThat(suggest(SlurmVersion.V22_05)).isInstanceOf(Suggestion.Impossible.class);
    }

    @Test
    void laterReleasesDoNotCarryTheFirstPassOver() throws Exception {
        assertThat(suggest(SlurmVersion.V24_11)).isInstanceOf(Suggestion.Placed.class);
        assertThat(suggest(SlurmVersion.V26_05)).isInstanceOf(Suggestion.Placed.class);
    }

    private static Suggestion suggest(SlurmVersion version) throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version));
        return slurm.suggest(ClusterState.empty(OracleCase.cluster("fuzz08")), SbatchOptions.parseLine(F50, "j"));
    }
}
