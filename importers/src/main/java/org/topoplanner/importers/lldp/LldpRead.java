package org.topoplanner.importers.lldp;

import java.util.List;
import org.topoplanner.importers.Diagnostics;

/** What an LLDP reader saw in one file before joining: the sightings and their diagnostics. */
public record LldpRead(List<LldpSighting> sightings, Diagnostics diagnostics) {
    public LldpRead {
        sightings = List.copyOf(sightings);
    }
}
