package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.RealSubmits;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05's selection without a switch record (an empty {@code topology.conf} under {@code topology/tree}, or
 * {@code topology/none}): {@code choose_nodes} bounds the node count by the tasks, and the consecutive-set loop of
 * {@code _eval_nodes} credits each node through {@code gres_sched_add} ({@link FlatSelector}). Own probe case swless1
 * (gen.py fuzz7 9261 40's hardware and jobs with an empty {@code topology.conf}), real 22.05.8; the states are the
 * jobs real Slurm ran when each probe was submitted.
 */
class SwitchlessConsecutiveSetsTest {
    private final SlurmTreePolicy v22 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));

    @Test
    void oneTaskTakesOneNodeSoTenGpusAreRefused() throws Exception {
        // p38: no node has 10 GPUs; sbatch: "Requested node configuration is not available"
        ClusterState state = RealSubmits.before("swless1", "results/swless1.jsonl", "p38");
        Suggestion s = v22.suggest(state, SbatchOptions.parseLine("-x h2 -n1 -c3 --gpus=10", "p38"));
        assertThat(s).isInstanceOf(Suggestion.Impossible.class);
    }

    @Test
    void aNodeIsCreditedTheGpusItsCpusCoverAtCpusPerGpu() throws Exception {
        // p0: g4 has 14 free cores on its GPUs' socket, so --cpus-per-gpu=8 credits it one GPU; h1 and h2 give two
        ClusterState state = RealSubmits.before("swless1", "results/swless1.jsonl", "p0");
        Suggestion s = v22.suggest(state, SbatchOptions.parseLine(
                "--cpus-per-gpu=8 --gpus=9 --gres-flags=enforce-binding --mem-per-gpu=160G", "p0"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        Map<String, List<Integer>> gpus = ((Suggestion.Placed) s).placement().hosts().stream()
                .collect(Collectors.toMap(HostAllocation::host, HostAllocation::gpus));
        assertThat(gpus).containsOnly(Map.entry("a7", List.of(4, 5, 6, 7)), Map.entry("g4", List.of(0)),
                Map.entry("h1", List.of(2, 3)), Map.entry("h2", List.of(2, 3)));
    }
}
