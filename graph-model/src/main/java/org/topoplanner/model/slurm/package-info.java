/**
 * Slurm's own records of a node as the configuration files state them ({@code NodeName=} lines,
 * {@code gres.conf} device groups), kept in the model because both the importers and the allocator
 * read them.
 */
package org.topoplanner.model.slurm;
