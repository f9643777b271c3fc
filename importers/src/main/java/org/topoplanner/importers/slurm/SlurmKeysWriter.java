package org.topoplanner.importers.slurm;

import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Writes the {@code slurm.conf} keys that make Slurm use the exported topology and GPUs
 * ({@code TopologyPlugin}, {@code SelectType}, {@code GresTypes}), with the settings an administrator
 * should weigh written as comments: {@code TopologyParam} and {@code SelectTypeParameters=CR_Core_Memory}
 * change behaviour cluster-wide (memory as a consumable gives every job without {@code --mem} the whole
 * node), so they are advice, not keys. With {@code topology.yaml} topologies the partition lines follow, as
 * they bind partitions to them ({@code Topology=}). {@link SlurmConfReader} reads the file back.
 */
public final class SlurmKeysWriter {
    /** Which topology plugin the export is written for. */
    public enum Plugin {
        TREE("topology/tree"), BLOCK("topology/block"), NONE("topology/default");

        private final String id;

        Plugin(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    /** Tree when the fabric has switches, block when it has only blocks, else none. */
    public static Plugin pluginFor(Fabric fabric) {
        if (fabric.switches().stream().anyMatch(s -> s.tier() >= 1)) {
            return Plugin.TREE;
        }
        return fabric.blocks().isEmpty() ? Plugin.NONE : Plugin.BLOCK;
    }

    public String write(Cluster cluster) {
        return write(cluster, SlurmVersion.DEFAULT);
    }

    /**
     * The keys for {@code release}: a tree cluster's blocks are named as unusable before 23.11 (no
     * topology/block, so no topology-block.conf is written), and the partitions' {@code Topology=} lines are
     * written only for a release that reads topology.yaml (24.11 stops at the unknown partition key).
     */
    public String write(Cluster cluster, SlurmVersion release) {
        Fabric fabric = cluster.fabric();
        Plugin plugin = pluginFor(fabric);
        StringBuilder b = new StringBuilder();
        b.append("# slurm.conf keys for cluster ").append(cluster.name()).append(", written by TopoPlanner.\n");
        b.append("# Add them to slurm.conf (or Include this file) next to the node lines of slurm-nodes.conf.\n");
        switch (plugin) {
            case TREE -> {
                b.append("# Tree topology from topology.conf: jobs may ask --switches=N to stay under N leaf switches.\n");
                b.append("TopologyPlugin=").append(plugin.id()).append('\n');
                if (!fabric.blocks().isEmpty() && !release.hasBlockTopology()) {
                    b.append("# This cluster also has blocks; Slurm ").append(release.label()).append(" has no")
                            .append(" topology/block (23.11 and\n# later), so no topology-block.conf is written.\n");
                } else if (!fabric.blocks().isEmpty()) {
                    b.append("# This cluster also has a topology/block layout in topology-block.conf (Slurm 23.11 and\n");
                    b.append("# later): to use it, install it as topology.conf and set TopologyPlugin=topology/block.\n");
                }
            }
            case BLOCK -> {
                b.append("# Block topology from topology-block.conf (install it as topology.conf; Slurm 23.11 and later).\n");
                b.append("TopologyPlugin=").append(plugin.id()).append('\n');
            }
            case NONE -> b.append("# No switches and no blocks are known: no topology plugin is set.\n");
        }
        if (!cluster.slurm().topologies().isEmpty() && release.hasTopologyYaml()) {
            b.append("# topology.yaml (Slurm 25.05 and later) defines ").append(cluster.slurm().topologies().size())
                    .append(" named topologies; slurmctld reads it instead of\n");
            b.append("# topology.conf and TopologyPlugin. Partitions pick one with Topology=, the others get the\n");
            b.append("# cluster_default. Older Slurm ignores topology.yaml and the Topology= key is an error there.\n");
            cluster.slurm().keys().forEach((key, value) -> {
                if (key.startsWith(SlurmPartition.KEY_PREFIX)) {
                    b.append("PartitionName=").append(key.substring(SlurmPartition.KEY_PREFIX.length())).append(' ')
                            .append(value).append('\n');
                }
            });
        }
        b.append("# Advice, not set: TopologyParam=SwitchAsNodeRank gives node ranks in switch order, so that\n");
        b.append("# MPI ranks follow the tree; TopologyParam=RouteTree routes control messages along it.\n");
        b.append("SelectType=select/cons_tres\n");
        b.append("# Advice, not set: SelectTypeParameters=CR_Core_Memory makes cores and memory consumable; then\n");
        b.append("# also set DefMemPerGPU (or DefMemPerCPU), or every job without --mem gets a whole node's memory.\n");
        if (cluster.gpuCount() > 0) {
            b.append("GresTypes=gpu\n");
        }
        return b.toString();
    }
}
