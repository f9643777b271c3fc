/**
 * The fabric graph: switches, hosts and cables (width and speed) as an immutable multigraph with
 * tiers, the builder readers fill in source order, tier inference, Slurm base blocks and scalable
 * units.
 */
package org.topoplanner.model.fabric;
