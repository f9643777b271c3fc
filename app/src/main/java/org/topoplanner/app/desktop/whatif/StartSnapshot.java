package org.topoplanner.app.desktop.whatif;

import java.util.List;
import org.topoplanner.allocator.whatif.JobRecord;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.model.job.HostAllocation;

/** The design as it was when a job started: every job of the run that ran at that moment, the job included. */
final class StartSnapshot {
    private StartSnapshot() {
    }

    static Occupancy at(JobRecord job, List<JobRecord> run) {
        Occupancy.Builder b = Occupancy.builder();
        for (JobRecord r : run) {
            if (r.ran() && r.start() <= job.start() && job.start() < r.end()) {
                for (HostAllocation h : r.placement().hosts()) {
                    b.holdGpus(h.host(), h.gpus(), r.job());
                }
            }
        }
        return b.build();
    }
}
