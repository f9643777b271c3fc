package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.host;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.job;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.start;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;

/**
 * A node line's {@code MemSpecLimit} keeps that much of {@code RealMemory} from jobs where memory is consumable:
 * cons_tres takes {@code avail_mem = real_memory - mem_spec_limit} in {@code _can_job_run_on_node} (sbatch's test
 * and the run), {@code _verify_node_state} and {@code _job_test}'s {@code memory_allocated} loop (a job asking for
 * all memory holds that much), while slurmctld's {@code _build_node_list} compares the job's figure with
 * {@code RealMemory} itself (22.05 {@code cons_common}, 24.11 and 26.05 alike). Own case mem3c: b1 and b2 have
 * 12,000 MB with {@code MemSpecLimit=4000}, so 8,000 MB for jobs.
 */
class MemSpecLimitTest {

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aNodeGivesJobsItsMemoryLessTheSpecLimit(String version) throws JobRequestException {
        assertThat(host(place(empty("mem3c"), "-N1 -n1 --mem=8000", version))).isEqualTo("b1");
        assertThat(host(place(empty("mem3c"), "-N1 -n1 --mem=8001", version))).startsWith("a");
        assertThat(place(empty("mem3c"), "-w b1 -n1 --mem=8001", version))
                .isInstanceOf(Suggestion.Impossible.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void runningJobsLeaveTheRestOfTheMemoryForJobs(String version) throws JobRequestException {
        ClusterState c0 = start(empty("mem3c"), "-N1 -n1 --mem=7000", "c0", version);
        assertThat(host(place(c0, "-w b1 -n1 --mem=1000", version))).isEqualTo("b1");
        assertThat(place(c0, "-w b1 -n1 --mem=1001", version)).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aJobAskingForAllMemoryHoldsWhatJobsMayHold(String version) throws JobRequestException {
        ClusterState s = empty("mem3c");
        var r = job("-w b1 -n1 --mem=0", "all");
        var p = ((Suggestion.Placed) place(s, "-w b1 -n1 --mem=0", version)).placement();
        assertThat(FreeMemory.heldBy(s.cluster(), r, p).perHostMiB()).containsEntry("b1", 8000L);
    }

    /**
     * A per-node figure past every node's RealMemory is filtered by {@code _build_node_list} first, which sends back
     * "Memory specification can not be satisfied" (own cases fuzz104 p32, fuzz110 p18, {@code --mem=600G} with
     * MemSpecLimit); one past what jobs may hold but within a RealMemory is not (the plugin's test refuses it).
     */
    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aFigurePastEveryRealMemoryIsWordedAsTheMemorySpecification(String version) throws JobRequestException {
        assertThat(place(empty("mem3c"), "-N1 -n1 --mem=48001", version)).isInstanceOfSatisfying(
                Suggestion.Impossible.class, i -> assertThat(i.reason()).startsWith(
                        "Requested node configuration is not available: Memory specification can not be satisfied"));
        assertThat(place(empty("mem3c"), "-x a[1-3] -N1 -n1 --mem=9000", version)).isInstanceOfSatisfying(
                Suggestion.Impossible.class, i -> assertThat(i.reason()).contains("RealMemory less MemSpecLimit"));
    }
}
