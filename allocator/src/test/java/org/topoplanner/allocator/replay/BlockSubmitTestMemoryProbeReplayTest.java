package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.replay.JobScript;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Own probe c11c2 (p11c, src/test/resources/oracle/PROVENANCE.md): c11c1's eight nodes with {@code CR_Core_Memory}
 * and {@code DefMemPerCPU=1000}, bound by a {@code topology.yaml} to a block topology (partition {@code blk}, the
 * default) and a tree (partition {@code tree}), against real 26.05.5. sbatch's test reads each node's memory
 * ({@code _can_job_run_on_node} with {@code test_only}, before {@code topology_g_eval_nodes}), on blocks as on the
 * tree: y4 ({@code -N1 --gpus-per-node=4 --cpus-per-gpu=4 --mem-per-cpu=5000}, no node's memory pays for 16 CPUs) is
 * refused at submission. Too few lines for {@code KnownMismatchReplayTest} (18): every line must match, compared
 * as {@code SlurmTreeReplayTest} compares ({@link OracleComparison#mismatches}).
 */
class BlockSubmitTestMemoryProbeReplayTest {

    @ParameterizedTest(name = "{0} with Slurm {2} under {3}")
    @CsvSource({
        "c11c2, results/v26.05/c11c2.jsonl, 26.05, slurm-block",
        "c11c2, results/v26.05/c11c2.jsonl, 26.05, slurm-tree",
    })
    void replayMatchesRealSlurm(String caseName, String results, String version, String policyId) {
        Cluster cluster = OracleCase.clusterWithTopologyYaml(caseName);
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow());
        // with topology.yaml the partition's topology decides, whichever Slurm policy runs
        var policy = policyId.equals("slurm-block") ? new SlurmBlockPolicy(options) : new SlurmTreePolicy(options);
        JobScript script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/" + caseName + "/jobs.txt"))
                .script();
        List<String> lines = ReplayLine.lines(new Replayer(cluster, policy).run(script));
        var expected = OracleComparison.jobLines(OracleCase.resource(results).lines().toList());
        var actual = OracleComparison.jobLines(lines);
        assertThat(expected).hasSizeGreaterThan(15);
        assertThat(OracleComparison.mismatches(expected, actual))
                .as("lines of %s under %s (%s) that differ from real Slurm", caseName, version, policyId).isEmpty();
    }
}
