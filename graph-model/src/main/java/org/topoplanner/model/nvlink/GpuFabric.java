package org.topoplanner.model.nvlink;

import java.util.Locale;
import java.util.Objects;

/**
 * What {@code nvidia-smi -q} says of one GPU under {@code Fabric}: whether it has registered with
 * the NVLink fabric manager, and the clique (NVLink partition) and cluster it registered into. GPUs
 * with the same cluster UUID and clique id reach each other over NVLink across hosts.
 *
 * @param state       {@code Completed}, {@code In Progress}, {@code Not Started} or {@code N/A}
 * @param status      {@code Success} or an error text, {@code N/A} before registration
 * @param cliqueId    the clique id, {@code null} when not reported
 * @param clusterUuid the NVLink cluster UUID, {@code null} when not reported
 */
public record GpuFabric(String state, String status, Long cliqueId, String clusterUuid) {
    public GpuFabric {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(status, "status");
    }

    /** Registered with the fabric manager, so the clique and cluster are real. */
    public boolean registered() {
        return state.equalsIgnoreCase("Completed") && status.equalsIgnoreCase("Success") && cliqueId != null
                && clusterUuid != null && !clusterUuid.equals(ZERO_UUID);
    }

    /** The GPU Operator's {@code nvidia.com/gpu.clique} value: {@code <clusterUUID>.<cliqueId>}. */
    public String cliqueLabel() {
        return clusterUuid.toLowerCase(Locale.ROOT) + "." + cliqueId;
    }

    /** The UUID a GPU outside any multi-node NVLink system reports. */
    public static final String ZERO_UUID = "00000000-0000-0000-0000-000000000000";
}
