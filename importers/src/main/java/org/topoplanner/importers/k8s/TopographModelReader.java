package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.TierInference;

/**
 * Reads NVIDIA Topograph simulation models (its {@code tests/models/*.yaml}), which describe a fabric:
 * <ul>
 * <li>the old schema ({@code pkg/models/model.go}): {@code switches} is a list of {@code name},
 *     {@code switches} (children) and {@code capacity_blocks}; {@code capacity_blocks} list {@code name},
 *     {@code type}, optional {@code nvlink} and {@code nodes}. As in Topograph, a capacity block is an
 *     NVLink block only when it has {@code nvlink}; otherwise its nodes are simply the hosts of its
 *     switch;</li>
 * <li>the new schema: {@code switches} is a map from switch name to {@code labels} and
 *     {@code switches}; {@code blocks} list a {@code switch}, {@code nodes} as Slurm hostlists and
 *     {@code labels}. Each is an NVLink block, named by its {@code name}, else by its
 *     {@code accelerated.topology.nvidia.com/level-0} label.</li>
 * </ul>
 * Switch labels are kept as the switch's description; tiers come from the tree's height.
 */
public final class TopographModelReader implements FormatReader {
    static final String BLOCK_LABEL = "accelerated.topology.nvidia.com/level-0";

    @Override
    public Format format() {
        return Format.TOPOGRAPH_MODEL;
    }

    @Override
    public int detect(SourceText source) {
        String t = source.text();
        boolean switches = t.contains("\nswitches:") || t.startsWith("switches:");
        boolean blocks = t.contains("\ncapacity_blocks:") || t.contains("\nblocks:");
        return switches && blocks ? 85 : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        List<YamlDocument> docs = SafeYaml.parse(source.text(), d);
        Optional<YamlValue.Mapping> root = docs.isEmpty() ? Optional.empty() : docs.get(0).mapping();
        if (root.isEmpty() || root.get().get("switches").isEmpty()) {
            d.error(0, 0, "not a Topograph model: no top-level 'switches'");
            return new ImportResult(source, format(), ClusterPart.empty(), d.list());
        }
        if (docs.size() > 1) {
            d.warning(docs.get(1).line(), 1, "a Topograph model is one document; the rest is ignored");
        }
        Model m = new Model(d);
        YamlValue switches = root.get().get("switches").get();
        if (switches instanceof YamlValue.Sequence seq) {
            m.oldSwitches(seq);
            root.get().sequence("capacity_blocks").ifPresent(m::capacityBlocks);
        } else if (switches instanceof YamlValue.Mapping map) {
            m.newSwitches(map);
            root.get().sequence("blocks").ifPresent(m::blocks);
        } else {
            d.error(switches.line(), switches.column(), "'switches' must be a list (old schema) or a map (new schema)");
        }
        return new ImportResult(source, format(), ClusterPart.ofFabric(m.build()), d.list());
    }

    /** Collects switches, hosts and blocks in source order. */
    private static final class Model {
        private final Diagnostics d;
        private final Map<String, String> descriptions = new LinkedHashMap<>();
        private final Map<String, List<String>> children = new LinkedHashMap<>();
        private final Map<String, String> parentOf = new HashMap<>();
        private final Map<String, List<String>> hostsOf = new LinkedHashMap<>();
        private final Map<String, String> switchOfBlock = new HashMap<>();
        private final Set<String> hosts = new LinkedHashSet<>();
        private final List<Block> blocks = new ArrayList<>();

        Model(Diagnostics d) {
            this.d = d;
        }

        void oldSwitches(YamlValue.Sequence seq) {
            for (YamlValue v : seq.items()) {
                if (!(v instanceof YamlValue.Mapping sw) || sw.text("name").isEmpty()) {
                    d.warning(v.line(), v.column(), "switch entry without a name skipped");
                    continue;
                }
                String name = sw.text("name").get();
                declare(name, null);
                names(sw, "switches").forEach(child -> child(name, child, sw));
                for (String cb : names(sw, "capacity_blocks")) {
                    String other = switchOfBlock.putIfAbsent(cb, name);
                    if (other != null) {
                        d.warning(sw.line(), sw.column(), "capacity block " + cb + " is under two switches, " + other
                                + " and " + name + "; Topograph refuses this");
                    }
                }
            }
        }

        void capacityBlocks(YamlValue.Sequence seq) {
            for (YamlValue v : seq.items()) {
                if (!(v instanceof YamlValue.Mapping cb) || cb.text("name").isEmpty()) {
                    d.warning(v.line(), v.column(), "capacity block without a name skipped");
                    continue;
                }
                String name = cb.text("name").get();
                List<String> nodes = nodes(cb);
                String sw = switchOfBlock.get(name);
                if (sw == null) {
                    d.warning(cb.line(), cb.column(), "capacity block " + name + " is under no switch; its nodes are"
                            + " hosts without a switch");
                }
                attach(sw, nodes);
                if (cb.text("nvlink").isPresent()) {
                    blocks.add(new Block(name, nodes));
                } else {
                    d.info(cb.line(), cb.column(), "capacity block " + name + " has no nvlink domain, so (as in"
                            + " Topograph) it is no block; its nodes are hosts of " + sw);
                }
            }
        }

