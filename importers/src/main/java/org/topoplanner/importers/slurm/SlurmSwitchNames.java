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
 * its system name {@code leaf01}; anything else has each character outside that set replaced by
 * {@code _}. A name already taken gets {@code _2}, {@code _3}, ... in the order names are asked for.
 */
final class SlurmSwitchNames {
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9._-]+");
    private static final Pattern MELLANOX = Pattern.compile("^[^;]*;([^:;]+):.*$");

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
            base = m.matches() && isSafe(m.group(1).strip()) ? m.group(1).strip()
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
