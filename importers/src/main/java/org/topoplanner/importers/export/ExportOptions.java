package org.topoplanner.importers.export;

import java.util.Objects;

/**
 * What the Kubernetes job exports need beyond the plan: the namespace and Kueue LocalQueue they
 * are submitted to, and the container image. The default image is NVIDIA's CUDA base image running
 * {@code nvidia-smi topo -m}, so a pod shows the GPUs and NICs it got before real work is put in.
 */
public record ExportOptions(String namespace, String queue, String image, String command) {
    public static final ExportOptions DEFAULT = new ExportOptions("default", "default",
            "nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04", "nvidia-smi topo -m");

    public ExportOptions {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(image, "image");
        Objects.requireNonNull(command, "command");
    }
}
