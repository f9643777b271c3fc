package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The required-node loop ({@code _eval_nodes_topo} in 22.05's {@code cons_tres/job_test.c}, {@code eval_nodes_tree.c}
 * in 24.11 and 26.05) runs the core filter on each {@code -w} node after {@code gres_sched_add} of the required nodes
 * before it in node table order, so {@code rem_gres} (what {@code gres_select_filter_sock_core} and 24.11's
 * {@code _set_max_gres} cap a node at) is the job's count less their GPUs, and 24.11 keeps back one GPU for each
 * further node of {@code min_rem_nodes}, which the loop lowers. Own probe fuzz45 p14 ({@code -w p1,h10 -N2 --gpus=5
 * -n2 -c4}, real 22.05.8, 24.11.5 and 26.05.5 alike): h10 (before p1 in the name-sorted table, GPU 0 and cores 0-2
 * busy) gives its 3 free GPUs over both sockets, so p1 is asked for 2, its socket 0 holds them, socket 1's cores go on
 * the first pass and the task's 4 CPUs pack on socket 0 (0-3) beside GPUs 0 and 1. Asked for all 5 (the count
 * unlowered), p1 kept both sockets: CPUs 0,1,16,17.
 */
class RequiredNodesRemGresTest {
    private static final String SCRIPT = """
            job b18 -w h10 -n1 -c6 --gpus-per-node=1
            job p14 -w p1,h10 -N2 --gpus=5 -n2 -c4
            """;

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aLaterRequiredNodeIsAskedForWhatTheEarlierOnesLeft(String version) {
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        var script = JobScriptReader.read("jobs.txt", SCRIPT).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster("fuzz45"),
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))).run(script));
        String p14 = lines.stream().map(l -> l.replace(" ", ""))
                .filter(l -> l.contains("\"name\":\"p14\"") && l.contains("\"when\":\"submit\"")).findFirst()
                .orElseThrow();
        assertThat(p14).contains("{\"node\":\"h10\",\"cpus\":[6,7,16,17],\"gpus\":[1,2,3]}")
                .contains("{\"node\":\"p1\",\"cpus\":[0,1,2,3],\"gpus\":[0,1]}");
    }
}
