package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code job_limits_check} reads the {@code min_cpus} slurmctld holds once the job is created, which for a
 * {@code --ntasks-per-gpu} job is raised to its GPU tasks' CPUs where sbatch's task count from the GPUs exceeds
 * sbatch's CPU figure ({@code validate_job_create_req}), and in 26.05 whenever {@code -c} is given
 * ({@code gres_job_state_validate}). The lead's case featfz12: short is b1, b2 and c1 with {@code MaxCPUsPerNode=2}
 * (six CPUs for the limit).
 */
class NtasksPerGpuPartitionLimitTest {
    private static final Cluster FEATFZ12 = OracleCase.cluster("featfz12");

    private static Suggestion suggest(SlurmVersion v, String args) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(FEATFZ12), SbatchOptions.parseLine(args, "f19"));
    }

    private static void heldPartitionConfig(Suggestion s, SlurmVersion v) {
        assertThat(s).as(v.label()).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.PARTITION_CONFIG));
    }

    @Test
    void fifteenGpuTasksOfTwoCpusArePastTheCapInEveryRelease() throws Exception {
        // f19: 15 tasks (5 GPUs x 3) of 2 CPUs, 30 > 6: held in 22.05.8 and 26.05.5, refused by 24.11.5's pick
        String f19 = "-p short --gpus=5 --ntasks-per-gpu=3 -c2";
        heldPartitionConfig(suggest(SlurmVersion.V22_05, f19), SlurmVersion.V22_05);
        assertThat(suggest(SlurmVersion.V24_11, f19)).isInstanceOf(Suggestion.Impossible.class);
        heldPartitionConfig(suggest(SlurmVersion.V26_05, f19), SlurmVersion.V26_05);
    }

    @Test
    void threeGpuTasksAreNotMoreThanSbatchsFourCpusBefore2605() throws Exception {
        // f73: 3 tasks of 4 CPUs on -N1; sbatch sends min_cpus 4 (one task of -c4), 3 tasks are not more: the limit
        // passes in 22.05.8 and 24.11.5 and the pick, two CPUs a node, refuses it; 26.05.5 raises it to 12 and holds it
        String f73 = "-p short -N1 --gpus=1 --ntasks-per-gpu=3 -c4 --time=2";
        assertThat(suggest(SlurmVersion.V22_05, f73)).isInstanceOf(Suggestion.Impossible.class);
        assertThat(suggest(SlurmVersion.V24_11, f73)).isInstanceOf(Suggestion.Impossible.class);
        heldPartitionConfig(suggest(SlurmVersion.V26_05, f73), SlurmVersion.V26_05);
    }

    @Test
    void theLimitsMinCpusPerRelease() throws Exception {
        var f19 = SbatchOptions.parseLine("-p short --gpus=5 --ntasks-per-gpu=3 -c2", "f19");
        var f73 = SbatchOptions.parseLine("-p short -N1 --gpus=1 --ntasks-per-gpu=3 -c4", "f73");
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(PartitionCpuTotal.limitMinCpus(f19, v)).as(v.label()).isEqualTo(30);
        }
        assertThat(PartitionCpuTotal.limitMinCpus(f73, SlurmVersion.V22_05)).isEqualTo(4);
        assertThat(PartitionCpuTotal.limitMinCpus(f73, SlurmVersion.V24_11)).isEqualTo(4);
        assertThat(PartitionCpuTotal.limitMinCpus(f73, SlurmVersion.V26_05)).isEqualTo(12);
    }
}
