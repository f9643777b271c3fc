package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * cons_tres {@code _block_by_topology} (26.05.5, {@code select/cons_tres/job_test.c}): the nodes of an
 * {@code --exclusive=topo} job leave every job's node map widened by {@code topology_g_whole_topo} of the topology
 * of the holding job's own partition ({@code p_ptr->part_ptr->topology_idx}), not of the asking job's. Probe
 * blk12y33 (own case yamlfz33's files, results/v26.05/blk12y33.jsonl, {@code DebugFlags=SelectType}): y35
 * ({@code -p blk --exclusive=topo}, topology {@code nvl}, base block b1 = d4, g1, l2, l4) takes d4 and l2 out of the
 * map of a job of {@code blk2} ({@code nvl2}: c1 = l1, d1, l2; c2 = d2, s1, d3; c3 = c1, l3, d4). The pass's log
 * weighs d1-d3 (506), l1 and l3, s1; c1 keeps two usable nodes against c2's three, so {@code eval_nodes_block} takes
 * c1 and d1, where {@code _set_task_bits} fails y37 (GPUs 4-5 of socket 1 held by y36): {@code Resources}.
 * Widened by {@code nvl2}'s own blocks, y35 would have taken c1 and c3 whole and left d2.
 */
class ExclusiveTopoOwnTopologyTest {
    private static final Cluster YAMLFZ33 = OracleCase.clusterWithTopologyYaml("yamlfz33");
    private static final String Y37 = "-p blk2 -n5 -c1 --gpus-per-task=1 --gres-flags=enforce-binding";

    /** The probe's state when y37 is submitted; y35's topology said ({@code nvl}) or not ({@code null}). */
    private static ClusterState probeState(String y35Topology) {
        return ClusterState.empty(YAMLFZ33)
                .with(new Placement("y30", List.of(HostAllocation.of("l5", List.of(), CpuSet.range(0, 3)))))
                .with(new Placement("y33", List.of(HostAllocation.of("d1", List.of(), CpuSet.range(0, 7)))))
                .with(new Placement("y35", List.of(HostAllocation.of("d4", List.of(0), CpuSet.range(0, 1)),
                        HostAllocation.of("g1", List.of(0), CpuSet.range(0, 0)),
                        HostAllocation.of("l2", List.of(0), CpuSet.range(0, 0)),
                        HostAllocation.of("l4", List.of(0), CpuSet.range(0, 0)))),
                        ClusterState.Hold.WHOLE_BLOCKS, HeldMemory.NONE, y35Topology)
                .with(new Placement("y36", List.of(HostAllocation.of("d1", List.of(4, 5), CpuSet.range(112, 113)))));
    }

    private static Suggestion suggest(ClusterState state, String args) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05))
                .suggest(state, SbatchOptions.parseLine(args, "y"));
    }

    private static HostAllocation placedAlone(Suggestion s, String host) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        List<HostAllocation> hosts = ((Suggestion.Placed) s).placement().hosts();
        assertThat(hosts).extracting(HostAllocation::host).containsExactly(host);
        return hosts.get(0);
    }

    @Test
    void theHoldingJobsOwnBlocksLeaveTheMapSoTheSmallerBlockWinsAndWaits() throws Exception {
        Suggestion s = suggest(probeState("nvl"), Y37);
        assertThat(s).isInstanceOf(Suggestion.Pending.class);
        assertThat(((Suggestion.Pending) s).reason()).isEqualTo(PendingReason.RESOURCES);
    }

    @Test
    void withoutEnforceBindingTheSamePickRunsOnD1() throws Exception {
        // the probe's job c: d1, CPUs 8-9 and 114-117, GPUs 0-2 and 6-7
        HostAllocation c = placedAlone(suggest(probeState("nvl"), "-p blk2 -n5 -c1 --gpus-per-task=1"), "d1");
        assertThat(c.gpus()).containsExactly(0, 1, 2, 6, 7);
        assertThat(c.cpus()).isEqualTo(CpuSet.parse("8-9,114-117"));
    }

    @Test
    void aStateThatDoesNotSayTheTopologyWidensByTheAskingPartitionsBlocksAsBefore() throws Exception {
        // the planner's what-if states carry no topology: y35 then holds nvl2's c1 and c3, leaving c2's d2
        placedAlone(suggest(probeState(null), Y37), "d2");
    }
}
