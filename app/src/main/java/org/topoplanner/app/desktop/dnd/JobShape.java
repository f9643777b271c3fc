package org.topoplanner.app.desktop.dnd;

import java.util.List;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;

/** A ready job shape of the palette, as the sbatch options it stands for. */
public record JobShape(String title, String sbatch) {
    /**
     * The palette (README.md, "A short tour of the window"): single-node GPU counts, multi-node 8-GPU
     * shapes, and whole nodes.
     */
    static List<JobShape> palette() {
        return List.of(
                new JobShape("1 GPU", "-N 1 --gpus-per-node=1 -J gpu1"),
                new JobShape("2 GPUs", "-N 1 --gpus-per-node=2 -J gpu2"),
                new JobShape("4 GPUs", "-N 1 --gpus-per-node=4 -J gpu4"),
                new JobShape("8 GPUs", "-N 1 --gpus-per-node=8 -J gpu8"),
                new JobShape("2 nodes \u00d7 8 GPUs", "-N 2 --gpus-per-node=8 -J n2x8"),
                new JobShape("4 nodes \u00d7 8 GPUs", "-N 4 --gpus-per-node=8 -J n4x8"),
                new JobShape("8 nodes \u00d7 8 GPUs", "-N 8 --gpus-per-node=8 -J n8x8"),
                new JobShape("16 nodes \u00d7 8 GPUs", "-N 16 --gpus-per-node=8 -J n16x8"),
                new JobShape("Whole node", "-N 1 --exclusive -J whole"));
    }

    JobRequest request() throws JobRequestException {
        return SbatchOptions.parseLine(sbatch, "job");
    }
}
