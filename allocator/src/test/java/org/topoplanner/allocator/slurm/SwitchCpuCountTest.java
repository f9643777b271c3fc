package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 26.05's leaf choice ({@code eval_nodes_tree.c}, {@code _topo_choose_best_switch} and {@code _topo_compare_switches})
 * asks whether a leaf fits by {@code switch_cpu_cnt}: the {@code avail_cpus} of every usable node under it as
 * {@code _allocate_sc} left them, before the GPU core filter cuts a node to the tasks its GPUs allow. So a one-node
 * leaf whose node has the CPUs fits, and once {@code -n} is met only the GPUs are missing, every leaf fits and the
 * one with the fewest nodes wins. A node with fewer free CPUs than one task needs ({@code pn_min_cpus}) is no usable
 * node and adds nothing. Real 26.05.5 placements, each state rebuilt from the jobs that held it:
 * <ul>
 * <li>own probe treeprobe07 (= yamlfz07 y21 on a topology.conf tree): {@code -n2 -c2 --gpus-per-task=2} on nodes of
 * 2+1 GPUs runs one task on p20 (leaf6, one node, first) and one on p1 (leaf1, the first two-node leaf); the
 * emulation, fitting a leaf by the CPUs its nodes give after the filter (2 each), took p1 and p2.</li>
 * <li>own case fuzz27 p28 ({@code -n4 -c3 --gpus-per-task=1}): leaf2's g1 and s3 have 4 + 7 free CPUs and s4 only
 * 2, less than a task, so leaf2 falls short of 12 and the job runs on s5 and s6 (leaf4).</li>
 * <li>own case fuzz37 p28 ({@code -n5 -c12}, no GPUs): a node counts whole tasks only, so leaf2 (g1: 32 free, 24
 * counted, and nodes of 12 or fewer) falls short of 60 and the job runs on leaf1's p2, p3, p4 (the emulation, counting
 * every free CPU, started on leaf2's g1).</li>
 * </ul>
 */
class SwitchCpuCountTest {

    @ParameterizedTest(name = "{0} {2}: {3}")
    @CsvSource(delimiter = ';', value = {
        "treeprobe07; -w p1 -n1 -c6 | -x p20 -N1 --exclusive | -w p6 -n3 -c7; -n2 -c2 --gpus-per-task=2; p1 p20",
        "fuzz27; -w s4 -n2 -c3 | -w s3 -n1 -c1 | -w g1 -n2 -c8 | -w g1 -n1 -c8"
                + " | -w g1 -n1 -c4 --gpus-per-node=2 | -w h3 -n1 -c4 --gpus-per-node=2 | -w c4 -n1 -c3"
                + " | -w h3 -n1 -c4 --gpus-per-node=2 | -w s2 -n1 -c5 --gpus-per-node=1"
                + " | -w s8 -n1 -c4 --gpus-per-node=1 | -w c1 -n1 -c1; -n4 -c3 --gpus-per-task=1; s5 s6",
        "fuzz37; -w p2 -n1 -c1 --gpus-per-node=1 | -w s4 -n1 -c2 --gpus-per-node=1 | -w p3 -n1 -c5 --gpus-per-node=1"
                + " | -w g5 -N1 --exclusive | -w p1 -n1 -c5 --gpus-per-node=1 | -w p7 -n1 -c5 --gpus-per-node=1"
                + " | -w s4 -n1 -c1 --gpus-per-node=1 | -w p6 -n2 -c4 | -w c7 -n2 -c2 | -w c6 -n2 -c2 | -w g2 -n1 -c5;"
                + " -n5 -c12; p2 p3 p4",
    })
    void aLeafFitsByTheFreeCpusOfItsUsableNodes(String caseName, String background, String job, String hosts)
            throws Exception {
        placesOn(SlurmVersion.V26_05, caseName, background, job, hosts);
    }

    /**
     * 24.11's {@code eval_nodes_tree.c} reads the same {@code switch_cpu_cnt} (its {@code _allocate_sc} leaves a GPU
     * job's {@code avail_cpus} at the free CPUs and counts whole tasks without GPUs, as 26.05's): 24.11.5 places
     * fuzz27 p28 and fuzz37 p28 as 26.05.5 does. The emulation fitted 24.11's leaves by the CPUs the GPU filter
     * leaves each node (the former ReachableCpus) and took leaf2 for both.
     */
    @ParameterizedTest(name = "{0} {2}: {3}")
    @CsvSource(delimiter = ';', value = {
        "fuzz27; -w s4 -n2 -c3 | -w s3 -n1 -c1 | -w g1 -n2 -c8 | -w g1 -n1 -c8"
                + " | -w g1 -n1 -c4 --gpus-per-node=2 | -w h3 -n1 -c4 --gpus-per-node=2 | -w c4 -n1 -c3"
                + " | -w h3 -n1 -c4 --gpus-per-node=2 | -w s2 -n1 -c5 --gpus-per-node=1"
                + " | -w s8 -n1 -c4 --gpus-per-node=1 | -w c1 -n1 -c1; -n4 -c3 --gpus-per-task=1; s5 s6",
        "fuzz37; -w p2 -n1 -c1 --gpus-per-node=1 | -w s4 -n1 -c2 --gpus-per-node=1 | -w p3 -n1 -c5 --gpus-per-node=1"
                + " | -w g5 -N1 --exclusive | -w p1 -n1 -c5 --gpus-per-node=1 | -w p7 -n1 -c5 --gpus-per-node=1"
                + " | -w s4 -n1 -c1 --gpus-per-node=1 | -w p6 -n2 -c4 | -w c7 -n2 -c2 | -w c6 -n2 -c2 | -w g2 -n1 -c5;"
                + " -n5 -c12; p2 p3 p4",
        "fuzz38; -w l1 -n1 -c7 | -w k1 -N1 --exclusive | -w h1 -n1 -c2 | -w k3 -n2 -c3;"
                + " -n4 -c6 --gpus-per-task=1 --mem-per-gpu=32G; h1 l1",
    })
    void a2411LeafFitsByTheSameCount(String caseName, String background, String job, String hosts) throws Exception {
        placesOn(SlurmVersion.V24_11, caseName, background, job, hosts);
    }

    private static void placesOn(SlurmVersion version, String caseName, String background, String job, String hosts)
            throws Exception {
        SlurmTreePolicy v26 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version));
        ClusterState state = ClusterState.empty(OracleCase.cluster(caseName));
        int k = 0;
        for (String args : background.split("\\|")) {
            Suggestion s = v26.suggest(state, SbatchOptions.parseLine(args.strip(), "b" + k++));
            assertThat(s).as("background job %s", args).isInstanceOf(Suggestion.Placed.class);
            state = state.with(((Suggestion.Placed) s).placement());
        }
        Suggestion s = v26.suggest(state, SbatchOptions.parseLine(job, "probe"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(
                p.placement().hosts().stream().map(HostAllocation::host).sorted().toList())
                .isEqualTo(List.of(hosts.split(" "))));
    }
}
