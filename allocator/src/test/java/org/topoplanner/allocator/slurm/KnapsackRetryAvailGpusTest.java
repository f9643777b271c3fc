package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The GPU term of the retry's {@code avail_res_cnt} ({@link KnapsackRetry}): {@code avail_res->avail_gpus}, set once
 * per selection by {@code _can_job_run_on_node} from {@code gres_select_filter_remove_unusable}
 * ({@code *avail_gpus += sock_gres->total_cnt}: 22.05.8 {@code select/cons_common/gres_select_filter.c}, 24.11.5
 * {@code select/cons_tres/gres_select_filter.c}), the node's usable free GPUs, not what the job takes there
 * ({@code --gpus-per-node}, CPUs per GPU: those cap {@code max_node_gres}, not {@code total_cnt}); no evaluation
 * rewrites it ({@code eval_nodes_cpus_to_use} / {@code _cpus_to_use}: {@code avail_res_cnt = avail_cpus +
 * avail_gpus}). Nodes of 8, 8 and 12 free CPUs with 4, 1 and 1 usable GPUs, of which the job takes one each: the
 * counts are 12, 9 and 13, so node 1 leaves first, then node 0. With the GPUs the job takes (9, 9, 13) node 0 left
 * first (24.11; 22.05 both at once). Planner6 measured the reading on every stored line: none moves in any release.
 * A job given one socket per node keeps the filter's count (the next test).
 */
class KnapsackRetryAvailGpusTest {
    @Test
    void theNodesUsableFreeGpusCountNotTheGpusTheJobTakes() throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parse(List.of("-N1", "--gpus-per-node=1"), "j"));
        FixedDemand first = new FixedDemand(new int[] {8, 8, 12}, new int[] {1, 1, 1}, new int[] {4, 1, 1},
                new int[] {8, 8, 12}, true);
        FixedDemand second = new FixedDemand(first.availCpus(), first.gpusFor(), first.nodeGpus(), first.freeCpus(),
                false);
        for (SlurmVersion v : List.of(SlurmVersion.V22_05, SlurmVersion.V24_11)) {
            assertThat(maps(v, job, first, second)).as(v.label())
                    .containsExactly("{0, 1, 2}", "{0, 1, 2}", "{0, 2}", "{2}");
        }
    }

    /**
     * 22.05's {@code --gpus=N} with enforce-binding gives a node one socket ({@code _socks_per_node} 1, {@link
     * CoreFilter#oneGpuSocket}): {@code _build_sock_gres_by_topo}'s s_p_n limit keeps only the richest socket's GPUs
     * in the job's {@code sock_gres} list, so {@code total_cnt} is that socket's, the filter's count. Own cases pair22
     * f2 ({@code -N2 --gpus=6 --cpus-per-gpu=2}) and fuzz40 p39 ({@code -N2 --gpus=7 --cpus-per-gpu=2}), real 22.05.8:
     * counting every usable free GPU there moves both.
     */
    @Test
    void aJobGivenOneSocketCountsThatSocketsGpus() throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parse(List.of("-N1", "--gpus=2",
                "--gres-flags=enforce-binding"), "j"));
        assertThat(CoreFilter.oneGpuSocket(job, SlurmVersion.V22_05)).isTrue();
        FixedDemand first = new FixedDemand(new int[] {8, 8, 12}, new int[] {1, 1, 1}, new int[] {4, 1, 1},
                new int[] {8, 8, 12}, true);
        FixedDemand second = new FixedDemand(first.availCpus(), first.gpusFor(), first.nodeGpus(), first.freeCpus(),
                false);
        assertThat(maps(SlurmVersion.V22_05, job, first, second)).containsExactly("{0, 1, 2}", "{0, 1, 2}", "{2}");
    }

    private static List<String> maps(SlurmVersion v, SlurmJobSpec job, FixedDemand first, FixedDemand second) {
        List<String> maps = new ArrayList<>();
        NodeChooser evaluation = (map, required, j, demand, minCpus) -> {
            maps.add(map.toString());
            return null;
        };
        NodeChooser retry = KnapsackRetry.of(evaluation, KnapsackRetry.Hopeless.NEVER, v);
        BitSet all = new BitSet();
        all.set(0, 3);
        assertThat(retry.select(all, new BitSet(), job, first, 1)).isNull();
        assertThat(retry.select(all, new BitSet(), job, second, 1)).isNull();
        return maps;
    }
}
