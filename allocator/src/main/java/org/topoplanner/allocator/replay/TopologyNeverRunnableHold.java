package org.topoplanner.allocator.replay;

import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 24.11.5's {@code schedule()} ({@code slurmctld/job_scheduler.c}) on a record whose {@code select_nodes} answers
 * {@code ESLURM_REQUESTED_TOPO_CONFIG_UNAVAILABLE}: {@code _pick_best_nodes} ({@code node_scheduler.c}) returns that
 * code when the job is never runnable there ({@code !runable_ever}) and the last test-only pick was the topology
 * plugin's (the "topology" wording of a refusal). Its error branches log only {@code
 * ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE} "non-runnable in partition" for a job with {@code part_ptr_list}; the
 * topology code falls to the last branch, which sets {@code FAIL_BAD_CONSTRAINTS} and {@code priority = 0}: the job
 * is held for good, every later pass passes over it ({@code _job_runnable_test1} keeps that reason on a held job) and
 * {@code _top_priority} no longer counts it ahead of anyone. 26.05 adds the topology code to the "non-runnable in
 * partition" branch; 22.05.8's slurmctld has no such code. Lead's case featfz24 f66 ({@code -p short,all -N2
 * --sockets-per-node=2 --gpus-per-socket=1 -c2}, short tried first and never holding it in 24.11's tree evaluation):
 * {@code Resources} at submission (all's test passes), {@code BadConstraints} after the pass and never started in
 * 24.11.5; started in all at submission in 26.05.5.
 */
final class TopologyNeverRunnableHold {
    /** The reason {@code FAIL_BAD_CONSTRAINTS} reads as. */
    static final String REASON = "BadConstraints";

    private static final String TOPOLOGY = "Requested topology configuration is not available";

    private TopologyNeverRunnableHold() {
    }

    /** Whether the pass's answer {@code s} for a record holds the job for good under the policy's release. */
    static boolean holds(PlacementPolicy policy, Suggestion s) {
        return s instanceof Suggestion.Impossible imp && imp.reason() != null && imp.reason().startsWith(TOPOLOGY)
                && policy.slurmRelease().filter(v -> v == SlurmVersion.V24_11).isPresent();
    }
}
