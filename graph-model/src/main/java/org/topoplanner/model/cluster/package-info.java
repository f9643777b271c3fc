/**
 * The cluster: one fabric, the inside of every host, and the Slurm and Kubernetes settings that
 * came with them, as one immutable value that every other module reads and none changes in place.
 */
package org.topoplanner.model.cluster;
