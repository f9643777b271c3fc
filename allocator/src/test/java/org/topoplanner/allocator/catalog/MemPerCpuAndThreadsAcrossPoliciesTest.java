package org.topoplanner.allocator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;

/**
 * Every policy takes the sbatch options added for issue 16 ({@code --mem-per-cpu}, {@code --threads-per-core},
 * {@code --hint}) without throwing: it places the job or says why not. Own case fuzz42 (two-thread h nodes,
 * one-thread k and l nodes, 256,000 MB each).
 */
class MemPerCpuAndThreadsAcrossPoliciesTest {

    @Test
    void everyPolicyPlacesOrRefusesWithAReason() throws Exception {
        Cluster cluster = OracleCase.cluster("fuzz42");
        List<String> lines = List.of("-N1 -c4 --mem-per-cpu=2G", "-N2 --gpus-per-node=2 -c4 --threads-per-core=1",
                "-n4 --hint=nomultithread --mem-per-cpu=1000", "-w h1 -c2 --threads-per-core=1 --mem-per-cpu=300G",
                "-N1 --gpus-per-node=1 --cpus-per-gpu=2 --threads-per-core=2");
        List<String> answers = new ArrayList<>();
        for (PolicyId id : PolicyCatalog.policies()) {
            for (String line : lines) {
                Suggestion s = PolicyChoice.of(id).create().suggest(ClusterState.empty(cluster),
                        SbatchOptions.parseLine(line, "j"));
                if (s instanceof Suggestion.Impossible i) {
                    assertThat(i.reason()).as("%s: %s", id, line).isNotBlank();
                }
                answers.add(id.name() + " " + line + ": " + s.getClass().getSimpleName());
            }
        }
        // the slurm-tree answers follow from the rules (a 300 GB CPU share exceeds every node's memory)
        assertThat(answers).contains("SLURM_TREE -N1 -c4 --mem-per-cpu=2G: Placed",
                "SLURM_TREE -w h1 -c2 --threads-per-core=1 --mem-per-cpu=300G: Impossible");
    }
}
