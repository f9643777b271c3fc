package org.topoplanner.importers.lldp;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.model.diag.Diagnostic;

/**
 * Joins the LLDP files of one import into one fabric: each host's and switch's file sees only its
 * own links, and the fabric exists only across them. The first LLDP source carries the joined
 * fabric; the others keep their own diagnostics and say where their links went.
 */
public final class LldpSources {
    private static final Set<Format> LLDP = EnumSet.of(Format.LLDPCTL_JSON, Format.LLDPCTL_KEYVALUE, Format.SWITCH_LLDP_TABLE);

    private LldpSources() {
    }

    /** {@code results} with all LLDP sources joined when there are two or more of them; else unchanged. */
    public static List<ImportResult> joined(List<ImportResult> results) {
        List<ImportResult> lldp = results.stream().filter(r -> LLDP.contains(r.format())).toList();
        if (lldp.size() < 2) {
            return results;
        }
        List<LldpSighting> all = new ArrayList<>();
        List<List<Diagnostic>> own = new ArrayList<>();
        for (ImportResult r : lldp) {
            LldpRead read = reader(r.format()).sightings(r.source());
            all.addAll(read.sightings());
            own.add(read.diagnostics().list());
        }
        LldpFabricJoin.Joined j = LldpFabricJoin.joinLocated(all);
        String carrier = lldp.get(0).source().path();
        List<ImportResult> out = new ArrayList<>(results.size());
        for (ImportResult r : results) {
            int i = lldp.indexOf(r);
            if (i < 0) {
                out.add(r);
            } else if (i == 0) {
                List<Diagnostic> d = new ArrayList<>(own.get(0));
                d.addAll(j.diagnostics());
                out.add(new ImportResult(r.source(), r.format(), ClusterPart.ofFabric(j.fabric()), d));
            } else {
                List<Diagnostic> d = new ArrayList<>(own.get(i));
                d.add(Diagnostic.info(r.source().path(), 1, 1, "LLDP neighbours joined with " + (lldp.size() - 1)
                        + " other LLDP file(s) into the fabric given with " + carrier));
                out.add(new ImportResult(r.source(), r.format(), ClusterPart.empty(), d));
            }
        }
        return out;
    }

    private static LldpReaderBase reader(Format f) {
        return switch (f) {
            case LLDPCTL_JSON -> new LldpctlJsonReader();
            case LLDPCTL_KEYVALUE -> new LldpctlKeyvalueReader();
            default -> new SwitchLldpTableReader();
        };
    }
}
