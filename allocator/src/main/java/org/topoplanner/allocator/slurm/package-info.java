/**
 * The {@code slurm-tree} and {@code slurm-block} policies: Slurm's {@code select/cons_tres} node,
 * core and GPU choice on {@code topology/tree} and {@code topology/block}, per release of {@link
 * org.topoplanner.model.slurm.SlurmVersion}, each checked against the real one through the shared
 * harness.
 */
package org.topoplanner.allocator.slurm;
