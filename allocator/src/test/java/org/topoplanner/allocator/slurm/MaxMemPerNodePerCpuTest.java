package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.host;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.job;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;

/**
 * slurmctld {@code _valid_pn_min_mem} ({@code job_mgr.c}, called by {@code job_limits_check}; 22.05, 24.11 and 26.05
 * alike) when the job's figure is per CPU and the partition's limit per node ({@code MaxMemPerNode}): both are made
 * per node, the figure times the CPUs a node gives the job ({@code --ntasks-per-node} or 1, at least the tasks over
 * {@code -N}'s maximum, times {@code --cpus-per-task}; an {@code --exclusive} job the partition's largest node), and a
 * job above the limit waits {@code MaxMemPerLimit}. A job without a figure is not held (own case mem3d d5). Own case
 * mem3b (partition lim, {@code MaxMemPerNode=20000}): b5 {@code -p lim -N1 -n2 --mem-per-cpu=12000}
 * waits (24,000 MB a node).
 */
class MaxMemPerNodePerCpuTest {

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aPerCpuFigureTimesTheTasksOfANodeAboveMaxMemPerNodeWaits(String version) throws JobRequestException {
        assertThat(place(empty("mem3b"), "-p lim -N1 -n2 --mem-per-cpu=12000", version))
                .isInstanceOfSatisfying(Suggestion.Pending.class,
                        p -> assertThat(p.reason()).isEqualTo(PendingReason.MAX_MEM_PER_LIMIT));
        assertThat(host(place(empty("mem3b"), "-p lim -N1 -n1 --mem-per-cpu=12000", version))).isEqualTo("c1");
        // two nodes share the tasks: 12,000 MB a node
        assertThat(place(empty("mem3b"), "-p lim -N2 -n2 --mem-per-cpu=12000", version))
                .isInstanceOf(Suggestion.Placed.class);
        assertThat(place(empty("mem3b"), "-p lim -N1 -n1 -c2 --mem-per-cpu=12000", version))
                .isInstanceOf(Suggestion.Pending.class);
    }

    @Test
    void anExclusiveJobCountsThePartitionsLargestNode() throws JobRequestException {
        // lim holds g1-g4 (8 CPUs) and c1 (8 CPUs): 8 x 3000 MB = 24,000 MB a node
        assertThat(MaxMemPer.cpusPerNode(empty("mem3b").cluster(), job("-p lim -N1 --exclusive", "x"))).isEqualTo(8);
        assertThat(MaxMemPer.overLimit(empty("mem3b").cluster(), job("-p lim -N1 --exclusive --mem-per-cpu=3000",
                "x"))).isNotNull();
        assertThat(MaxMemPer.overLimit(empty("mem3b").cluster(), job("-p lim -N1 -n1 --mem-per-cpu=3000", "x")))
                .isNull();
    }

    @Test
    void aJobWithoutAFigureIsNotHeld() throws JobRequestException {
        // own case mem3d d5: -p lim -N1 -n1 runs on real 22.05.8 (first node c1 16,000 MB, MaxMemPerNode=10000)
        assertThat(MaxMemPer.overLimit(empty("mem3d").cluster(), job("-p lim -N1 -n1", "x"))).isNull();
        assertThat(MaxMemPer.overLimit(empty("mem3d").cluster(), job("-p lim -N1 -n2 --mem-per-cpu=6000", "x")))
                .isNotNull();
    }
}