        void newSwitches(YamlValue.Mapping map) {
            map.entries().forEach((name, v) -> {
                YamlValue.Mapping sw = v instanceof YamlValue.Mapping m ? m : null;
                declare(name, sw == null ? null : labels(sw));
                if (sw != null) {
                    names(sw, "switches").forEach(child -> child(name, child, sw));
                }
            });
        }

        void blocks(YamlValue.Sequence seq) {
            int i = 0;
            for (YamlValue v : seq.items()) {
                i++;
                if (!(v instanceof YamlValue.Mapping b)) {
                    continue;
                }
                String sw = b.text("switch").orElse(null);
                if (sw == null) {
                    d.warning(b.line(), b.column(), "block without a switch; its nodes are hosts without a switch");
                } else {
                    declare(sw, null);
                }
                List<String> nodes = nodes(b);
                attach(sw, nodes);
                String blockName = b.text("name")
                        .or(() -> b.path("labels").flatMap(l -> l.text(BLOCK_LABEL)))
                        .orElse((sw == null ? "block" : sw) + "-block" + i);
                blocks.add(new Block(blockName, nodes));
            }
        }

        private void declare(String name, String description) {
            if (!descriptions.containsKey(name) || description != null) {
                descriptions.put(name, description);
            }
            children.putIfAbsent(name, new ArrayList<>());
        }

        private void child(String parent, String child, YamlValue.Mapping at) {
            if (child.equals(parent)) {
                d.warning(at.line(), at.column(), "switch " + parent + " lists itself; skipped");
                return;
            }
            declare(child, null);
            String other = parentOf.putIfAbsent(child, parent);
            if (other != null) {
                d.warning(at.line(), at.column(), "switch " + child + " has two parents, " + other + " and " + parent
                        + "; Topograph refuses this");
            }
            children.get(parent).add(child);
        }

        private void attach(String sw, List<String> nodes) {
            for (String n : nodes) {
                if (!hosts.add(n)) {
                    d.warning(0, 0, "node " + n + " appears twice in the model; Topograph refuses duplicate nodes");
                }
                if (sw != null) {
                    hostsOf.computeIfAbsent(sw, k -> new ArrayList<>()).add(n);
                }
            }
        }

        private List<String> nodes(YamlValue.Mapping m) {
            List<String> out = new ArrayList<>();
            for (String expr : names(m, "nodes")) {
                try {
                    out.addAll(org.topoplanner.model.hostlist.Hostlist.expand(expr));
                } catch (org.topoplanner.model.hostlist.HostlistSyntaxException e) {
                    d.warning(m.keyLine("nodes"), m.keyColumn("nodes"), e.getMessage());
                }
            }
            return out;
        }

        private List<String> names(YamlValue.Mapping m, String key) {
            List<String> out = new ArrayList<>();
            m.sequence(key).ifPresent(seq -> seq.items().forEach(v -> {
                if (v instanceof YamlValue.Scalar s && !s.isNull()) {
                    out.add(s.text());
                } else {
                    d.warning(v.line(), v.column(), key + " entry is not a name; skipped");
                }
            }));
            return out;
        }

        private static String labels(YamlValue.Mapping sw) {
            List<String> parts = new ArrayList<>();
            sw.mapping("labels").ifPresent(l -> l.entries().forEach((k, v) -> {
                if (v instanceof YamlValue.Scalar s) {
                    parts.add(k + "=" + s.text());
                }
            }));
            return parts.isEmpty() ? null : String.join(",", parts);
        }

        Fabric build() {
            Set<String> clash = new HashSet<>(hosts);
            clash.retainAll(descriptions.keySet());
            clash.forEach(n -> d.warning(0, 0, "name " + n + " is both a switch and a node; the node is dropped"));
            FabricBuilder fb = new FabricBuilder();
            descriptions.forEach((name, desc) -> fb.addSwitch(name, null, desc));
            hosts.stream().filter(h -> !clash.contains(h)).forEach(fb::addHost);
            children.forEach((parent, kids) -> kids.forEach(k -> fb.cable(parent, k)));
            hostsOf.forEach((sw, hs) -> hs.stream().filter(h -> !clash.contains(h)).forEach(h -> fb.cable(sw, h)));
            blocks.forEach(fb::block);
            fb.tiers(TierInference.byHeight(descriptions.keySet(), children, hostsOf.keySet()));
            return fb.build();
        }
    }
}
