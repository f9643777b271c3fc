/**
 * Slurm hostlist expressions ({@code node[01-08,10]}), expanded and compressed exactly as Slurm's
 * {@code hostlist.c} does, so names written here read back the same in Slurm; with the natural
 * order Slurm sorts prefixes by.
 */
package org.topoplanner.model.hostlist;
