package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.host;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.start;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;

/**
 * cons_tres {@code _verify_node_state} ({@code job_test.c}, 22.05 {@code cons_common}, 24.11 and 26.05 alike) under
 * {@code CR_Core_Memory}: a node whose free memory ({@code RealMemory} less the running jobs' {@code alloc_memory})
 * is below the job's figure is not considered, and a job asking for all memory ({@code pn_min_memory} 0: no option
 * and no {@code DefMemPerCPU}) only takes a node where nobody holds any. Own case mem2a, real 22.05.8, 24.11.5 and
 * 26.05.5 alike: a0 ({@code -N1 -n1}) holds all of c1, so a1 ({@code --mem=4000}) and a2 ({@code -N1 -n1}) go
 * elsewhere and a9 ({@code -w c1 --mem=100}) waits for Resources.
 */
class VerifyNodeStateFreeMemoryTest {

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aJobWithoutMemoryHoldsTheWholeNodeAndOnlyTakesOneNobodyHoldsMemoryOn(String version)
            throws JobRequestException {
        ClusterState a0 = start(empty("mem2a"), "-N1 -n1", "a0", version);
        assertThat(host(place(empty("mem2a"), "-N1 -n1", version))).isEqualTo("c1");
        assertThat(host(place(a0, "-N1 -n2 --mem=4000", version))).isEqualTo("c2");
        assertThat(place(a0, "-w c1 -n1 --mem=100", version)).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
        ClusterState a1 = start(a0, "-N1 -n2 --mem=4000", "a1", version);
        // c2 holds 4000 MB of a1: a job asking for all memory passes it by
        assertThat(host(place(a1, "-N1 -n1", version))).isEqualTo("g1");
        assertThat(host(place(a1, "-N1 -n1 --mem=12000", version))).isEqualTo("c2");
        assertThat(host(place(a1, "-N1 -n1 --mem=12001", version))).isEqualTo("g1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void withoutConsumableMemoryNothingIsHeld(String version) throws JobRequestException {
        ClusterState core = ClusterState.empty(ConsumableMemoryCases.withKey(empty("mem2a").cluster(),
                "SelectTypeParameters", "CR_Core"));
        ClusterState a0 = start(core, "-N1 -n1", "a0", version);
        assertThat(host(place(a0, "-w c1 -n1 --mem=100", version))).isEqualTo("c1");
    }
}
