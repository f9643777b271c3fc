package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code gres_select_filter_remove_unusable} caps a node's near GPUs (the low byte of {@code sched_weight}) by
 * {@code max_node_gres = free CPUs / cpus_per_gres}, where {@code --ntasks-per-gpu} sets {@code cpus_per_gres} to the
 * option times {@code -c} (22.05 {@code cons_common/gres_select_filter.c}, 24.11/26.05
 * {@code cons_tres/gres_select_filter.c}). Own probe c11g1 c19 ({@code -N2 --gpus=4 --ntasks-per-gpu=3} on c11b1's
 * busy nodes), 24.11.5 with {@code DebugFlags=SelectType}: {@code Topo:g[1,3-4] weight:508}, {@code Topo:g2
 * weight:509}; g1's 11 free cores serve 3 of its 4 free GPUs, so it weighs what g3 and g4 weigh.
 */
class SchedWeightNtasksPerGpuTest {
    private static final SlurmJobSpec C19 = job("-N2 --gpus=4 --ntasks-per-gpu=3");

    @ParameterizedTest(name = "{0} weighs {3} under {4}")
    @CsvSource(delimiter = ';', value = {
        // node; free cores; free GPUs; sched_weight in the 24.11.5 log; release
        "g1; 3-7,10-15; 0-3; 508; 24.11",
        "g2; 8-15; 1-3; 509; 24.11",
        "g3; 6-15; 1-3; 508; 24.11",
        "g4; 3-15; 1-3; 508; 24.11",
        // the same rule in 22.05 and 26.05 (the same lines of gres_select_filter_remove_unusable)
        "g1; 3-7,10-15; 0-3; 508; 22.05",
        "g1; 3-7,10-15; 0-3; 508; 26.05",
    })
    void nearGpusAreCappedByTheTasksCpus(String node, String cores, String gpus, long weight, String release) {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        assertThat(SchedWeight.of(node(node), new NodeUse(ids(cores), ids(gpus), false, false), C19, v))
                .isEqualTo(weight);
    }

    @ParameterizedTest(name = "whole node under {0}")
    @CsvSource({"22.05", "24.11", "26.05"})
    void aWholeNodeJobIsNotCappedByTheOption(String release) {
        // "Avoid max_node_gres with ntasks_per_gres and whole node": all four free GPUs count (0xff - 4)
        SlurmJobSpec whole = job("-N2 --gpus=4 --ntasks-per-gpu=3 --exclusive");
        assertThat(SchedWeight.of(node("g1"), new NodeUse(ids("0-15"), ids("0-3"), false, false), whole,
                SlurmVersion.parse(release).orElseThrow())).isEqualTo((1L << 8) | (0xff - 4));
    }

    private static SlurmNode node(String name) {
        return SlurmNode.of(OracleCase.cluster("c11g1")).stream().filter(n -> n.name().equals(name)).findFirst()
                .orElseThrow();
    }

    private static BitSet ids(String ranges) {
        BitSet b = new BitSet();
        for (String r : ranges.split(",")) {
            String[] ends = r.split("-");
            int from = Integer.parseInt(ends[0]);
            int to = Integer.parseInt(ends[ends.length - 1]);
            b.set(from, to + 1);
        }
        return b;
    }

    private static SlurmJobSpec job(String line) {
        try {
            return SlurmJobSpec.of(SbatchOptions.parseLine(line, "c19"));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
