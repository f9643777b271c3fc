package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;

/** The drop order of 26.05's retry on fewer nodes ({@code common_topo_choose_nodes}), shared by tree and block. */
class WeakestFirstDropsTest {
    // node: 0 1 2 3 4; CPUs x GPUs = 8x2=16, 4x1=4, 2x4=8, 4x1=4 (tie with node 1), 1x8=8 (tie with node 2)
    private static final int[] CPUS = {8, 4, 2, 4, 1};
    private static final int[] GPUS = {2, 1, 4, 1, 8};

    private static final NodeChooser.Demand DEMAND = FixedDemand.of(CPUS, GPUS);

    private static SlurmJobSpec gpuJob() {
        return SlurmJobSpec.of(JobRequest.builder().name("j").nodes(2).gpus(6).build());
    }

    private static BitSet all() {
        BitSet b = new BitSet();
        b.set(0, 5);
        return b;
    }

    @Test
    void dropsTheWeakestFirstInIndexOrderOnATieAndNeverARequiredNode() {
        BitSet left = all();
        BitSet required = new BitSet();
        required.set(1);
        WeakestFirstDrops drops = new WeakestFirstDrops(left, required, gpuJob(), DEMAND);
        StringBuilder order = new StringBuilder();
        while (!drops.exhausted()) {
            BitSet before = (BitSet) left.clone();
            assertThat(drops.drop(null)).isTrue();
            before.andNot(left);
            order.append(before.nextSetBit(0));
        }
        assertThat(order).hasToString("3240");
        assertThat(left.get(1)).isTrue();
        assertThat(drops.drop(null)).isFalse();
    }

    @Test
    void aHintDropsItsWeakestNodeAndTheWalkSkipsWhatIsGone() {
        BitSet left = all();
        WeakestFirstDrops drops = new WeakestFirstDrops(left, new BitSet(), gpuJob(), DEMAND);
        BitSet hint = new BitSet();
        hint.set(0);
        hint.set(4);
        assertThat(drops.drop(hint)).isTrue();
        assertThat(left.get(4)).as("the weaker node the hint names").isFalse();
        assertThat(left.get(0)).isTrue();
        // order 1, 3, 2, (4 gone), 0
        int[] expected = {1, 3, 2, 0};
        for (int node : expected) {
            assertThat(drops.drop(null)).isTrue();
            assertThat(left.get(node)).as("node %d dropped", node).isFalse();
        }
        assertThat(drops.drop(null)).isFalse();
        BitSet none = new BitSet();
        none.set(7);
        assertThat(new WeakestFirstDrops(all(), new BitSet(), gpuJob(), DEMAND).drop(none))
                .as("a hint naming no droppable node drops nothing").isFalse();
    }
    /**
     * {@code avail_res_prod} is the node's available CPUs times its {@code avail_gpus}, every GPU of the job's type it has
     * free ({@code sock_gres->total_cnt}), not only as many as the job asks of one node. Own case blockfz10 k17 ({@code -N6
     * --gpus-per-node=3}, 26.05.5 with {@code DebugFlags=SelectType}, probe blockfz10p): h2 (26 free CPUs, 4 GPUs) stays
     * and h7 (28 CPUs, 3 GPUs) leaves first; counting 3 GPUs on both would drop h2 (78 &lt; 84).
     */
    @Test
    void availResProdCountsEveryFreeGpuNotOnlyThePerNodeRequest() {
        int[] cpus = {26, 28};
        int[] free = {4, 3};
        NodeChooser.Demand capped = new FixedDemand(cpus, new int[] {3, 3}, free, cpus, false);
        BitSet left = new BitSet();
        left.set(0, 2);
        SlurmJobSpec job = SlurmJobSpec.of(JobRequest.builder().name("j").nodes(1).gpusPerNode(3).build());
        assertThat(new WeakestFirstDrops(left, new BitSet(), job, capped).drop(null)).isTrue();
        assertThat(left.get(1)).as("28 CPUs x 3 GPUs is the weakest").isFalse();
        assertThat(left.get(0)).as("26 CPUs x 4 GPUs stays").isTrue();
    }
    /**
     * The CPUs of {@code avail_res_prod} are the node's free CPUs as {@code _can_job_run_on_node} counts them, not what a
     * pass's core filter lets it give. Own case blockfz18 k11 ({@code --gpus=9 --cpus-per-gpu=5}, refused by 26.05.5;
     * probe log with {@code DebugFlags=SelectType}): every node gives 20 CPUs for its 4 GPUs, yet the 24-core q nodes
     * leave before the 32-core l nodes. With enforce-binding too ({@code req_sock_map} only orders the core loop).
     */
    @Test
    void availResProdCountsTheNodesFreeCpusNotThePassesCpus() {
        int[] free = {32, 24};
        NodeChooser.Demand demand = new FixedDemand(FixedDemand.each(2, 20), FixedDemand.each(2, 4),
                FixedDemand.each(2, 4), free, false);
        BitSet left = new BitSet();
        left.set(0, 2);
        SlurmJobSpec job = SlurmJobSpec.of(JobRequest.builder().name("j").gpus(9).cpusPerGpu(5).build());
        assertThat(new WeakestFirstDrops(left, new BitSet(), job, demand).drop(null)).isTrue();
        assertThat(left.get(1)).as("24 free CPUs x 4 GPUs is the weakest").isFalse();
        BitSet bound = new BitSet();
        bound.set(0, 2);
        SlurmJobSpec binding = SlurmJobSpec.of(JobRequest.builder().name("j").gpus(9).cpusPerGpu(5)
                .enforceBinding(true).build());
        assertThat(new WeakestFirstDrops(bound, new BitSet(), binding, demand).drop(null)).isTrue();
        assertThat(bound.get(1)).as("with enforce-binding the free CPUs count as well").isFalse();
        assertThat(bound.get(0)).isTrue();
    }

