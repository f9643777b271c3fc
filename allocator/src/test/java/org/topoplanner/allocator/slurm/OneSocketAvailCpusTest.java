package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The knapsack retry's {@code avail_res_cnt} for a job given one socket per node (22.05 and 24.11
 * {@code _socks_per_node} = 1: enforce-binding, a GPU total, one CPU per node): {@code _build_sock_gres_by_topo}
 * clears every GPU socket's cores but the richest before {@code _can_job_run_on_node} counts the CPUs, so a 2x16-core
 * node with 4 GPUs per socket offers 16 CPUs, not 32, and the retry drops such nodes in that order. Own probe case
 * pair22 (fuzz30's PCIe-paired cluster, idle): {@code -N3 --gpus=7} enforce-binding runs on k2, k3, k4 (socket 1,
 * CPU 16, GPUs 4-7, 6-7 and 4) in 22.05.8 (e0), and 24.11.5 refuses it at submit (fuzz30 p6); counting every free
 * CPU, the replay refused it under 22.05 and placed it under 24.11.
 */
class OneSocketAvailCpusTest {
    private static final String JOB = "-N3 --gpus=7 --gres-flags=enforce-binding";

    @Test
    void slurm2205RunsItOnTheKeptSockets() throws Exception {
        Suggestion s = suggest(SlurmVersion.V22_05);
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            assertThat(p.placement().hosts()).extracting(HostAllocation::host).containsExactly("k2", "k3", "k4");
            assertThat(p.placement().hosts()).allSatisfy(h -> assertThat(h.cpus().toString()).isEqualTo("16"));
            assertThat(p.placement().hosts()).extracting(h -> h.gpus().size()).containsExactly(4, 2, 1);
        });
    }

    @Test
    void slurm2411RefusesIt() throws Exception {
        assertThat(suggest(SlurmVersion.V24_11)).isInstanceOf(Suggestion.Impossible.class);
    }

    private static Suggestion suggest(SlurmVersion version) throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version));
        return slurm.suggest(ClusterState.empty(OracleCase.cluster("fuzz30")), SbatchOptions.parseLine(JOB, "j"));
    }
}
