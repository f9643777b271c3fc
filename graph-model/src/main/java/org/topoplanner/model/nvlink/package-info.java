/**
 * Multi-node NVLink domains (GB200/GB300 NVL72 racks): the GPUs of several hosts joined by NVSwitch
 * trays into one NVLink fabric, the clique and cluster UUID {@code nvidia-smi -q} reports for them, the
 * IMEX domain that shares memory across them, and the rack designs they are built from. They sit
 * beside the InfiniBand/Ethernet fabric that connects domains.
 */
package org.topoplanner.model.nvlink;
