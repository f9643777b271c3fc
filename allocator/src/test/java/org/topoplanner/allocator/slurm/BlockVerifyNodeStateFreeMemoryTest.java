package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * topology/block picks from the nodes cons_tres keeps, and {@code _verify_node_state}'s free-memory test
 * ({@code job_test.c}, 24.11 and 26.05 alike) runs before the block plugin as before the tree one: where memory is
 * consumable, a node whose running jobs hold its memory is not usable for a job that needs it, and a named one makes
 * the job wait. Own case blockfz21's cluster (256,000 MB nodes) with {@code SelectTypeParameters=CR_Core_Memory}.
 */
class BlockVerifyNodeStateFreeMemoryTest {

    private static Suggestion place(ClusterState state, String options, String version) throws JobRequestException {
        return new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()))
                .suggest(state, SbatchOptions.parseLine(options, "j"));
    }

    /** One core of s3 held by a job holding {@code mib} of its memory. */
    private static ClusterState s3Holds(Cluster cluster, long mib) {
        return ClusterState.empty(cluster).with(new Placement("r", List.of(new HostAllocation("s3", List.of(),
                CpuSet.of(0), Map.of()))), ClusterState.Hold.LISTED, new HeldMemory(Map.of("s3", mib)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"24.11", "26.05"})
    void aNodeWhoseMemoryIsHeldIsNotUsedByTheBlockPick(String version) throws JobRequestException {
        Cluster memory = ConsumableMemoryCases.withKey(OracleCase.cluster("blockfz21"), "SelectTypeParameters",
                "CR_Core_Memory");
        assertThat(place(s3Holds(memory, 250000), "-w s3 -n1 --mem=10000", version))
                .isInstanceOfSatisfying(Suggestion.Pending.class,
                        p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
        assertThat(place(s3Holds(memory, 250000), "-w s3 -n1 --mem=6000", version))
                .isInstanceOf(Suggestion.Placed.class);
        // where memory is not consumable the same job runs on s3
        Cluster core = ConsumableMemoryCases.withKey(memory, "SelectTypeParameters", "CR_Core");
        assertThat(place(s3Holds(core, 250000), "-w s3 -n1 --mem=10000", version))
                .isInstanceOf(Suggestion.Placed.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"24.11", "26.05"})
    void theGpusMemoryCannotServeAreNotGivenByTheBlockPick(String version) throws JobRequestException {
        Cluster memory = ConsumableMemoryCases.withKey(OracleCase.cluster("blockfz21"), "SelectTypeParameters",
                "CR_Core_Memory");
        // 16,000 MB free on s3 holds one GPU of 10,000 MB: a two-GPU job named to it waits
        assertThat(place(s3Holds(memory, 240000), "-w s3 --gpus-per-node=2 --mem-per-gpu=10000", version))
                .isInstanceOf(Suggestion.Pending.class);
        assertThat(place(s3Holds(memory, 240000), "-w s3 --gpus-per-node=1 --mem-per-gpu=10000", version))
                .isInstanceOf(Suggestion.Placed.class);
    }
}
