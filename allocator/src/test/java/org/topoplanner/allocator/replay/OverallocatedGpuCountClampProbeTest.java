package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Own probe c22x1 (featfz12's c1 alone: one socket, four GPUs without {@code Cores=}; real 22.05.8, timed), line by
 * line (too few lines for {@code KnownMismatchReplayTest}). x1 holds GPU 0; x2 ({@code --sockets-per-node=1
 * --gpus-per-socket=1 -c4}) runs with no GPU (w21n: {@code _job_alloc} stores 4, finds the node overallocated); x2 is
 * cancelled, when {@code _job_dealloc} ({@code slurmctld/gres_ctld.c}) subtracts the stored 4 from a node count of 1
 * and clamps it at 0. Yet x3 ({@code --gpus=4}) then waits {@code Resources} and x4 {@code Priority}, as a node state
 * that keeps GPU 0 held gives: no later job saw a node reading more free GPUs than its bitmap, so the clamp is not
 * emulated (the prediction that x3 would run on GPUs 1-3 was wrong).
 */
class OverallocatedGpuCountClampProbeTest {
    @Test
    void probeC22x1MatchesRealSlurm2205() {
        SlurmVersion release = SlurmVersion.V22_05;
        var actual = TimedReplay.wholeCaseJobLines("c22x1", "results/c22x1.jsonl", release,
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(release)));
        var expected = OracleComparison.jobLines(OracleCase.resource("results/c22x1.jsonl").lines().toList());
        assertThat(expected).hasSize(13);
        assertThat(OracleComparison.mismatches(expected, actual)).isEmpty();
    }
}
