package org.topoplanner.model.project;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;
import org.topoplanner.model.nvlink.RackDesign;

/** Random NVLink domains over a generated cluster's hosts: cliques, blocks, with and without a design. */
final class NvlinkParts {
    private NvlinkParts() {
    }

    static NvlinkDomains domains(Random r, List<String> hosts) {
        if (r.nextInt(3) == 0) {
            return NvlinkDomains.none();
        }
        int size = 1 + r.nextInt(Math.max(1, hosts.size()));
        List<NvlinkDomain> out = new ArrayList<>();
        for (int from = 0, i = 0; from < hosts.size(); from += size, i++) {
            List<String> members = hosts.subList(from, Math.min(hosts.size(), from + size));
            NvlinkDomain d = r.nextBoolean()
                    ? NvlinkDomain.ofClique(new java.util.UUID(r.nextLong(), r.nextLong()).toString(),
                            r.nextInt(40000), members, DomainOrigin.NVIDIA_SMI)
                    : NvlinkDomain.ofBlock("nvl-" + i, members, DomainOrigin.FABRIC_BLOCK);
            if (r.nextBoolean()) {
                d = d.withDesign(r.nextBoolean() ? RackDesign.GB200_NVL72 : new RackDesign("custom " + i, size, 4, 2, 900));
            }
            if (r.nextBoolean()) {
                d = new NvlinkDomain(d.name(), d.clusterUuid(), d.cliqueId(), d.hosts(), "imex-" + i, d.design(),
                        d.origin());
            }
            out.add(d);
        }
        return NvlinkDomains.of(out);
    }
}
