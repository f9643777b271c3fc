package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05's and 24.11's {@code min_cpus} for a {@code --ntasks-per-gpu} job with {@code -c} ({@link NtasksPerGpuMinCpus}):
 * sbatch's {@code N x c}, raised to the tasks' CPUs only where the GPU-derived tasks outnumber it
 * ({@code validate_job_create_req}); 26.05 always the tasks' CPUs ({@code gres_job_state_validate}). On the idle
 * g9b/gp8a cluster (own probes gp8a a2, a5 and g9b n7, each alone on the idle nodes; PROVENANCE n12d): 22.05.8 gives
 * a5 and n7 one task's CPUs a node, 24.11.5 refuses them at submission (a node cut to one task offers one GPU,
 * {@code _reduce_res_cores}), 26.05.5 gives every task's CPUs; a2's tasks outnumber sbatch's figure in every release.
 */
class NtasksPerGpuMinCpusTest {
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("g9b"));

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        // line; release; each node as name:CPUs/GPUs, as real Slurm gave them, or REFUSED
        "-N1 -w q1 --gpus=3 --ntasks-per-gpu=1 -c3; 22.05; q1:0,1,2/0,1,2",
        "-N1 -w q1 --gpus=3 --ntasks-per-gpu=1 -c3; 24.11; REFUSED",
        "-N1 -w q1 --gpus=3 --ntasks-per-gpu=1 -c3; 26.05; q1:0,1,2,4,5,6,8,9,10/0,1,2",
        "-N2 --gpus=6 --ntasks-per-gpu=1 -c3; 22.05; g1:0,1,2/0,1,2,3 g2:0,1,2/0,1",
        "-N2 --gpus=6 --ntasks-per-gpu=1 -c3; 24.11; REFUSED",
        "-N2 --gpus=6 --ntasks-per-gpu=1 -c3; 26.05; g1:0,1,2,3,8,9,10,11,12/0,1,2 g2:0,1,2,3,8,9,10,11,12/0,1,2",
        "-N1 --gpus=3 --ntasks-per-gpu=2 -c2; 22.05; g1:0,1,2,3,4,5,8,9,10,11,12,13/0,1,2",
        "-N1 --gpus=3 --ntasks-per-gpu=2 -c2; 24.11; g1:0,1,2,3,4,5,8,9,10,11,12,13/0,1,2",
        "-N1 -n3 --gpus=2 --ntasks-per-gpu=1 -c2; 26.05; REFUSED",
    })
    void placesAsRealSlurm(String line, String release, String expected) throws Exception {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(idle, SbatchOptions.parseLine(line, "n"));
        if (expected.equals("REFUSED")) {
            assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class,
                    i -> assertThat(i.reason()).isEqualTo("Requested node configuration is not available"));
        } else {
            assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class,
                    p -> assertThat(PlacementLayout.of(p.placement().hosts())).isEqualTo(expected));
        }
    }

    @ParameterizedTest(name = "{0} under {1}: min_cpus {2}")
    @CsvSource(delimiter = ';', value = {
        // line; release; details->min_cpus (0: the tasks' CPUs, no figure kept apart)
        "-N1 -w q1 --gpus=3 --ntasks-per-gpu=1 -c3; 22.05; 3",
        "-N1 --gpus=2 --ntasks-per-gpu=1 -c6; 22.05; 6",
        "-N2 --gpus=6 --ntasks-per-gpu=1 -c3; 24.11; 6",
        "-N2 --gpus-per-node=1 --ntasks-per-gpu=2 -c2; 22.05; 4",
        "-N2 --gpus-per-node=1 --ntasks-per-gpu=2 -c2; 26.05; 0",
        "-N2 --gpus-per-node=2 --ntasks-per-gpu=2 -c2; 22.05; 0",
        "-N2 --gpus=4 --ntasks-per-gpu=2 -c2; 24.11; 0",
        "--gpus=9 --ntasks-per-gpu=1 -c2; 22.05; 0",
        "-N2 --gpus=2 --ntasks-per-gpu=1 -c4; 24.11; 8",
        // sbatch's -n3 x -c2 stays above the GPUs' 2 tasks' CPUs in every release (c12d1 d4)
        "-N1 -n3 --gpus=2 --ntasks-per-gpu=1 -c2; 26.05; 6",
        "-N1 -n3 --gpus=2 --ntasks-per-gpu=1 -c2; 22.05; 6",
    })
    void keepsSbatchsFigureUnlessTheTasksOutnumberIt(String line, String release, int minCpus) throws Exception {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        JobRequest r = SbatchOptions.parseLine(line, "n");
        SlurmJobSpec held = NtasksPerGpuMinCpus.held(SlurmJobSpec.of(r), r, v);
        assertThat(held.minCpus()).isEqualTo(minCpus == 0 ? null : Integer.valueOf(minCpus));
    }
}
