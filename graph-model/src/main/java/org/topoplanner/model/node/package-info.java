/**
 * The inside of one node: sockets, NUMA nodes, cores, the PCIe tree, GPUs, NICs and NVSwitches, and
 * the path class between any two devices as {@code nvidia-smi topo -m} names it (derived from the
 * PCIe tree as the driver does when no matrix says it).
 */
package org.topoplanner.model.node;
