package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.NodeLine;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _build_node_list}'s memory test ({@code node_scheduler.c}, 22.05, 24.11 and 26.05 alike): a node whose
 * {@code RealMemory} is below the job's {@code --mem} is not usable. Own case fuzz42 (nodes of 256,000 MB): p20
 * {@code -N2 --gpus-per-node=2 --mem=300G} is REJECTED by real 22.05.8, 24.11.5 and 26.05.5.
 */
class NodeMemoryTest {

    private static Suggestion place(Cluster cluster, String options, String version) throws JobRequestException {
        SlurmTreePolicy policy = new SlurmTreePolicy(
                PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()));
        return policy.suggest(ClusterState.empty(cluster), SbatchOptions.parseLine(options, "j"));
    }

    /** fuzz42 with every node but h3 cut to 100,000 MB. */
    private static Cluster onlyH3HasMemory() {
        Cluster c = OracleCase.cluster("fuzz42");
        List<NodeLine> lines = new ArrayList<>();
        for (NodeLine l : c.slurm().nodeLines()) {
            lines.add(new NodeLine(l.name(), l.cpus(), l.boards(), l.sockets(), l.coresPerSocket(),
                    l.threadsPerCore(), l.name().equals("h3") ? 256000L : 100000L, l.gres(), l.weight(),
                    l.features(), l.nodeAddr(), l.other()));
        }
        SlurmSettings s = c.slurm();
        return new Cluster(c.name(), c.fabric(), c.nodes(), c.hosts(),
                new SlurmSettings(lines, s.gres(), s.keys(), s.topologies()), null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aJobAskingMoreMemoryThanEveryNodeHasIsRefusedAtSubmit(String version) throws JobRequestException {
        Cluster fuzz42 = OracleCase.cluster("fuzz42");
        assertThat(place(fuzz42, "-N2 --gpus-per-node=2 --mem=300G", version))
                .isInstanceOf(Suggestion.Impossible.class);
        assertThat(place(fuzz42, "-N2 --gpus-per-node=2 --mem=200G", version)).isInstanceOf(Suggestion.Placed.class);
        assertThat(place(fuzz42, "-N2 --gpus-per-node=2 --mem=0", version)).isInstanceOf(Suggestion.Placed.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void nodesBelowTheMemoryAreLeftOutAndANamedOneRefuses(String version) throws JobRequestException {
        Cluster cluster = onlyH3HasMemory();
        Suggestion s = place(cluster, "-N1 --gpus-per-node=1 --mem=200G", version);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        assertThat(((Suggestion.Placed) s).placement().hosts()).extracting(h -> h.host()).containsExactly("h3");
        assertThat(place(cluster, "-w k1 --gpus-per-node=1 --mem=200G", version))
                .isInstanceOf(Suggestion.Impossible.class);
        assertThat(place(cluster, "-w k1 --gpus-per-node=1 --mem=64G", version)).isInstanceOf(Suggestion.Placed.class);
    }
}