    /**
     * {@code _can_job_run_on_node} keeps every free CPU of a node for a job with GRES ({@code _allocate_sc} cuts only a
     * job without GRES to whole tasks, and {@code CR_Core} rounds nothing for memory). Own case fuzz21 p31 ({@code -N3
     * -n6 -c6 --gpus-per-node=1}, enforce-binding, 26.05.5 runs it on p1, p4, p5): p1 has 29 free CPUs, p2 26, both 2
     * GPUs; in whole tasks both are 24 and p1 (lower index) would leave first. fuzz36 p15 ({@code -n2 -c4 --gpus=10},
     * enforce-binding): the free CPUs, not the pass's, put h3 before h1.
     */
    @Test
    void aJobWithGpusCountsEveryFreeCpuNotWholeTasks() throws Exception {
        int[] free = {29, 26};
        NodeChooser.Demand demand = new FixedDemand(FixedDemand.each(2, 12), FixedDemand.each(2, 1),
                FixedDemand.each(2, 2), free, false);
        BitSet left = new BitSet();
        left.set(0, 2);
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine(
                "-N3 -n6 -c6 --gpus-per-node=1 --gres-flags=enforce-binding", "p31"));
        assertThat(new WeakestFirstDrops(left, new BitSet(), job, demand).drop(null)).isTrue();
        assertThat(left.get(1)).as("p2's 26 free CPUs x 2 GPUs is the weakest").isFalse();
        assertThat(left.get(0)).isTrue();
        BitSet cpuOnly = new BitSet();
        cpuOnly.set(0, 2);
        SlurmJobSpec noGres = SlurmJobSpec.of(SbatchOptions.parseLine("-N3 -n6 -c6", "c"));
        assertThat(new WeakestFirstDrops(cpuOnly, new BitSet(), noGres, demand).drop(null)).isTrue();
        assertThat(cpuOnly.get(0)).as("without GRES whole tasks: 24 and 24 tie, index order").isFalse();
    }
}
