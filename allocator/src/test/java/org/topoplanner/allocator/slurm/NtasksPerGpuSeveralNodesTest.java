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
 * {@code --ntasks-per-gpu} over several nodes on g9b's idle cluster (own probes g9b n1, n3, n4 and c11b1 c3, real
 * 22.05.8, 24.11.5, 26.05.5; PROVENANCE t11b). The GPU filter counts {@code --ntasks-per-gpu} times {@code -c} CPUs
 * a GPU without making it the job's {@code cpus_per_gres} ({@link SlurmJobSpec#cpusPerGres}): a node of one task
 * keeps one CPU (n3's g2), and 22.05's {@code _set_job_bits1} gives a node no more GPUs than its cores serve (n1:
 * two each, packed on socket 0). 24.11 and 26.05 also cap the GPUs a node offers at its tasks over the option
 * ({@code gres_filter_sock_core}): two a node for n1, one on each socket.
 */
class NtasksPerGpuSeveralNodesTest {
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("g9b"));

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        // line; release; each node as name:CPUs/GPUs, as real Slurm gave them
        "-N2 --gpus=4 --ntasks-per-gpu=1; 22.05; g1:0,8/0,1 g2:0,8/0,1",
        "-N2 --gpus=4 --ntasks-per-gpu=1; 24.11; g1:0,8/0,2 g2:0,8/0,2",
        "-N2 --gpus=4 --ntasks-per-gpu=1; 26.05; g1:0,8/0,2 g2:0,8/0,2",
        "--gpus=5 --ntasks-per-gpu=1; 22.05; g1:0,1,8,9/0,1,2,3 g2:0/0",
        "--gpus=5 --ntasks-per-gpu=1; 24.11; g1:0,1,8,9/0,1,2,3 g2:0/0",
        "--gpus=5 --ntasks-per-gpu=1; 26.05; g1:0,1,8,9/0,1,2,3 g2:0/0",
        "-N2 --gpus=4 --ntasks-per-gpu=2 -c2; 22.05; g1:0,1,2,3,4,5,6,7/0,1 g2:0,1,2,3,4,5,6,7/0,1",
        "-N2 --gpus=4 --ntasks-per-gpu=2 -c2; 26.05; g1:0,1,2,3,8,9,10,11/0,2 g2:0,1,2,3,8,9,10,11/0,2",
        "-N2 --gpus=4 --ntasks-per-gpu=1 --gres-flags=enforce-binding; 24.11; g1:0,8/0,2 g2:0,8/0,2",
    })
    void placesAsRealSlurm(String line, String release, String expected) throws Exception {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(idle, SbatchOptions.parseLine(line, "n"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class,
                p -> assertThat(PlacementLayout.of(p.placement().hosts())).isEqualTo(expected));
    }
}
