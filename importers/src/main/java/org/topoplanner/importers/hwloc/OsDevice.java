package org.topoplanner.importers.hwloc;

import java.util.Optional;

/**
 * What an {@code OSDev} is. Names and subtypes decide first ({@code nvml0}, {@code cuda0},
 * {@code subtype="OpenFabrics"}); the numeric {@code osdev_type} is read by file version, because
 * its meaning changed: v1/v2 number it (0 block, 1 GPU, 2 network, 3 OpenFabrics, 4 DMA,
 * 5 co-processor), v3 makes it a bit mask (1 storage, 2 memory, 4 GPU, 8 co-processor, 16 network,
 * 32 OpenFabrics, 64 DMA), so {@code 4} is a DMA engine in one and a GPU in the other.
 */
enum OsDevice {
    NVML, CUDA, OTHER_GPU, OPENFABRICS, NETWORK, OTHER;

    static OsDevice of(HwlocObject osdev, boolean bitMaskTypes) {
        String name = osdev.attribute("name").orElse("");
        String subtype = osdev.attribute("subtype").orElse(osdev.info("Backend").orElse(""));
        if (name.matches("nvml\\d+") || subtype.equalsIgnoreCase("NVML")) {
            return NVML;
        }
        if (name.matches("cuda\\d+") || subtype.equalsIgnoreCase("CUDA")) {
            return CUDA;
        }
        if (subtype.equalsIgnoreCase("OpenFabrics")) {
            return OPENFABRICS;
        }
        Optional<Integer> type = osdev.attribute("osdev_type").filter(s -> s.matches("\\d{1,9}")).map(Integer::parseInt);
        if (type.isEmpty()) {
            return name.matches("mlx\\d+_\\d+|mlx\\d+_bond_\\d+") ? OPENFABRICS : OTHER;
        }
        int t = type.get();
        if (bitMaskTypes) {
            if ((t & 32) != 0) {
                return OPENFABRICS;
            }
            if ((t & 16) != 0) {
                return NETWORK;
            }
            return (t & 12) != 0 ? OTHER_GPU : OTHER;
        }
        return switch (t) {
            case 3 -> OPENFABRICS;
            case 2 -> NETWORK;
            case 1, 5 -> OTHER_GPU;
            default -> OTHER;
        };
    }

    /** The number in {@code nvml3} / {@code cuda3}, when the name has one. */
    static Optional<Integer> index(HwlocObject osdev) {
        String name = osdev.attribute("name").orElse("");
        return name.matches("(nvml|cuda)\\d{1,6}") ? Optional.of(Integer.parseInt(name.replaceAll("\\D", "")))
                : Optional.empty();
    }
}
