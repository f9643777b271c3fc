/**
 * The node view: the inside of one host drawn the way lstopo does (sockets, NUMA nodes, cores, PCIe
 * switches, GPUs, NICs, NVLink by lane count), the {@code nvidia-smi topo -m} matrix, and moving a
 * job's GPUs by hand.
 */
package org.topoplanner.app.desktop.node;
