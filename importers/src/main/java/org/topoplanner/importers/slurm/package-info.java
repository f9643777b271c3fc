/**
 * Slurm's configuration files ({@code slurm.conf}, {@code gres.conf}, {@code topology.conf}, {@code
 * topology.yaml}, {@code slurmd -G}, batch scripts, a whole Slurm folder) read with one lexer that
 * splits lines as Slurm's own parser does, and the writers of the same files.
 */
package org.topoplanner.importers.slurm;
