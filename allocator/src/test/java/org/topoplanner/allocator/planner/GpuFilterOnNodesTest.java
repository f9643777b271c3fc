package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

class GpuFilterOnNodesTest {
    private static final Placement SLURM = new Placement("j", List.of(
            HostAllocation.of("n06", List.of(0), CpuSet.parse("4-5")),
            HostAllocation.of("n05", List.of(1), CpuSet.parse("8-11"))));

    /** The counts are read per host by name, in the planner's order, whatever order slurm-tree lists them in. */
    @Test
    void readsEachNodesCountsByName() {
        List<HostAllocation> mine = List.of(HostAllocation.of("n05", List.of(0), CpuSet.parse("0-5")),
                HostAllocation.of("n06", List.of(1), CpuSet.parse("0-3")));
        assertThat(GpuFilterOnNodes.cpus(SLURM, mine)).containsExactly(4, 2);
        assertThat(GpuFilterOnNodes.gpus(SLURM, mine)).containsExactly(1, 1);
    }

    /** slurm-tree's answer counts only where it places the job on exactly the planner's nodes: else the deal's own. */
    @Test
    void takesSlurmOnlyOnExactlyThePlannersNodes() {
        Suggestion placed = new Suggestion.Placed(SLURM, List.of());
        assertThat(GpuFilterOnNodes.placement(placed, List.of("n05", "n06"))).contains(SLURM);
        assertThat(GpuFilterOnNodes.placement(placed, List.of("n05", "n07"))).isEmpty();
        assertThat(GpuFilterOnNodes.placement(placed, List.of("n05"))).isEmpty();
    }
}
