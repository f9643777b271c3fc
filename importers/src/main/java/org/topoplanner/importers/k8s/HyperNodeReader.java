package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.k8s.HyperNode;
import org.topoplanner.model.k8s.HyperNodeMember;
import org.topoplanner.model.k8s.KubernetesSettings;

/**
 * Reads Volcano HyperNodes into the Kubernetes settings and into a fabric: each HyperNode is a switch
 * whose tier is its {@code spec.tier}, its {@code Node} members are hosts cabled to it, and its
 * {@code HyperNode} members are child switches.
 *
 * <p>{@code regexMatch} and {@code labelMatch} members select nodes by name or label. They are resolved
 * against the nodes this reader knows: the node names and labels given to its constructor (from another
 * source of the same cluster) plus the nodes named by {@code exactMatch} in the file. A regex matches a
 * name when it matches anywhere in it, as Go's {@code regexp.MatchString} does in Volcano. Members that
 * cannot be resolved stay in the settings and are reported. A HyperNode member referring to a HyperNode
 * the file does not define (the non-leaf sample refers to leaves in another file) becomes a switch one
 * tier below its parent, so that reading both files and merging them gives the whole tree. A tier of
 * NVLink domains as this planner writes it is read as domains, not switches ({@link DomainHyperNodes}).
 */
public final class HyperNodeReader implements FormatReader {
    private static final Pattern HYPERNODE_KIND = Pattern.compile("(?m)^\\s*kind\\s*:\\s*[\"']?HyperNode");

    private final Map<String, Map<String, String>> knownNodes;

    public HyperNodeReader() {
        this(Map.of());
    }

    /** @param knownNodes node name to labels, used to resolve regex and label members */
    public HyperNodeReader(Map<String, Map<String, String>> knownNodes) {
        this.knownNodes = Map.copyOf(knownNodes);
    }

    @Override
    public Format format() {
        return Format.VOLCANO_HYPERNODES;
    }

    @Override
    public int detect(SourceText source) {
        String t = source.text();
        return HYPERNODE_KIND.matcher(t.length() > 200_000 ? t.substring(0, 200_000) : t).find()
                ? (t.contains(HyperNodeDocuments.GROUP) ? 95 : 70) : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        List<HyperNodeDocuments.Parsed> parsed = new HyperNodeDocuments(d).parse(SafeYaml.parse(source.text(), d));
        if (parsed.isEmpty()) {
            d.error(0, 0, "no HyperNode found");
            return new ImportResult(source, format(), ClusterPart.empty(), d.list());
        }
        List<HyperNode> hyperNodes = parsed.stream().map(HyperNodeDocuments.Parsed::hyperNode).toList();
        KubernetesSettings k8s = new KubernetesSettings(hyperNodes, List.of(), List.of(), Map.of());
        DomainHyperNodes tiers = DomainHyperNodes.split(parsed);
        return new ImportResult(source, format(), new ClusterPart(new Tree(tiers.switches(), d).build(), Map.of(),
                Map.of(), null, k8s, null, tiers.domains()), d.list());
    }

    /** Builds the fabric of one file's HyperNodes. */
    private final class Tree {
        private final List<HyperNodeDocuments.Parsed> parsed;
        private final Diagnostics d;
        private final Map<String, Integer> tiers = new LinkedHashMap<>();
        private final Map<String, String> parentOf = new HashMap<>();
        private final Map<String, String> leafOfHost = new HashMap<>();
        private final FabricBuilder fb = new FabricBuilder();
        private final Set<String> candidates = new LinkedHashSet<>();
        private final int shift;

        Tree(List<HyperNodeDocuments.Parsed> parsed, Diagnostics d) {
            this.parsed = parsed;
            this.d = d;
            int minTier = parsed.stream().mapToInt(p -> p.hyperNode().tier()).min().orElse(1);
            // Fabric tiers start at 1 for leaves; Volcano's schema allows 0, so a 0-based file is shifted.
            this.shift = minTier == 0 ? 1 : 0;
            if (shift == 1) {
                d.info(parsed.get(0).line(), 1, "HyperNode tiers start at 0; fabric tiers are spec.tier + 1");
            }
        }

        org.topoplanner.model.fabric.Fabric build() {
            candidates.addAll(knownNodes.keySet());
            for (HyperNodeDocuments.Parsed p : parsed) {
                fb.addSwitch(p.hyperNode().name(), null, p.hyperNode().tierName());
                tiers.put(p.hyperNode().name(), p.hyperNode().tier() + shift);
                for (HyperNodeDocuments.Member m : p.members()) {
                    if (m.member().type().equals("Node") && m.member().exactMatch() != null) {
                        candidates.add(m.member().exactMatch());
                    }
                }
            }
            for (HyperNodeDocuments.Parsed p : parsed) {
                for (HyperNodeDocuments.Member m : p.members()) {
                    if (m.member().type().equals("Node")) {
                        nodeMember(p, m);
                    } else {
                        hyperNodeMember(p, m);
                    }
                }
            }
            fb.tiers(tiers);
            return fb.build();
        }

