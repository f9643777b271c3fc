package org.topoplanner.model.nvlink;

/** Which kind of source said that hosts share an NVLink domain; the richer ones name the clique. */
public enum DomainOrigin {
    /** {@code nvidia-smi -q}: the GPUs' own fabric registration (cluster UUID and clique id). */
    NVIDIA_SMI,
    /** The GPU Operator's {@code nvidia.com/gpu.clique} node label. */
    CLIQUE_LABEL,
    /**
     * A block of the fabric: Slurm's block topology (a block of an NVL72 design is its NVLink domain),
     * a Topograph model's NVLink block, an accelerator label.
     */
    FABRIC_BLOCK,
    /** Designed in this planner from a rack template. */
    DESIGN
}
