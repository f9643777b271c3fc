package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;

/**
 * The planner on the oracle's 32-node tree (leaf1..4 of 8 nodes, spine1 = leaf1+2, spine2 = leaf3+4,
 * core; 2 x 16 cores, GPUs 0-3 on socket 0 and 4-7 on socket 1). Expected answers are worked out
 * from the objective by hand in the comments.
 */
class PlannerPolicyTest {
    private final Cluster tree32 = OracleCase.cluster("tree32");
    private final PlannerPolicy planner = new PlannerPolicy();

    static JobRequest job(String options) {
        try {
            return SbatchOptions.parseLine(options, "j");
        } catch (JobRequestException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Nodes held whole by other jobs (all GPUs, all 32 CPUs). */
    static ClusterState busy(Cluster cluster, String hostlist) {
        ClusterState s = ClusterState.empty(cluster);
        int i = 0;
        for (String h : Hostlist.expandOrEmpty(hostlist)) {
            Placement p = new Placement("busy" + i++, List.of(HostAllocation.of(h, List.of(0, 1, 2, 3, 4, 5, 6, 7),
                    CpuSet.range(0, 31))));
            s = s.with(p, ClusterState.Hold.WHOLE_NODES);
        }
        return s;
    }

    /** S3c's state: free leaf1 3 (node06-08), leaf2 6 (node11-16), leaf3 8 (node17-24), leaf4 1 (node32). */
    private ClusterState s3c() {
        return busy(tree32, "node[01-05,09-10,25-31]");
    }

    private static Placement placed(Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // Slurm takes leaf1+leaf2+leaf3 here. Two leaves suffice: leaf2 (6) + leaf3 (8). Both spines are needed
        // (each has 9 free). Of the splits 4+8, 5+7, 6+6 only 4+8 leaves the wholly idle leaf3 unbroken.
        "-N12 --gpus-per-node=8",
        "-N12 --gpus-per-node=8 --switches=2",
        "-N12 --gpus-per-node=8 --switches=2@0:05",
    })
    void findsTheTwoLeafPlacementSlurmMissesInS3c(String options) {
        Placement p = placed(planner.suggest(s3c(), job(options)));
        assertThat(p.hostNames()).containsExactlyElementsOf(Hostlist.expandOrEmpty("node[11-14,17-24]"));
        assertThat(p.hosts()).allSatisfy(h -> assertThat(h.gpus()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7));
        Score score = planner.plan(s3c(), job(options)).orElseThrow().score();
        assertThat(score.tier()).isEqualTo(3);
        assertThat(score.domains(2)).isEqualTo(2);
        assertThat(score.domains(1)).isEqualTo(2);
        assertThat(score.brokenDomains(1)).isZero();
    }

    @Test
    void aLeafLimitNoLeafCanMeetIsImpossibleNotAWait() {
        Suggestion s = planner.suggest(s3c(), job("-N12 --gpus-per-node=8 --switches=1@0:05"));
        assertThat(s).isInstanceOf(Suggestion.Impossible.class);
        assertThat(((Suggestion.Impossible) s).reason()).contains("--switches=1").contains("at most 8")
                .contains("needs 12");
        Suggestion empty = planner.suggest(ClusterState.empty(tree32), job("-N16 --gpus-per-node=8 --switches=1"));
        assertThat(empty).isInstanceOf(Suggestion.Impossible.class);
    }

    @Test
    void aLeafLimitMetOnlyOnTheEmptyClusterIsPending() {
        // 9 nodes under one leaf cannot exist (leaves hold 8), but 8 under one leaf: only leaf3 is whole now;
        // with leaf3 busy as well no leaf has 8 free, yet the empty cluster has four such leaves.
        ClusterState s = busy(tree32, "node[01-05,09-10,17,25-31]");
        Suggestion sug = planner.suggest(s, job("-N8 --gpus-per-node=8 --switches=1"));
        assertThat(sug).isInstanceOf(Suggestion.Pending.class);
        assertThat(((Suggestion.Pending) sug).explanation()).contains("--switches=1");
    }

    @Test
    void bestFitFillsTheFullestLeafAndKeepsIdleLeavesWhole() {
        // S7's sequence. -N6: leaf2 (exactly 6) rather than breaking the idle leaf3.
        ClusterState s = s3c();
        Placement a = placed(planner.suggest(s, job("-N6 --gpus-per-node=8")));
        assertThat(a.hostNames()).containsExactlyElementsOf(Hostlist.expandOrEmpty("node[11-16]"));
        s = s.with(a);
        // -N3: leaf1 (3 free) under spine1, which has 3 usable nodes left, not spine2 (9)
        Placement b = placed(planner.suggest(s, job("-N3 --gpus-per-node=8").withName("b")));
        assertThat(b.hostNames()).containsExactlyElementsOf(Hostlist.expandOrEmpty("node[06-08]"));
        s = s.with(b);
        // -N9: spine2 holds exactly 9 (leaf3 8 + leaf4 1)
        Placement c = placed(planner.suggest(s, job("-N9 --gpus-per-node=8").withName("c")));
        assertThat(c.hostNames()).containsExactlyElementsOf(Hostlist.expandOrEmpty("node[17-24,32]"));
    }

    @Test
    void partlyUsedNodesAreFilledBeforeIdleOnes() {
        // S9: node09-12 have GPUs 0-3 and CPU 0 busy. A 4-node 4-GPU job goes to their free halves (leaf2 is not
        // idle, leaf1 is; and the idle nodes 13-16 would be broken), GPUs 4-7 with a core of socket 1.
        ClusterState s = ClusterState.empty(tree32);
        for (String h : Hostlist.expandOrEmpty("node[09-12]")) {
            s = s.with(new Placement("half-" + h, List.of(HostAllocation.of(h, List.of(0, 1, 2, 3), CpuSet.of(0)))));
        }
        Placement p = placed(planner.suggest(s, job("-N4 --gpus-per-node=4")));
        assertThat(p.hostNames()).containsExactlyElementsOf(Hostlist.expandOrEmpty("node[09-12]"));
        assertThat(p.hosts()).allSatisfy(h -> {
            assertThat(h.gpus()).containsExactly(4, 5, 6, 7);
            assertThat(h.cpus()).isEqualTo(CpuSet.of(16));
        });
    }

    @Test
    void honoursNodelistExcludeAndExclusive() {
        ClusterState s = ClusterState.empty(tree32);
        Placement p = placed(planner.suggest(s, job("-N3 --gpus-per-node=2 -w node20 -x node[17-19]")));
        // node20 is required; the two others come from its leaf (leaf3), skipping the excluded nodes
        assertThat(p.hostNames()).containsExactly("node20", "node21", "node22");
        Placement x = placed(planner.suggest(s, job("-N2 --gpus-per-node=4 --exclusive")));
        assertThat(x.hosts()).allSatisfy(h -> {
            assertThat(h.gpus()).hasSize(8);
            assertThat(h.cpus()).isEqualTo(CpuSet.range(0, 31));
        });
        ClusterState half = s.with(new Placement("h", List.of(HostAllocation.of("node01", List.of(0), CpuSet.of(0)))));
        assertThat(planner.suggest(half, job("-N1 --exclusive -w node01"))).isInstanceOf(Suggestion.Pending.class);
        assertThat(planner.suggest(s, job("-N1 -w node99"))).isInstanceOf(Suggestion.Impossible.class);
        assertThat(planner.suggest(s, job("-N1 --gpus-per-node=9"))).isInstanceOf(Suggestion.Impossible.class);
    }

    @Test
    void enforceBindingIsHard() {
        // S6: node01 has cores 0-13 busy (no GPU) and GPUs 4-7 with cores 16-19 taken. 4 GPUs bound to their
        // socket with 1 CPU each need 4 free cores on socket 0: only 14-15 are free there.
        ClusterState s = ClusterState.empty(tree32)
                .with(new Placement("cpu", List.of(HostAllocation.of("node01", List.of(), CpuSet.range(0, 13)))))
                .with(new Placement("g", List.of(HostAllocation.of("node01", List.of(4, 5, 6, 7),
                        CpuSet.range(16, 19)))));
        JobRequest bound = job("-w node01 --gpus-per-node=4 --cpus-per-gpu=1 --gres-flags=enforce-binding");
        assertThat(planner.suggest(s, bound)).isInstanceOf(Suggestion.Pending.class);
        Placement loose = placed(planner.suggest(s, job("-w node01 --gpus-per-node=4 --cpus-per-gpu=1")));
        // without binding: the two affine cores first, then the GPUs' socket has no more, so the lowest others
        assertThat(loose.hosts().get(0).gpus()).containsExactly(0, 1, 2, 3);
        assertThat(loose.hosts().get(0).cpus()).isEqualTo(CpuSet.parse("14-15,20-21"));
    }
}
