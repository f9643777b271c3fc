package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code --gpus-per-socket} on a node whose GPUs have no {@code Cores=} ({@code topo_cnt == 0}): 22.05's
 * {@code _get_sock_cnt} ({@code select/cons_common/gres_select_filter.c}) counts the job's cores there, not its
 * sockets, so the count is {@code gres_per_socket} per core; 24.11 and 26.05 count sockets. Own case featfz1 f17
 * ({@code -N1 --sockets-per-node=1 --gpus-per-socket=1 -n2}, run on c2: one socket, 32 cores, four GPUs without
 * {@code Cores=}): 22.05.8 gives GPUs 0 and 1, 24.11.5 and 26.05.5 GPU 0.
 */
class GpusPerSocketWithoutTopology22Test {
    private static final Cluster FEATFZ1 = OracleCase.cluster("featfz1");

    private static List<Integer> gpusOnC2(SlurmVersion v) throws Exception {
        return gpusOnC2(v, "-n2");
    }

    private static List<Integer> gpusOnC2(SlurmVersion v, String cpus) throws Exception {
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(
                ClusterState.empty(FEATFZ1),
                SbatchOptions.parseLine("-w c2 -N1 --sockets-per-node=1 --gpus-per-socket=1 " + cpus, "f17"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hosts().get(0).gpus();
    }

    @Test
    void slurm22_05GivesOneGpuPerCoreOfTheJob() throws Exception {
        assertThat(gpusOnC2(SlurmVersion.V22_05)).containsExactly(0, 1);
    }

    @Test
    void slurm24_11And26_05GiveOnePerSocket() throws Exception {
        assertThat(gpusOnC2(SlurmVersion.V24_11)).containsExactly(0);
        assertThat(gpusOnC2(SlurmVersion.V26_05)).containsExactly(0);
    }

    /**
     * Five cores ask five GPUs of c2's four: 22.05's {@code _job_alloc} ({@code slurmctld/gres_ctld.c}) fails
     * "overallocated resources" before setting any bit and the job runs without GPUs (featfz12 f54 on c1, 22.05.8:
     * four cores, three free GPUs, no GPU).
     */
    @Test
    void slurm22_05GivesNoGpuWhenTheCoreCountPassesTheFreeGpus() throws Exception {
        assertThat(gpusOnC2(SlurmVersion.V22_05, "-c5")).isEmpty();
        assertThat(gpusOnC2(SlurmVersion.V22_05, "-c4")).containsExactly(0, 1, 2, 3);
    }

    /**
     * Under {@code enforce-binding} the per-socket limit of {@code _build_sock_gres_by_topo} would clear the cores of
     * c2's only socket (its GPUs count on no socket), but a node with {@code topo_cnt == 0} goes through {@code
     * _build_sock_gres_basic} instead, which clears no core (22.05 {@code cons_tres/gres_sched.c}, 24.11 and 26.05
     * {@code cons_tres/gres_sock_list.c}). Own case featfz17 f72 ({@code -N1 --sockets-per-node=1 --gpus-per-socket=1
     * -c3 --gres-flags=enforce-binding}): 22.05.8 runs it on c2 with GPUs 1, 2, 3 (GPU 0 held), 24.11.5 with GPU 1.
     */
    @Test
    void enforceBindingStillRunsOnANodeWithoutGpuTopology() throws Exception {
        String c3 = "-c3 --gres-flags=enforce-binding";
        assertThat(gpusOnC2(SlurmVersion.V22_05, c3)).containsExactly(0, 1, 2);
        assertThat(gpusOnC2(SlurmVersion.V24_11, c3)).containsExactly(0);
        assertThat(gpusOnC2(SlurmVersion.V26_05, c3)).containsExactly(0);
    }
}
