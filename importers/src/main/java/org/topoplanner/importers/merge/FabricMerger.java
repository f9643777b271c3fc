package org.topoplanner.importers.merge;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.HostNode;
import org.topoplanner.model.fabric.SwitchNode;

/**
 * Picks the fabric of the cluster and reports how the others disagree with it.
 *
 * <p>The fabric with the most detail wins ({@code ibnetdiscover} over {@code topology.conf}, the
 * earlier source on a tie) unless the person chose another ({@link FabricConflict}); blocks of a {@code topology.conf} block file are added to it when it has
 * none. Against every other fabric it compares the switch names per tier, the hosts, and which hosts
 * share a leaf (so that two fabrics naming their switches differently are still compared).
 */
final class FabricMerger {
    private static final int LISTED = 8;

    private FabricMerger() {
    }

    /**
     * The chosen fabric, or null when no source has one. When fabrics differ, {@code conflicts} gets a
     * {@link FabricConflict}; a choice naming one of the fabric sources makes it the primary one, and
     * the comparisons are made against it, so the warnings follow the choice.
     */
    static Fabric merge(List<ImportResult> sources, MergeChoices choices, List<Diagnostic> out,
                        List<SourceConflict> conflicts) {
        ImportResult ranked = null;
        List<ImportResult> withFabric = new ArrayList<>();
        for (ImportResult r : sources) {
            if (r.part().fabric() != null) {
                withFabric.add(r);
                if (ranked == null || SourceRank.fabric(r.format()) > SourceRank.fabric(ranked.format())) {
                    ranked = r;
                }
            }
        }
        if (ranked == null) {
            return null;
        }
        ImportResult primary = choices.pick(FabricConflict.KEY)
                .flatMap(path -> withFabric.stream().filter(r -> r.source().path().equals(path)).findFirst())
                .orElse(ranked);
        Fabric fabric = primary.part().fabric();
        boolean differ = false;
        for (ImportResult r : sources) {
            Fabric f = r.part().fabric();
            if (f == null) {
                continue;
            }
            if (SourceRank.isSlurmTree(r.format())) {
                reportHostsInTwoLeaves(r, f, out);
            }
            if (r == primary) {
                continue;
            }
            differ |= compare(primary, fabric, r, f, out);
            if (fabric.blocks().isEmpty() && !f.blocks().isEmpty()) {
                fabric = withBlocks(fabric, f);
                out.add(Diagnostic.info(r.source().path(), 0, 0, "the " + f.blocks().size() + " blocks of this "
                        + "source are added to the fabric of " + primary.source().path()));
            }
        }
        if (withFabric.size() > 1) {
            out.add(Diagnostic.info(primary.source().path(), 0, 0, "the fabric (switches and cables) is taken from "
                    + "this source, " + (primary == ranked ? "the most detailed one" : "as chosen")));
        }
        if (differ) {
            conflicts.add(conflict(withFabric, ranked, primary));
        }
        return fabric;
    }

    private static FabricConflict conflict(List<ImportResult> withFabric, ImportResult ranked, ImportResult primary) {
        List<ConflictOption> options = new ArrayList<>();
        options.add(ConflictOption.ofSource(ranked.source().path(), SourceSummary.fabric(ranked.part().fabric())));
        for (ImportResult r : withFabric) {
            if (r != ranked) {
                options.add(ConflictOption.ofSource(r.source().path(), SourceSummary.fabric(r.part().fabric())));
            }
        }
        return new FabricConflict(options, primary.source().path());
    }

    /** Reports how {@code b}'s fabric differs from {@code a}'s; true when it does. */
    private static boolean compare(ImportResult a, Fabric fa, ImportResult b, Fabric fb, List<Diagnostic> out) {
        int before = out.size();
        String pa = a.source().path();
        String pb = b.source().path();
        if (SourceRank.isOneParentTree(b.format()) && !SourceRank.isOneParentTree(a.format())
                && !switchNames(fa).equals(switchNames(fb)) && isTreeOf(fa, fb)) {
            out.add(Diagnostic.info(pb, 0, 0, "this source holds " + fb.switches().size() + " of the "
                    + fa.switches().size() + " switches of " + pa + ": as Kubernetes allows, every switch has one "
                    + "parent here, and all its hosts, leaves and parents are those of " + pa));
            return false;
        }
        Set<String> sa = switchNames(fa);
        Set<String> sb = switchNames(fb);
        if (!sa.equals(sb)) {
            out.add(Diagnostic.warning(pb, 0, 0, "switches differ from " + pa + ": only here " + list(minus(sb, sa))
                    + "; only there " + list(minus(sa, sb)) + " (switches per tier here " + perTier(fb)
                    + ", there " + perTier(fa) + ")"));
        }
        Set<String> ha = hostNames(fa);
        Set<String> hb = hostNames(fb);
        if (!ha.equals(hb)) {
            out.add(Diagnostic.warning(pb, 0, 0, "hosts differ from " + pa + ": only here " + list(minus(hb, ha))
                    + "; only there " + list(minus(ha, hb))));
        }
        Set<String> common = new LinkedHashSet<>(ha);
        common.retainAll(hb);
        Map<String, Set<String>> groupA = leafMates(fa, common);
        Map<String, Set<String>> groupB = leafMates(fb, common);
        List<String> moved = new ArrayList<>();
        List<String> mates = new ArrayList<>();
        for (String h : common) {
            if (!groupA.get(h).equals(groupB.get(h))) {
                // Hosts that changed switch come first: they are the ones that moved; the others only
                // gained or lost a neighbour.
                boolean renamed = !fa.switchesOf(h).equals(fb.switchesOf(h));
                (renamed ? moved : mates).add(h + " (" + fa.switchesOf(h) + " there, " + fb.switchesOf(h) + " here)");
            }
        }
        moved.addAll(mates);
        if (!moved.isEmpty()) {
            out.add(Diagnostic.warning(pb, 0, 0, moved.size() + " host(s) share a leaf with other hosts than in "
                    + pa + ": " + list(moved)));
        }
        return out.size() > before;
    }

