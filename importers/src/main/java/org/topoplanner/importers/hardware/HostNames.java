package org.topoplanner.importers.hardware;

import java.util.Collection;
import java.util.List;
import org.topoplanner.model.hostlist.Hostlist;

/** Host names written short for messages and rules. */
final class HostNames {
    private HostNames() {
    }

    /**
     * The Slurm hostlist of the names as a set ({@code node[0001-0064]}); names a hostlist cannot
     * carry (brackets, commas) are joined with commas instead, so a message never fails.
     */
    static String hostlist(Collection<String> names) {
        if (names.isEmpty()) {
            return "";
        }
        try {
            return Hostlist.compressSorted(names);
        } catch (IllegalArgumentException e) {
            return String.join(",", List.copyOf(names));
        }
    }
}
