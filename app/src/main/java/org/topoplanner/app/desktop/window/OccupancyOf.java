package org.topoplanner.app.desktop.window;

import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/** The views' occupancy snapshot of a plan: GPUs, cores and NICs by the job holding them. */
final class OccupancyOf {
    private OccupancyOf() {
    }

    static Occupancy plan(Plan plan) {
        Occupancy.Builder b = Occupancy.builder();
        for (Placement p : plan.placements().values()) {
            for (HostAllocation h : p.hosts()) {
                b.holdGpus(h.host(), h.gpus(), p.job());
                // Placements carry Slurm's CPU ids; the node view colours cores.
                b.holdCores(h.host(), ClusterIndex.of(plan.cluster()).cpuIdsOf(h.host()).coresOfCpus(h.cpus()).toList(), p.job());
                h.nicByGpu().values().stream().distinct().forEach(nic -> b.holdNic(h.host(), nic, p.job()));
            }
        }
        return b.build();
    }
}
