/**
 * {@code nvidia-smi topo -m}, {@code -mp} and {@code -p2p} matrices as pasted in the wild (shell
 * prompts, tabs, wrapped columns): split into a matrix as written, then given meaning as a node's
 * devices and path classes; and the writer that prints a node the way the driver does.
 */
package org.topoplanner.importers.nvsmi;
