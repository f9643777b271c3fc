package org.topoplanner.importers.nvsmi;

import org.topoplanner.model.nvlink.GpuFabric;

/**
 * One GPU's {@code Fabric} lines as read, with where they were: the GPU's bus id when the output is
 * whole, the line and column of its {@code CliqueId} (or {@code ClusterUUID}) value for diagnostics.
 */
record FabricRecord(String busId, String model, GpuFabric fabric, int line, int column) {
}
