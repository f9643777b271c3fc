package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code -p ,,} names no partition: 22.05's and 24.11's {@code _get_job_parts} refuse it, 26.05's takes the default
 * partition (own probe c16b1 b6). Cluster: own probe c12g1 ({@code gpu} g1-g4 the default).
 */
class EmptyPartitionListTest {
    private static final Cluster C12G1 = OracleCase.cluster("c12g1");

    private static Suggestion on(String args, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(C12G1), SbatchOptions.parseLine(args, "b6"));
    }

    @Test
    void refusedBeforeAndRunInTheDefaultPartitionFrom2605() throws Exception {
        assertThat(on("-p ,, -N1 -n1", SlurmVersion.V22_05)).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).contains("invalid partition specified: (null)"));
        assertThat(on("-p ,, -N1 -n1", SlurmVersion.V24_11)).isInstanceOf(Suggestion.Impossible.class);
        Suggestion s = on("-p ,, -N1 -n1", SlurmVersion.V26_05);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        assertThat(((Suggestion.Placed) s).placement().hostNames()).allMatch(h -> h.startsWith("g"));
        // as without -p
        assertThat(((Suggestion.Placed) s).placement().hostNames())
                .isEqualTo(((Suggestion.Placed) on("-N1 -n1", SlurmVersion.V26_05)).placement().hostNames());
    }
}
