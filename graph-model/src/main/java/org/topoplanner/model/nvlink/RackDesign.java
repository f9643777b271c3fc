package org.topoplanner.model.nvlink;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The build of one multi-node NVLink rack: how many compute trays of how many GPUs its NVSwitch
 * trays join, and the NVLink bandwidth each GPU has to all the others of the rack.
 *
 * <p>Figures from NVIDIA's public product pages: GB200 NVL72 is 18 compute trays of 2 Grace CPUs and
 * 4 Blackwell GPUs with 9 NVSwitch trays, fifth-generation NVLink at 1.8 TB/s per GPU
 * (https://www.nvidia.com/en-us/data-center/gb200-nvl72/); GB300 NVL72 keeps the 72-GPU NVLink 5
 * domain with Blackwell Ultra GPUs (https://www.nvidia.com/en-us/data-center/gb300-nvl72/).
 *
 * @param name          the design's name ({@code GB200 NVL72})
 * @param computeTrays  hosts per domain
 * @param gpusPerTray   GPUs per host
 * @param nvswitchTrays NVSwitch trays of the rack
 * @param gpuNvlinkGBps NVLink bandwidth per GPU, GB/s (both directions together, as NVIDIA quotes it)
 */
public record RackDesign(String name, int computeTrays, int gpusPerTray, int nvswitchTrays, int gpuNvlinkGBps) {
    public static final RackDesign GB200_NVL72 = new RackDesign("GB200 NVL72", 18, 4, 9, 1800);
    public static final RackDesign GB300_NVL72 = new RackDesign("GB300 NVL72", 18, 4, 9, 1800);

    public RackDesign {
        Objects.requireNonNull(name, "name");
        if (computeTrays < 1 || gpusPerTray < 1 || nvswitchTrays < 0 || gpuNvlinkGBps < 0) {
            throw new IllegalArgumentException("rack design " + name + " needs at least one tray of one GPU");
        }
    }

    public int gpus() {
        return computeTrays * gpusPerTray;
    }

    /** The designs this planner knows by name. */
    public static List<RackDesign> known() {
        return List.of(GB200_NVL72, GB300_NVL72);
    }

    /**
     * The rack a GPU model is built into when it only comes in multi-node NVLink racks: a GB200 or GB300
     * superchip ({@code NVIDIA GB200}) is always a tray of an NVL72 (NVL36 racks are two halves of one);
     * B200/B300 HGX boards and H100s are single-node NVLink and give nothing.
     */
    public static Optional<RackDesign> ofGpuModel(String model) {
        if (model == null) {
            return Optional.empty();
        }
        String m = model.toUpperCase(java.util.Locale.ROOT);
        if (m.contains("GB300")) {
            return Optional.of(GB300_NVL72);
        }
        return m.contains("GB200") ? Optional.of(GB200_NVL72) : Optional.empty();
    }

    public static Optional<RackDesign> named(String name) {
        return known().stream().filter(d -> d.name.equalsIgnoreCase(name)).findFirst();
    }
}
