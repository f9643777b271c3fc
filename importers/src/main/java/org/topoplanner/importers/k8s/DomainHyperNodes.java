package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.model.k8s.HyperNode;
import org.topoplanner.model.k8s.HyperNodeMember;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/**
 * The NVLink domain tier of HyperNodes as {@link HyperNodeWriter} writes it (tier 1, {@code tierName:
 * nvidia.com/gpu.clique}), split off the switch tree: each such HyperNode becomes an NVLink domain of
 * its exactMatch Node members (named as a clique when its name is {@code <ClusterUUID>.<CliqueId>}), its
 * parent lists those nodes in its place, and the switches move one tier down so the fabric's leaves are
 * tier 1 again. Files without that tier are left as they are.
 */
record DomainHyperNodes(List<HyperNodeDocuments.Parsed> switches, NvlinkDomains domains) {
    private static final Pattern CLIQUE = Pattern.compile("([0-9a-f-]{1,36})\\.(\\d{1,10})");

    static DomainHyperNodes split(List<HyperNodeDocuments.Parsed> parsed) {
        Map<String, HyperNodeDocuments.Parsed> domainNodes = new HashMap<>();
        for (HyperNodeDocuments.Parsed p : parsed) {
            if (p.hyperNode().tier() == 1 && HyperNodeWriter.DOMAIN_TIER_NAME.equals(p.hyperNode().tierName())) {
                domainNodes.put(p.hyperNode().name(), p);
            }
        }
        if (domainNodes.isEmpty()) {
            return new DomainHyperNodes(parsed, NvlinkDomains.none());
        }
        List<NvlinkDomain> domains = new ArrayList<>();
        List<HyperNodeDocuments.Parsed> switches = new ArrayList<>();
        for (HyperNodeDocuments.Parsed p : parsed) {
            if (domainNodes.containsKey(p.hyperNode().name())) {
                domains.add(domain(p));
                continue;
            }
            List<HyperNodeDocuments.Member> members = new ArrayList<>();
            for (HyperNodeDocuments.Member m : p.members()) {
                HyperNodeDocuments.Parsed d = m.member().type().equals("HyperNode")
                        ? domainNodes.get(m.member().exactMatch()) : null;
                if (d == null) {
                    members.add(m);
                } else {
                    // The domain's trays hang directly below the switch, located at the domain's line.
                    hostsOf(d).forEach(h -> members.add(new HyperNodeDocuments.Member(
                            new HyperNodeMember("Node", h, null, null), List.of(), m.line(), m.column())));
                }
            }
            HyperNode hn = p.hyperNode();
            HyperNode lowered = new HyperNode(hn.name(), Math.max(1, hn.tier() - 1), hn.tierName(),
                    members.stream().map(HyperNodeDocuments.Member::member).toList());
            switches.add(new HyperNodeDocuments.Parsed(lowered, members, p.line(), p.column()));
        }
        return new DomainHyperNodes(switches, NvlinkDomains.of(domains));
    }

    private static List<String> hostsOf(HyperNodeDocuments.Parsed p) {
        return p.members().stream().filter(m -> m.member().type().equals("Node") && m.member().exactMatch() != null)
                .map(m -> m.member().exactMatch()).toList();
    }

    private static NvlinkDomain domain(HyperNodeDocuments.Parsed p) {
        String name = p.hyperNode().name();
        Matcher m = CLIQUE.matcher(name);
        // A tier the planner wrote is an explicit NVLink domain, as a clique label is.
        return m.matches() ? NvlinkDomain.ofClique(m.group(1), Long.parseLong(m.group(2)), hostsOf(p),
                DomainOrigin.CLIQUE_LABEL) : NvlinkDomain.ofBlock(name, hostsOf(p), DomainOrigin.CLIQUE_LABEL);
    }
}
