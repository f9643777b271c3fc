package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code topology/tree} with a {@code topology.conf} that names no switch, per release ({@link SwitchlessTree}): own
 * probe cases swless1 ({@code TopologyPlugin=topology/tree}, an empty {@code topology.conf}; real 22.05.8 places
 * every job, 24.11.5 refuses all) and swless2 (the same cluster under {@code topology/none}; real 26.05.5 places
 * every job, as its {@code topology/flat}).
 */
class SwitchlessTreeTest {

    @ParameterizedTest(name = "{0} under {1}: placed {2}")
    @CsvSource({
        "swless1, 22.05, true",
        "swless1, 24.11, false",
        "swless1, 26.05, false",
        "swless2, 22.05, true",
        "swless2, 24.11, true",
        "swless2, 26.05, true",
    })
    void theTreePluginWithoutSwitchesPlacesOnlyIn2205(String caseName, String version, boolean placed) throws Exception {
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
        // swless1 b2: one node named, 4 GPUs on an idle cluster
        Suggestion s = policy.suggest(ClusterState.empty(OracleCase.cluster(caseName)),
                SbatchOptions.parseLine("-w a4 -n1 -c5 --gpus-per-node=4", "b2"));
        assertThat(s).isInstanceOf(placed ? Suggestion.Placed.class : Suggestion.Impossible.class);
    }

    @org.junit.jupiter.api.Test
    void sbatchOf2411AcceptsMoreGpusThanOneTasksNodeHolds() throws Exception {
        // swless2 p38 (-n1 --gpus=10, 8 GPUs at most on a node) under topology/default: real 24.11.5 accepts it and
        // leaves it pending (Resources); 22.05.8 refuses it (SwitchlessConsecutiveSetsTest)
        SlurmTreePolicy v24 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));
        Suggestion s = v24.suggest(ClusterState.empty(OracleCase.cluster("swless2")),
                SbatchOptions.parseLine("-x h2 -n1 -c3 --gpus=10", "p38"));
        assertThat(s).isInstanceOf(Suggestion.Pending.class);
    }
}
