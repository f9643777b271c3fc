package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job with {@code -x}, or one kept to a partition that leaves nodes outside ({@link PartitionTopology} adds them to
 * {@code -x}), reads the state's verdict table of the job without it: the excluded nodes only leave the node map. So
 * every suggestion for a job of a partition does not walk every node of a large cluster again (SuggestBenchmark,
 * cluster=partitions), and the placement stays off the excluded nodes.
 */
class NodeVerdictsExcludeTest {
    private static final Cluster C18D1 = OracleCase.cluster("c18d1");

    @Test
    void aJobWithExcludedNodesSharesTheTableOfTheJobWithout() throws Exception {
        SlurmTreePolicy tree = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));
        Suggestion first = tree.suggest(ClusterState.empty(C18D1), SbatchOptions.parseLine("-p gpu -n1", "a"));
        ClusterState busy = ClusterState.empty(C18D1).with(((Suggestion.Placed) first).placement());
        List<SlurmNode> nodes = SlurmNode.of(C18D1);
        SlurmJobSpec plain = SlurmJobSpec.of(SbatchOptions.parseLine("-n1", "b"));
        SlurmJobSpec excluding = SlurmJobSpec.of(SbatchOptions.parseLine("-n1 -x g2,g3", "b"));
        NodeVerdicts table = NodeVerdicts.of(busy, nodes, excluding, SlurmVersion.V24_11);
        assertThat(table).isNotNull().isSameAs(NodeVerdicts.of(busy, nodes, plain, SlurmVersion.V24_11));
        // the placement keeps off the excluded nodes
        Suggestion s = tree.suggest(busy, SbatchOptions.parseLine("-p gpu -N2 -x g2,g3", "c"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class,
                p -> assertThat(p.placement().hostNames()).doesNotContain("g2", "g3"));
    }
}