    /**
     * Whether {@code tree} is {@code full} seen with one parent per switch: the same hosts, each under
     * the same leaves, and every switch of {@code tree} in {@code full} at the same tier with parents
     * among its parents there.
     */
    private static boolean isTreeOf(Fabric full, Fabric tree) {
        if (!hostNames(full).equals(hostNames(tree))) {
            return false;
        }
        for (SwitchNode s : tree.switches()) {
            Optional<SwitchNode> there = full.switchNamed(s.name());
            if (there.isEmpty() || there.get().tier() != s.tier()
                    || !full.parents(s.name()).containsAll(tree.parents(s.name()))) {
                return false;
            }
        }
        for (HostNode h : tree.hosts()) {
            if (!new LinkedHashSet<>(full.switchesOf(h.name())).equals(new LinkedHashSet<>(tree.switchesOf(h.name())))) {
                return false;
            }
        }
        return true;
    }

    /** For every host, the hosts under the same leaf switches (itself included), among {@code common}. */
    private static Map<String, Set<String>> leafMates(Fabric f, Set<String> common) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (String h : common) {
            Set<String> mates = new TreeSet<>();
            mates.add(h);
            for (String s : f.switchesOf(h)) {
                f.hostsOf(s).stream().filter(common::contains).forEach(mates::add);
            }
            out.put(h, mates);
        }
        return out;
    }

    private static void reportHostsInTwoLeaves(ImportResult r, Fabric f, List<Diagnostic> out) {
        List<String> doubled = new ArrayList<>();
        for (HostNode h : f.hosts()) {
            if (f.switchesOf(h.name()).size() > 1) {
                doubled.add(h.name() + " " + f.switchesOf(h.name()));
            }
        }
        if (!doubled.isEmpty()) {
            out.add(Diagnostic.warning(r.source().path(), 0, 0, doubled.size() + " node(s) in two leaves: "
                    + list(doubled) + " (slurmctld warns: Multiple leaf switches contain nodes)"));
        }
    }

    private static Fabric withBlocks(Fabric base, Fabric withBlocks) {
        FabricBuilder b = FabricBuilder.withoutBlocks(base);
        for (Block blk : withBlocks.blocks()) {
            b.block(blk);
        }
        b.blockSizes(withBlocks.blockSizes());
        return b.build();
    }

    static Set<String> hostNames(Fabric f) {
        Set<String> out = new LinkedHashSet<>();
        f.hosts().forEach(h -> out.add(h.name()));
        f.blocks().forEach(b -> out.addAll(b.nodes()));
        return out;
    }

    private static Set<String> switchNames(Fabric f) {
        Set<String> out = new LinkedHashSet<>();
        f.switches().forEach(s -> out.add(s.name()));
        return out;
    }

    private static Map<Integer, Long> perTier(Fabric f) {
        Map<Integer, Long> out = new java.util.TreeMap<>();
        f.switches().forEach(s -> out.merge(s.tier(), 1L, Long::sum));
        return out;
    }

    private static Set<String> minus(Set<String> a, Set<String> b) {
        Set<String> out = new LinkedHashSet<>(a);
        out.removeAll(b);
        return out;
    }

    /** At most a few names, then how many more: messages stay readable on a 4,096-host fabric. */
    static String list(Collection<String> items) {
        if (items.isEmpty()) {
            return "none";
        }
        List<String> all = new ArrayList<>(items);
        String shown = String.join(", ", all.subList(0, Math.min(LISTED, all.size())));
        return all.size() > LISTED ? shown + " and " + (all.size() - LISTED) + " more" : shown;
    }
}
