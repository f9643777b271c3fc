package org.topoplanner.importers.slurm;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gives each switch a name Slurm can parse in {@code SwitchName=} and in a {@code Switches=}
 * hostlist. Names of letters, digits, {@code .}, {@code _} and {@code -} stay as they are. Other
 * names come from node descriptions: a Mellanox/NVIDIA one ({@code MF0;leaf01:MQM8700/U1}) gives
 * its system name {@code leaf01}; the ASICs of a director switch, which all carry the chassis's system
 * name ({@code MF0;ibcore1:CS7520/S03/U1}, {@code MF0;ibcore1:CS7520/L05/U1}), also keep their module
 * path ({@code ibcore1_S03_U1}), so that each is named for its place in the chassis rather than
 * numbered in whatever order discovery listed them; anything else has each character outside that
 * set replaced by {@code _}. A name already taken gets {@code _2}, {@code _3}, ... in the order names
 * are asked for.
 */
final class SlurmSwitchNames {
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9._-]+");
    /**
     * {@code MF0;SYSTEM:MODEL} and a module path ({@code /U1} on a fixed switch, {@code /S03/U1} in a director),
     * then whatever follows a space: the {@code " (0x<GUID>)"} the importer adds to descriptions two switches share.
     */
    private static final Pattern MELLANOX = Pattern.compile("^[^;]*;([^:;]+):([^/\\s]*)(/\\S*)?(\\s.*)?$");
    /** The path of a fixed switch's one ASIC, which names no module. */
    private static final String FIXED_SWITCH_ASIC = "/U1";

    private final Map<String, String> slurmName = new LinkedHashMap<>();
    private final Set<String> taken = new HashSet<>();

    /** {@code reserved}: names that must not be used (the hosts). */
    SlurmSwitchNames(Set<String> reserved) {
        taken.addAll(reserved);
    }

    static boolean isSafe(String name) {
        return SAFE.matcher(name).matches();
    }

    String of(String switchName) {
        String known = slurmName.get(switchName);
        if (known != null) {
            return known;
        }
        String base = switchName;
        if (!isSafe(base)) {
            Matcher m = MELLANOX.matcher(base);
            base = m.matches() && isSafe(m.group(1).strip()) ? mellanoxName(m.group(1).strip(), m.group(3))
                    : base.replaceAll("[^A-Za-z0-9._-]+", "_");
            if (base.isEmpty() || base.equals("_")) {
                base = "switch";
            }
        }
        String name = base;
        for (int n = 2; taken.contains(name); n++) {
            name = base + "_" + n;
        }
        taken.add(name);
        slurmName.put(switchName, name);
        return name;
    }

    /** The system name, and for a module of a chassis its path with {@code /} written {@code _}. */
    private static String mellanoxName(String system, String path) {
        if (path == null || path.equals(FIXED_SWITCH_ASIC)) {
            return system;
        }
        String module = path.replaceAll("[^A-Za-z0-9._-]+", "_");
        return system + (module.startsWith("_") ? "" : "_") + module.replaceAll("_+$", "");
    }

    /** Takes a name that is not a fabric switch (a scalable unit, an added root). */
    String reserve(String wanted) {
        String name = wanted;
        for (int n = 2; taken.contains(name); n++) {
            name = wanted + "_" + n;
        }
        taken.add(name);
        return name;
    }

    boolean renamed(String switchName) {
        return !switchName.equals(slurmName.get(switchName));
    }
}
