package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.RealSubmits;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 26.05's {@code eval_nodes_cpus_to_use} / {@code eval_nodes_gres} write what a node gave the failed first pass into
 * {@code avail_res->avail_cpus}, and the second pass starts that node's core filter from it
 * ({@link FirstPassAvailCpus}). Own probe case plsock1p (real 26.05.5, {@code DebugFlags=Gres,SelectType}): three
 * idle 2x3-core nodes with all three GPUs on socket 0; with two CPUs per GPU the first pass holds one GPU a node.
 */
class FirstPassAvailCpusTest {
    private final SlurmTreePolicy v26 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
    /** plsock1p's state for every probe: a1 holds n02's CPUs 1-5 and GPU 2 (real 26.05.5). */
    private final ClusterState state = ClusterState.empty(OracleCase.cluster("plsock1")).with(new Placement("a1",
            List.of(new HostAllocation("n02", List.of(2), CpuSet.range(1, 5), Map.of()))));

    @Test
    void requiredNodesKeepTheFirstPassCpusSoSbatchRefusesTheJob() throws Exception {
        // plsock1 p11 / plsock1p q1: both passes credit n01 and n03 one GPU each, 2 of 4
        Suggestion s = v26.suggest(state, SbatchOptions.parseLine("-N2 --gpus=4 --cpus-per-gpu=2 -w n01,n03", "q1"));
        assertThat(s).isInstanceOf(Suggestion.Impossible.class);
    }

    @Test
    void aRequiredNodeLoweredByTheFirstPassGivesOneGpuAndTheTreeAddsAnother() throws Exception {
        // plsock1p q9: n01 keeps 2 CPUs and GPU 0; n03 (not lowered) gives the other two GPUs and their 4 CPUs
        Suggestion s = v26.suggest(state, SbatchOptions.parseLine("-w n01 --gpus=3 --cpus-per-gpu=2", "q9"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        Map<String, HostAllocation> byHost = ((Suggestion.Placed) s).placement().hosts().stream()
                .collect(Collectors.toMap(HostAllocation::host, h -> h));
        assertThat(byHost.keySet()).containsExactlyInAnyOrder("n01", "n03");
        assertThat(byHost.get("n01").cpus()).isEqualTo(CpuSet.range(0, 1));
        assertThat(byHost.get("n01").gpus()).containsExactly(0);
        assertThat(byHost.get("n03").cpus()).isEqualTo(CpuSet.range(0, 3));
        assertThat(byHost.get("n03").gpus()).containsExactly(0, 1);
    }

    @Test
    void aNodeTheFailedFirstPassAddedStartsTheSecondFromItsCount() throws Exception {
        // own case fuzz19 p8 (-N3 --gpus=10), on the state real 26.05.5 had (b0, b1, b2, p1 running): the first pass
        // gives p1 one CPU for its GPUs and fails; the second filters p1 from that CPU, which 26.05.5 puts on
        // CPU 16 with GPUs 0 and 2 (the emulation filtered p1 afresh: CPU 0, GPUs 0 and 1)
        ClusterState fuzz19 = RealSubmits.before("fuzz19", "results/v26.05/fuzz19.jsonl", "p8");
        Suggestion s = v26.suggest(fuzz19, SbatchOptions.parseLine("-N3 --gpus=10", "p8"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        Map<String, HostAllocation> byHost = ((Suggestion.Placed) s).placement().hosts().stream()
                .collect(Collectors.toMap(HostAllocation::host, h -> h));
        assertThat(byHost.keySet()).containsExactlyInAnyOrder("h1", "h2", "p1");
        assertThat(byHost.get("p1").cpus()).isEqualTo(CpuSet.range(16, 16));
        assertThat(byHost.get("p1").gpus()).containsExactly(0, 2);
    }

    @Test
    void aFirstPassThatSucceedsLeavesNothingToCarry() throws Exception {
        // plsock1p q3: one CPU per GPU, so socket 0 holds all three GPUs in the first pass, which succeeds
        Suggestion s = v26.suggest(state, SbatchOptions.parseLine("-N2 --gpus=4 --cpus-per-gpu=1 -w n01,n03", "q3"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        Map<String, HostAllocation> byHost = ((Suggestion.Placed) s).placement().hosts().stream()
                .collect(Collectors.toMap(HostAllocation::host, h -> h));
        assertThat(byHost.get("n01").gpus()).containsExactly(0, 1, 2);
        assertThat(byHost.get("n03").gpus()).containsExactly(0);
    }
}
