package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The rounds of {@link KnapsackRetry} against an evaluation that always fails, read in the source: 22.05's
 * {@code choose_nodes} ({@code select/cons_tres/job_test.c}) and 24.11's {@code common_topo_choose_nodes}
 * ({@code topology/common/common_topo.c}). Each test lists the node maps the evaluations got, first pass first.
 */
class KnapsackRetryRoundsTest {
    private static final SlurmJobSpec ONE_TASK = SlurmJobSpec.of(JobRequest.builder().name("j").ntasks(1).build());

    /**
     * Counts 5, 5, 5, 9 (a CPU job: CPUs only), one node needed. 22.05 takes the three nodes of count 5 out in one
     * round; 24.11 lowers {@code count} at the first node it drops ("check again if some more nodes can be removed
     * in the updated nodeset before increasing the count"), so one leaves per round.
     */
    @Test
    void commonTopoChooseNodesLooksAgainAtTheSameCountIn2411() {
        int[] cpus = {5, 5, 5, 9};
        assertThat(maps(SlurmVersion.V22_05, cpus, -1, 0)).containsExactly(
                "{0, 1, 2, 3}", "{0, 1, 2, 3}", "{3}");
        assertThat(maps(SlurmVersion.V24_11, cpus, -1, 0)).containsExactly(
                "{0, 1, 2, 3}", "{0, 1, 2, 3}", "{1, 2, 3}", "{2, 3}", "{3}");
    }

    /**
     * Counts 4, 4, 9, 9: every evaluation adds node 2, which gives only 2 of its 9 CPUs ({@code _cpus_to_use}).
     * That lowers its {@code avail_cpus} and {@code avail_res_cnt} for the rest of the selection, so in both versions
     * it leaves in the round of count 2, before the nodes of count 4, and the evaluations after it see node 2 no more
     * (and, had it stayed, with 2 CPUs).
     */
    @Test
    void cpusToUseLowersANodesCountForTheLaterRounds() {
        int[] cpus = {4, 4, 9, 9};
        assertThat(maps(SlurmVersion.V22_05, cpus, 2, 2)).containsExactly(
                "{0, 1, 2, 3}", "{0, 1, 2, 3}", "{0, 1, 3}", "{3}");
        assertThat(maps(SlurmVersion.V24_11, cpus, 2, 2)).containsExactly(
                "{0, 1, 2, 3}", "{0, 1, 2, 3}", "{0, 1, 3}", "{1, 3}", "{3}");
    }

    @Test
    void aLoweredNodeOffersTheLoweredCpusToTheNextEvaluation() {
        List<Integer> seen = new ArrayList<>();
        NodeChooser evaluation = (map, required, job, demand, minCpus) -> {
            seen.add(demand.availCpus(2));
            demand.gave(2, demand.availCpus(2), 3);
            return null;
        };
        NodeChooser retry = KnapsackRetry.of(evaluation, KnapsackRetry.Hopeless.NEVER, SlurmVersion.V24_11);
        int[] cpus = {8, 8, 8};
        retry.select(all(cpus), new BitSet(), ONE_TASK, demand(cpus, true), 1);
        retry.select(all(cpus), new BitSet(), ONE_TASK, demand(cpus, false), 1);
        assertThat(seen).as("node 2's CPUs in each evaluation: the first pass's lowering stays").startsWith(8, 3);
    }

    /** The maps every evaluation got; each adds node {@code added} (if in the map) giving {@code given} CPUs. */
    private static List<String> maps(SlurmVersion v, int[] cpus, int added, int given) {
        List<String> maps = new ArrayList<>();
        NodeChooser evaluation = (map, required, job, demand, minCpus) -> {
            maps.add(map.toString());
            if (added >= 0 && map.get(added)) {
                demand.gave(added, demand.availCpus(added), given);
            }
            return null;
        };
        NodeChooser retry = KnapsackRetry.of(evaluation, KnapsackRetry.Hopeless.NEVER, v);
        assertThat(retry.select(all(cpus), new BitSet(), ONE_TASK, demand(cpus, true), 1)).isNull();
        assertThat(retry.select(all(cpus), new BitSet(), ONE_TASK, demand(cpus, false), 1)).isNull();
        return maps;
    }

    private static BitSet all(int[] cpus) {
        BitSet b = new BitSet();
        b.set(0, cpus.length);
        return b;
    }

    private static NodeChooser.Demand demand(int[] cpus, boolean firstPass) {
        int[] none = new int[cpus.length];
        return new FixedDemand(cpus, none, none, cpus, firstPass);
    }
}
