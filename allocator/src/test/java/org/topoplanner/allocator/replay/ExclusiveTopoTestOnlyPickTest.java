package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * An {@code --exclusive=topo} job whose partition lost nodes to a blocked partition earlier in the pass is tested on
 * the nodes left as cons_tres's test 0 does ({@code SELECT_MODE_TEST_ONLY} returns before {@code _block_by_topology}):
 * the base block of a node left in the pass stays usable though a job runs beside it, so the test passes and the job
 * waits {@code Resources} ({@code ESLURM_NODES_BUSY}), not {@code ReqNodeNotAvail}. Own case yamlfz43 y12 (26.05.5).
 */
class ExclusiveTopoTestOnlyPickTest {
    private static final Cluster YAMLFZ43 = OracleCase.clusterWithTopologyYaml("yamlfz43");

    @Test
    void aBusyNeighbourInItsBaseBlockLeavesTheTestOnlyPickPassing() {
        // y10 blocks blk2 (every node of blk but d3); y12 then has only d3, where y8 runs, and d3's base block b2
        // of nvl also holds d2, out of the pass
        String jobs = """
                job y7 -p tree2 -n2 -c3
                job y8 -p tree -w d3 -N1 -c2 --gpus-per-node=1
                job y9 -N2 -n4 -c3 --gpus-per-node=4
                job y10 -p blk2 -N2 --gpus-per-node=2 --exclusive=topo
                job y11 -p tree2 -N1 -c3 --gpus-per-node=2
                job y12 -p blk -N1 --gpus-per-node=1 --exclusive=topo
                """;
        var script = JobScriptReader.read("jobs.txt", jobs).script();
        List<String> lines = ReplayLine.lines(new Replayer(YAMLFZ43,
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05))).run(script));
        String y10 = lines.stream().filter(l -> l.contains("\"when\":\"final\",\"name\":\"y10\"")).findFirst()
                .orElseThrow();
        assertThat(y10).contains("\"state\":\"PENDING\"");
        String y12 = lines.stream().filter(l -> l.contains("\"when\":\"final\",\"name\":\"y12\"")).findFirst()
                .orElseThrow();
        assertThat(y12).contains("\"reason\":\"Resources\"");
    }
}
