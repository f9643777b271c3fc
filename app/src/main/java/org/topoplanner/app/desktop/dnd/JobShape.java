package org.topoplanner.app.desktop.dnd;

import java.util.List;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.JobLine;

/** A ready job shape of the palette, as the job line (sbatch options, maybe pod shape options) it stands for. */
public record JobShape(String title, String sbatch) {
    /**
     * The palette (README.md, "A short tour of the window"): single-node GPU counts, multi-node 8-GPU
     * shapes, whole nodes, and Kubernetes pod shapes ({@link JobLine}: pods of several containers, pods
     * sharing nodes, RDMA devices).
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
                new JobShape("Whole node", "-N 1 --exclusive -J whole"),
                // Kubernetes pod shapes: what the sbatch chips cannot say (containers, shared nodes, RDMA)
                new JobShape("2 pods \u00d7 2 containers \u00d7 4 GPUs",
                        "-J pods2x2x4 --pods=2 --container=gpu=4,cpu=16 --container=gpu=4,cpu=16"),
                new JobShape("4 pods \u00d7 8 GPUs + RDMA",
                        "-J pods4x8rdma --pods=4 --container=gpu=8,cpu=64,mem=512Gi,rdma=4"),
                new JobShape("8 pods \u00d7 1 GPU, shared nodes",
                        "-J pods8x1 --pods=8 --container=gpu=1,cpu=4 --pods-per-node=any"));
    }

    JobRequest request() throws JobRequestException {
        return JobLine.parseLine(sbatch, "job");
    }
}
