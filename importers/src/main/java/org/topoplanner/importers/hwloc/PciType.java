package org.topoplanner.importers.hwloc;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code pci_type} attribute: {@code "0302 [10de:15f9] [10de:116b] a1 00"} is class 0x0302
 * (3D controller), vendor 0x10de (NVIDIA), device 0x15f9, subsystem, revision (and in v3 the
 * programming interface).
 */
record PciType(int classId, int vendor, int device) {
    static final int NVIDIA = 0x10de;
    private static final Pattern FORMAT = Pattern.compile("\\s*([0-9a-fA-F]{4})\\s*\\[([0-9a-fA-F]{4}):([0-9a-fA-F]{4})].*");

    static Optional<PciType> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = FORMAT.matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new PciType(Integer.parseInt(m.group(1), 16), Integer.parseInt(m.group(2), 16),
                Integer.parseInt(m.group(3), 16)));
    }

    /** Base class 0x03: VGA, 3D or other display controller. */
    boolean isDisplay() {
        return classId >> 8 == 0x03;
    }

    /**
     * What hwloc's NVML backend calls an NVSwitch: an NVIDIA device of class 0x0680 (bridge,
     * other); e.g. {@code 10de:1ac2} (DGX-2), {@code 10de:1af1} (HGX A100), {@code 10de:22a3} (HGX H100).
     */
    boolean isNvSwitch() {
        return vendor == NVIDIA && classId == 0x0680;
    }

    String ids() {
        return String.format("%04x:%04x", vendor, device);
    }
}
