package org.topoplanner.importers.export;

import java.util.List;
import java.util.Optional;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What the Slurm release an export is written for cannot read: {@code topology/block} before 23.11 (22.05's
 * plugin rack has no such plugin: {@code plugin.c} "Couldn't find the specified plugin name for topology/block",
 * then {@code read_config.c} {@code fatal("Failed to initialize topology plugin")}), and {@code topology.yaml} with
 * the partitions' {@code Topology=} before 25.05 (24.11's {@code read_config.c} has no {@code Topology} partition
 * key, so {@code parse_config.c} stops at "unrecognized key"; {@code interfaces/topology.c} loads topology.yaml only
 * from 25.05). Each is an error on the file that release refuses, saying what would work instead.
 */
final class SlurmRelease {
    private SlurmRelease() {
    }

    /** A {@code topology-block.conf} the cluster needs (it has blocks and no switches) for {@code release}. */
    static Optional<Diagnostic> blockFile(SlurmVersion release, String path) {
        if (release.hasBlockTopology()) {
            return Optional.empty();
        }
        return Optional.of(Diagnostic.error(path, 1, 1, "Slurm " + release.label() + " has no topology/block (Slurm"
                + " 23.11 and later): slurmctld refuses to start (Failed to initialize topology plugin); export for"
                + " --slurm-version 24.11 or 26.05, or give the cluster its switches (a tree, topology/tree)"));
    }

    /**
     * A {@code topology.yaml} for {@code release}: asked for ({@code --topology-yaml}), or needed because the
     * cluster has several named topologies bound to partitions.
     */
    static Optional<Diagnostic> topologyYaml(SlurmVersion release, Cluster cluster, String path) {
        if (release.hasTopologyYaml()) {
            return Optional.empty();
        }
        List<String> names = cluster.slurm().topologies().stream().map(t -> t.name()).toList();
        if (names.size() > 1) {
            return Optional.of(Diagnostic.error(path, 1, 1, "the cluster has " + names.size() + " named topologies ("
                    + String.join(", ", names) + ") bound to partitions, which only topology.yaml holds (Slurm 25.05"
                    + " and later); Slurm " + release.label() + " ignores topology.yaml and refuses to start on a"
                    + " partition's Topology= key: export for --slurm-version 26.05, or pick one topology with"
                    + " --topology NAME (written as topology.conf)"));
        }
        return Optional.of(Diagnostic.error(path, 1, 1, "topology.yaml is read by Slurm 25.05 and later; Slurm "
                + release.label() + " ignores it and reads topology.conf: write topology.conf (export without"
                + " --topology-yaml, convert --to slurm-topology), or export for --slurm-version 26.05"));
    }
}