        private void nodeMember(HyperNodeDocuments.Parsed p, HyperNodeDocuments.Member m) {
            HyperNodeMember member = m.member();
            List<String> hosts = new ArrayList<>();
            if (member.exactMatch() != null) {
                hosts.add(member.exactMatch());
            } else if (member.regexMatch() != null) {
                hosts.addAll(byRegex(p, m));
            } else {
                hosts.addAll(byLabels(p, m));
            }
            for (String host : hosts) {
                if (tiers.containsKey(host)) {
                    d.warning(m.line(), m.column(), "HyperNode " + p.hyperNode().name() + ": Node member " + host
                            + " has the name of a HyperNode; skipped");
                    continue;
                }
                String other = leafOfHost.putIfAbsent(host, p.hyperNode().name());
                if (other != null && !other.equals(p.hyperNode().name())) {
                    d.warning(m.line(), m.column(), "node " + host + " is a member of HyperNodes " + other + " and "
                            + p.hyperNode().name() + "; Volcano expects each node in one tier-1 domain");
                }
                fb.addHost(host);
                fb.cable(p.hyperNode().name(), host);
            }
        }

        private List<String> byRegex(HyperNodeDocuments.Parsed p, HyperNodeDocuments.Member m) {
            String pattern = m.member().regexMatch();
            BoundedRegex regex;
            try {
                regex = BoundedRegex.compile(pattern);
            } catch (PatternSyntaxException e) {
                d.warning(m.line(), m.column(), "HyperNode " + p.hyperNode().name() + ": regexMatch '" + pattern
                        + "' does not compile (" + e.getDescription() + "); Volcano's webhook rejects it");
                return List.of();
            }
            List<String> hits = new ArrayList<>();
            for (String name : candidates) {
                Optional<Boolean> hit = regex.find(name);
                if (hit.isEmpty()) {
                    d.warning(m.line(), m.column(), "HyperNode " + p.hyperNode().name() + ": regexMatch '" + pattern
                            + "' is too costly for Java's regex engine on " + name + "; member left unresolved");
                    return List.of();
                }
                if (hit.get()) {
                    hits.add(name);
                }
            }
            if (hits.isEmpty()) {
                d.info(m.line(), m.column(), "HyperNode " + p.hyperNode().name() + ": regexMatch '" + pattern
                        + "' matches none of the " + candidates.size() + " known node names; kept unresolved");
            }
            return hits;
        }

        private List<String> byLabels(HyperNodeDocuments.Parsed p, HyperNodeDocuments.Member m) {
            if (knownNodes.isEmpty()) {
                d.info(m.line(), m.column(), "HyperNode " + p.hyperNode().name() + ": labelMatch "
                        + m.member().labelMatch() + " cannot be resolved without node labels; kept unresolved");
                return List.of();
            }
            List<String> hits = new ArrayList<>();
            knownNodes.forEach((name, labels) -> {
                if (LabelSelection.matches(m.member().labelMatch(), m.expressions(), labels)) {
                    hits.add(name);
                }
            });
            hits.sort(null);
            if (hits.isEmpty()) {
                d.info(m.line(), m.column(), "HyperNode " + p.hyperNode().name() + ": labelMatch matches no known node");
            }
            return hits;
        }

        private void hyperNodeMember(HyperNodeDocuments.Parsed p, HyperNodeDocuments.Member m) {
            String parent = p.hyperNode().name();
            String child = m.member().exactMatch();
            if (child == null) {
                d.warning(m.line(), m.column(), "HyperNode " + parent + ": a HyperNode member selected by "
                        + (m.member().regexMatch() != null ? "regexMatch" : "labelMatch")
                        + " is ignored by Volcano's scheduler (only exactMatch counts); skipped");
                return;
            }
            if (child.equals(parent)) {
                d.warning(m.line(), m.column(), "HyperNode " + parent + " lists itself as a member; skipped");
                return;
            }
            int parentTier = tiers.get(parent);
            if (!tiers.containsKey(child)) {
                int guess = Math.max(1, parentTier - 1);
                d.info(m.line(), m.column(), "HyperNode " + child + " is not defined in this file; read as a switch of"
                        + " tier " + guess + " under " + parent);
                fb.addSwitch(child);
                tiers.put(child, guess);
            } else if (tiers.get(child) >= parentTier) {
                d.warning(m.line(), m.column(), "HyperNode " + parent + " (tier " + (parentTier - shift) + ") has member "
                        + child + " of tier " + (tiers.get(child) - shift) + "; a member must be on a lower tier");
            }
            String other = parentOf.putIfAbsent(child, parent);
            if (other != null && !other.equals(parent)) {
                d.warning(m.line(), m.column(), "HyperNode " + child + " has two parents, " + other + " and " + parent
                        + "; Volcano's scheduler allows only one");
            }
            fb.cable(parent, child);
        }
    }
}
