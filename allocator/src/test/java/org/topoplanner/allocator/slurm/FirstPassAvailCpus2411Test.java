package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 24.11's second pass filters the required nodes in turn from the CPUs the failed first pass left them
 * ({@code eval_nodes_select_cores} reads {@code avail_res->avail_cpus}, which {@code eval_nodes_gres} wrote), so their
 * GPU credit, and what the other nodes may add, come from those counts ({@link FirstPassAvailCpus}). Own probe
 * plsock2 r5 and r6 on idle plsock1 nodes (2 x 3 cores, three GPUs on socket 0's cores): real 24.11.5 runs both on
 * n01 and n03 with GPU 0 and CPUs 0-1 each and n02 with GPUs 0-1 and CPUs 0-3; the replay refused them (22.05.8
 * refuses them too: its {@code choose_nodes} keeps the task bound of the node count for every evaluation).
 */
class FirstPassAvailCpus2411Test {
    private final SlurmTreePolicy v24 =
            new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));

    @ParameterizedTest
    @ValueSource(strings = {"-N2-3 --gpus=4 --cpus-per-gpu=2 -w n01,n03", "--gpus=4 --cpus-per-gpu=2 -w n01,n03"})
    void theRequiredNodesCountTheirFirstPassGpusAndATreeNodeAddsTheRest(String args) throws Exception {
        Suggestion s = v24.suggest(ClusterState.empty(OracleCase.cluster("plsock2")),
                SbatchOptions.parseLine(args, "r5"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        Map<String, HostAllocation> byHost = ((Suggestion.Placed) s).placement().hosts().stream()
                .collect(Collectors.toMap(HostAllocation::host, h -> h));
        assertThat(byHost.keySet()).containsExactlyInAnyOrder("n01", "n02", "n03");
        assertThat(byHost.get("n01").gpus()).containsExactly(0);
        assertThat(byHost.get("n01").cpus()).isEqualTo(CpuSet.range(0, 1));
        assertThat(byHost.get("n03").gpus()).containsExactly(0);
        assertThat(byHost.get("n02").gpus()).containsExactly(0, 1);
        assertThat(byHost.get("n02").cpus()).isEqualTo(CpuSet.range(0, 3));
    }
}
