package org.topoplanner.model.slurm;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;

/**
 * One named topology of Slurm's {@code topology.yaml} (25.05+): a {@code topology/tree}, a
 * {@code topology/block} or a {@code topology/flat} layout. Partitions bind to one by name
 * ({@code PartitionName=... Topology=NAME}); the one marked {@code cluster_default} serves every
 * other partition ({@link SlurmSettings#topologyFor}).
 *
 * <p>The records keep the file's own terms (switch lines, blocks, sizes) in file order, so a read
 * topology is written back as it came; {@link #layout()} gives the fabric the policies work on.
 */
public sealed interface SlurmTopology permits SlurmTopology.Tree, SlurmTopology.BlockLayout, SlurmTopology.Flat {

    String name();

    /** {@code cluster_default: true}. */
    boolean clusterDefault();

    /** The key of the topology kind in {@code topology.yaml}: {@code tree}, {@code block} or {@code flat}. */
    String kind();

    /** The same topology with another {@code cluster_default}. */
    SlurmTopology withClusterDefault(boolean value);

    /** The same topology without these hosts (hosts dropped from the cluster leave its switches and blocks). */
    SlurmTopology withoutHosts(Set<String> hosts);

    /**
     * The fabric this topology gives Slurm: a tree's switches and the hosts under its leaves, a
     * block topology's hosts and blocks (with the block sizes), or nothing for a flat one.
     */
    Fabric layout();

    /** A {@code switches:} item: {@code switch}, its {@code children} switches and its {@code nodes}. */
    record SwitchLine(String name, List<String> children, List<String> nodes) {
        public SwitchLine {
            requireName(name, "switch");
            children = List.copyOf(children);
            nodes = List.copyOf(nodes);
        }
    }

    /** {@code tree: {switches: [...]}}. */
    record Tree(String name, boolean clusterDefault, List<SwitchLine> switches) implements SlurmTopology {
        public Tree {
            requireName(name, "topology");
            switches = List.copyOf(switches);
        }

        @Override
        public String kind() {
            return "tree";
        }

        @Override
        public SlurmTopology withClusterDefault(boolean value) {
            return new Tree(name, value, switches);
        }

        @Override
        public SlurmTopology withoutHosts(Set<String> hosts) {
            return new Tree(name, clusterDefault, switches.stream().map(s -> new SwitchLine(s.name(), s.children(),
                    s.nodes().stream().filter(h -> !hosts.contains(h)).toList())).toList());
        }

        /**
         * Switches in file order, a cable from each switch to each child switch and host; a child
         * named by no switch line is left out, as Slurm leaves it out of its switch table. Tiers:
         * 1 for a switch without child switches, else one above its highest child (cycles stay 1).
         */
        @Override
        public Fabric layout() {
            FabricBuilder b = new FabricBuilder();
            Map<String, SwitchLine> byName = new HashMap<>();
            for (SwitchLine s : switches) {
                b.addSwitch(s.name());
                byName.putIfAbsent(s.name(), s);
            }
            for (SwitchLine s : switches) {
                s.nodes().forEach(b::addHost);
            }
            for (SwitchLine s : switches) {
                s.children().stream().filter(byName::containsKey).forEach(c -> b.cable(c, s.name()));
                s.nodes().forEach(h -> b.cable(h, s.name()));
            }
            Map<String, Integer> tiers = new HashMap<>();
            for (SwitchLine s : switches) {
                tier(s.name(), byName, tiers, new LinkedHashSet<>());
            }
            return b.tiers(tiers).build();
        }

        private static int tier(String name, Map<String, SwitchLine> byName, Map<String, Integer> tiers,
                                Set<String> path) {
            Integer known = tiers.get(name);
            if (known != null) {
                return known;
            }
            if (!path.add(name)) {
                return 0; // a cycle: Slurm never resolves it; its members keep tier 1
            }
            int highest = 0;
            for (String c : byName.get(name).children()) {
                if (byName.containsKey(c)) {
                    highest = Math.max(highest, tier(c, byName, tiers, path));
                }
            }
            path.remove(name);
            tiers.put(name, highest + 1);
            return highest + 1;
        }
    }

    /** {@code block: {block_sizes: [...], blocks: [{block, nodes}]}}; empty sizes = Slurm's default levels. */
    record BlockLayout(String name, boolean clusterDefault, List<Integer> blockSizes, List<Block> blocks)
            implements SlurmTopology {
        public BlockLayout {
            requireName(name, "topology");
            blockSizes = List.copyOf(blockSizes);
            blocks = List.copyOf(blocks);
            for (int size : blockSizes) {
                if (size <= 0) {
                    throw new IllegalArgumentException("block size " + size + " is not positive");
                }
            }
        }

        @Override
        public String kind() {
            return "block";
        }

        @Override
        public SlurmTopology withClusterDefault(boolean value) {
            return new BlockLayout(name, value, blockSizes, blocks);
        }

        @Override
        public SlurmTopology withoutHosts(Set<String> hosts) {
            return new BlockLayout(name, clusterDefault, blockSizes, blocks.stream().map(b -> new Block(b.name(),
                    b.nodes().stream().filter(h -> !hosts.contains(h)).toList())).toList());
        }

        @Override
        public Fabric layout() {
            FabricBuilder b = new FabricBuilder();
            blocks.forEach(bl -> bl.nodes().forEach(b::addHost));
            blocks.forEach(b::block);
            return b.blockSizes(blockSizes).build();
        }
    }

    /** {@code flat: true}: no topology; {@code alpha_step_rank} sorts step nodes by name. */
    record Flat(String name, boolean clusterDefault, boolean alphaStepRank) implements SlurmTopology {
        public Flat {
            requireName(name, "topology");
        }

        @Override
        public String kind() {
            return "flat";
        }

        @Override
        public SlurmTopology withClusterDefault(boolean value) {
            return new Flat(name, value, alphaStepRank);
        }

        @Override
        public SlurmTopology withoutHosts(Set<String> hosts) {
            return this;
        }

        @Override
        public Fabric layout() {
            return new FabricBuilder().build();
        }
    }

    /**
     * The topology Slurm uses where no partition names one: the first marked {@code cluster_default},
     * else the first listed (slurmctld sorts the defaults first and takes entry 0).
     */
    static SlurmTopology defaultOf(List<SlurmTopology> topologies) {
        return topologies.stream().filter(SlurmTopology::clusterDefault).findFirst()
                .orElse(topologies.isEmpty() ? null : topologies.get(0));
    }

    private static void requireName(String name, String what) {
        Objects.requireNonNull(name, what);
        if (name.isBlank()) {
            throw new IllegalArgumentException("a " + what + " needs a name");
        }
    }
}
