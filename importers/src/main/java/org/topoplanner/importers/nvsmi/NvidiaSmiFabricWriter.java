package org.topoplanner.importers.nvsmi;

import java.util.Locale;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/**
 * Writes NVLink domains as the Fabric sections {@code pdsh -w <hosts> 'nvidia-smi -q | grep -A4 Fabric'}
 * prints, one GPU per host: the registration a cluster's trays should report, to compare with what
 * they do report ({@link NvidiaSmiQueryReader} reads it back). Domains without a clique id are written
 * with clique 0 under their name when it is a UUID, and left out otherwise.
 */
public final class NvidiaSmiFabricWriter {
    private NvidiaSmiFabricWriter() {
    }

    public static String write(NvlinkDomains domains) {
        StringBuilder out = new StringBuilder();
        for (NvlinkDomain d : domains.all()) {
            String uuid = d.clusterUuid() != null ? d.clusterUuid() : d.name();
            if (!uuid.toLowerCase(Locale.ROOT).matches("[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}")) {
                continue;
            }
            for (String host : d.hosts()) {
                String p = host + ": ";
                out.append(p).append("    Fabric\n")
                        .append(p).append("        State                             : Completed\n")
                        .append(p).append("        Status                            : Success\n");
                if (d.cliqueId() != null) {
                    out.append(p).append("        CliqueId                          : ").append(d.cliqueId()).append('\n');
                }
                out.append(p).append("        ClusterUUID                       : ").append(uuid).append('\n');
            }
        }
        return out.toString();
    }
}
