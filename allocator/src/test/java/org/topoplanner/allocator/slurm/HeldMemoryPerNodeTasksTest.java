package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.job;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.started;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.tree;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;

/**
 * Under {@code CR_CPU} a job's {@code memory_allocated} on a node is its per-CPU figure times the CPUs
 * {@code dist_tasks} gave its tasks there ({@code job_resources_get_node_cpu_cnt} of {@code job_res->cpus}, which
 * only {@code CR_Core} rounds to whole cores), in 22.05.8, 24.11.5 and 26.05.5 alike; {@code dist_tasks} gives a node
 * with few free CPUs fewer tasks, not an even share. Own probe c11h1 (two-thread nodes a1, 16 CPUs and 16,000 MB,
 * and a2, 8 CPUs and 8,000 MB): j1 {@code -N2 -w a1,a2 -n4 -c3 --mem-per-cpu=1000} beside b0's two cores of a2 shows
 * CPUs 0-9 on a1 and 4-7 on a2, three tasks and one, so a2 holds 3,000 MB and j2 {@code --mem=4500} runs there once
 * b0 ends; j3 {@code -n8} beside b1's three cores shows 0-5 on a1 and 6-7 on a2, six tasks and two, so a1 holds
 * 6,000 MB and j4 {@code --mem=10500} waits. An even dealing charged a2 4,000 MB and a1 5,000.
 */
class HeldMemoryPerNodeTasksTest {

    @Test
    void aNodeGivenFewerTasksHoldsTheirMemoryOnly() throws JobRequestException {
        ClusterState s = empty("c11h1");
        Placement j1 = new Placement("j1", List.of(HostAllocation.of("a1", List.of(), CpuSet.range(0, 9)),
                HostAllocation.of("a2", List.of(), CpuSet.range(4, 7))));
        assertThat(FreeMemory.heldBy(s.cluster(), job("-N2 -w a1,a2 -n4 -c3 --mem-per-cpu=1000", "j1"), j1)
                .perHostMiB()).containsEntry("a1", 9000L).containsEntry("a2", 3000L);
        Placement j3 = new Placement("j3", List.of(HostAllocation.of("a1", List.of(), CpuSet.range(0, 5)),
                HostAllocation.of("a2", List.of(), CpuSet.range(6, 7))));
        assertThat(FreeMemory.heldBy(s.cluster(), job("-N2 -w a1,a2 -n8 --mem-per-cpu=1000", "j3"), j3)
                .perHostMiB()).containsEntry("a1", 6000L).containsEntry("a2", 2000L);
    }

    /**
     * p11c's property seed 5558292: {@code -n6 -c3 --mem-per-cpu=2500} on mem2b ({@code CR_CPU_Memory}, two-thread
     * nodes) shows 6, 10 and 4 CPUs on g1, g2 and t2: two, three and one task, so t2 (8,000 MB) holds 7,500.
     */
    @Test
    void theSplitOfTheSeedThatBroughtThisUp() throws JobRequestException {
        ClusterState s = empty("mem2b");
        Placement p = new Placement("j", List.of(HostAllocation.of("g1", List.of(), CpuSet.range(0, 5)),
                HostAllocation.of("g2", List.of(), CpuSet.range(0, 9)),
                HostAllocation.of("t2", List.of(), CpuSet.range(0, 3))));
        assertThat(FreeMemory.heldBy(s.cluster(), job("-n6 -c3 --mem-per-cpu=2500", "j"), p).perHostMiB())
                .containsEntry("g1", 15000L).containsEntry("g2", 22500L).containsEntry("t2", 7500L);
    }

    /**
     * CI's property seed -7309 (PROVENANCE lead s14): on mem2b, r0 ({@code -w t1 -n2 --mem-per-cpu=2500}) holds one
     * core and 5,000 of t1's 8,000 MB; {@code -N2 -n7 --mem-per-cpu=1000} then shows four CPUs (two cores) on t1 and
     * on t2. The cores cannot say which node runs the fourth task (one CPU a task, two threads a core: three or four
     * tasks fit each), and the read-back gave it to t1 in node order, 4,000 MB past the 3,000 t1 has left. Slurm's
     * {@code dist_tasks} stops at t1's {@code avail_cpus}, which its free memory caps at three, and keeps
     * {@code job_res->cpus} = 3 and 4, the count slurm-tree's placement carries and {@code heldBy} charges.
     */
    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aTaskSplitTheCoresCannotTellIsChargedOnSlurmsCount(String version) throws JobRequestException {
        ClusterState s = started(empty("mem2b"), version, "r0 -w t1 -n2 --mem-per-cpu=2500");
        JobRequest j = job("-N2 -n7 --mem-per-cpu=1000", "j");
        Placement p = ((Suggestion.Placed) tree(version).suggest(s, j)).placement();
        assertThat(p.hosts()).extracting(HostAllocation::host, a -> a.cpus().size(), HostAllocation::countedCpus)
                .containsExactly(tuple("t1", 4, 3), tuple("t2", 4, 4));
        assertThat(FreeMemory.heldBy(s.cluster(), j, p).perHostMiB()).containsEntry("t1", 3000L)
                .containsEntry("t2", 4000L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void laterJobsSeeTheMemoryRealSlurmLeaves(String version) throws JobRequestException {
        ClusterState s = started(empty("c11h1"), version, "b0 -w a2 -n4 --mem-per-cpu=100",
                "j1 -N2 -w a1,a2 -n4 -c3 --mem-per-cpu=1000");
        s = s.without("b0");
        assertThat(place(s, "-w a2 -n1 --mem=4500", version)).isInstanceOf(Suggestion.Placed.class);
        ClusterState t = started(empty("c11h1"), version, "b1 -w a2 -n6 --mem-per-cpu=100",
                "j3 -N2 -w a1,a2 -n8 --mem-per-cpu=1000");
        assertThat(place(t, "-w a1 -n1 --mem=10500", version)).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
    }
}
