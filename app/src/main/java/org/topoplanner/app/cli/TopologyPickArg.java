package org.topoplanner.app.cli;

import java.io.PrintWriter;
import java.util.Optional;
import org.topoplanner.model.cluster.Cluster;
import picocli.CommandLine.Option;

/**
 * {@code --topology NAME} of {@code export} and {@code convert}: one of a cluster's named topologies (from a
 * topology.yaml), written as the cluster's only one, for a Slurm that reads no topology.yaml (24.11 and 22.05).
 * {@code export} writes only its Slurm files (and job scripts) from it; its Kubernetes files keep the whole cluster.
 */
public final class TopologyPickArg {
    @Option(names = "--topology", paramLabel = "NAME",
            description = "Write only this named topology of the cluster's topology.yaml, as topology.conf (tree) or"
                    + " topology-block.conf (block), for a Slurm that reads no topology.yaml (24.11, 22.05);"
                    + " the Kubernetes files of export still describe the whole cluster.")
    String name;

    /**
     * The cluster to write: itself without {@code --topology}, else that topology alone; empty (after saying why
     * on {@code err}) when the cluster has no topology of that name.
     */
    Optional<Cluster> apply(Cluster cluster, String command, PrintWriter err) {
        if (name == null) {
            return Optional.of(cluster);
        }
        Optional<Cluster> alone = cluster.withTopologyAlone(name);
        if (alone.isEmpty()) {
            var names = cluster.slurm().topologies().stream().map(t -> t.name()).toList();
            err.println("topoplanner: " + command + ": the cluster has no topology named " + name + (names.isEmpty()
                    ? " (it has no topology.yaml topologies)" : "; it has " + String.join(", ", names))
                    + "; nothing written");
        }
        return alone;
    }
}
