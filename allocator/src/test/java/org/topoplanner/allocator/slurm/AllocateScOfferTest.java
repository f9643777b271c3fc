package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.job;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch's per-CPU memory test starts from the CPUs {@code _allocate_sc} offers, per release (own probe c12f1 b,
 * real 24.11.5 and 26.05.5: {@code -N1 -n3 -c3 --mem-per-cpu=2500} on mem2c, whose c1 is 1 x 8 two-thread cores with
 * 24,000 MB under {@code CR_Core_Memory}). 24.11/26.05 offer whole tasks, 15 CPUs, stepped down by two to 9: the job
 * is accepted and waits (Resources, the loop of {@link MemoryAllocatedLoopTest}). 22.05.8 offers all 16, stepped to
 * 8 and cut to 6 whole tasks, below the 9 the one node must give: refused at submission.
 */
class AllocateScOfferTest {

    @ParameterizedTest
    @CsvSource({
        "22.05, -n3 -c3,                      16",
        "24.11, -n3 -c3,                      15",
        "26.05, -n3 -c3,                      15",
        "24.11, -n3 -c3 --ntasks-per-node=3,  9",
        "24.11, -n3 --ntasks-per-node=3,      3",
        "24.11, -n3 -c3 --gpus-per-node=1,    16",
        "24.11, -n3 -c3 --threads-per-core=1, 6",
        "22.05, -n3 -c3 --threads-per-core=1, 8",
    })
    void offersWholeTasksFrom2411WithoutGres(String version, String options, long offered)
            throws JobRequestException {
        SlurmNode c1 = FreeMemory.nodesByName(empty("mem2c").cluster()).get("c1");
        long got = AllocateScOffer.idle(c1, AllocateScOffer.TaskShape.of(job(options, "j")),
                SlurmVersion.parse(version).orElseThrow());
        assertThat(got).isEqualTo(offered);
    }

    /**
     * The same count on a busy node, from its free cores per socket (the pass's memory test and the selection read
     * it there): {@code num_tasks} caps a {@code -c1} job at {@code --ntasks-per-node} and {@code --ntasks-per-socket}
     * too, which the busy-node copy this class replaced skipped (it gave every free CPU to {@code -c1}).
     */
    @ParameterizedTest
    @CsvSource({
        // c1: 1 x 8 two-thread cores; cores 0-4 free, 10 CPUs
        "22.05, c1, 0-4,     -n3 -c3,                                 10",
        "24.11, c1, 0-4,     -n3 -c3,                                 9",
        "26.05, c1, 0-4,     -n2 --ntasks-per-node=2,                 2",
        "22.05, c1, 0-4,     -n2 --ntasks-per-node=2,                 10",
        "24.11, c1, 0-4,     -n2 -c3 --ntasks-per-node=2,             6",
        // --exclusive clears share_res: no --ntasks-per-node cap, whole tasks still
        "24.11, c1, 0-4,     --exclusive -n1 -c3 --ntasks-per-node=1, 9",
        // a GPU job keeps every free CPU
        "24.11, c1, 0-4,     -n3 -c3 --gpus=1,                        10",
        // g1: 2 x 4 one-thread cores; three free on socket 0, one on socket 1
        "24.11, g1, 0-2;4,   -n4 --ntasks-per-socket=1,               2",
        "24.11, g1, 0-2;4,   -n4 --ntasks-per-socket=2 -c2,           4",
        "22.05, g1, 0-2;4,   -n4 --ntasks-per-socket=1,               4",
    })
    void countsTheFreeCoresOfABusyNodePerSocket(String version, String node, String free, String options,
                                                 long offered) throws Exception {
        SlurmNode n = FreeMemory.nodesByName(empty("mem2c").cluster()).get(node);
        java.util.BitSet cores = new java.util.BitSet();
        for (String part : free.split(";")) {
            String[] ends = part.split("-");
            cores.set(Integer.parseInt(ends[0]), Integer.parseInt(ends[ends.length - 1]) + 1);
        }
        long got = AllocateScOffer.of(n, cores, AllocateScOffer.TaskShape.of(job(options, "j")),
                SlurmVersion.parse(version).orElseThrow());
        assertThat(got).isEqualTo(offered);
        assertThat(AllocateScOffer.of(n, org.topoplanner.model.cpu.CpuSet.of(cores.stream().toArray()),
                AllocateScOffer.TaskShape.of(job(options, "j")), SlurmVersion.parse(version).orElseThrow()))
                .as("the state's CpuSet form gives the same count").isEqualTo(offered);
    }

    @ParameterizedTest
    @ValueSource(strings = {"24.11", "26.05"})
    void oneNodeOfThreeTasksIsAcceptedAndWaits(String version) throws JobRequestException {
        Suggestion s = place(empty("mem2c"), "-N1 -n3 -c3 --mem-per-cpu=2500", version);
        assertThat(s).isInstanceOf(Suggestion.Pending.class);
        assertThat(((Suggestion.Pending) s).reason()).isEqualTo(PendingReason.RESOURCES);
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05"})
    void oneNodeOfThreeTasksIsRefusedBy2205(String version) throws JobRequestException {
        Suggestion s = place(empty("mem2c"), "-N1 -n3 -c3 --mem-per-cpu=2500", version);
        assertThat(s).isInstanceOf(Suggestion.Impossible.class);
        assertThat(((Suggestion.Impossible) s).reason()).contains("no node has the memory for the job's CPUs");
    }
}
