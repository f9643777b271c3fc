package org.topoplanner.importers.inspect;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.slurm.SlurmConfLine;
import org.topoplanner.importers.slurm.SlurmConfPair;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.slurm.GresLine;
import org.topoplanner.model.slurm.GresSocketBoundary;
import org.topoplanner.model.slurm.NodeLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What one Slurm release says of the Slurm files {@code inspect} read, beyond what every release says (the
 * readers' own findings): blocks ({@code topology/block}) before 23.11, where slurmctld does not start
 * ({@code read_config.c}: "Failed to initialize topology plugin"); named topologies ({@code topology.yaml})
 * before 25.05, which that release ignores and whose partitions' {@code Topology=} it refuses; and a gres.conf
 * {@code Cores=} that release sets INVALID ({@link GresSocketBoundary}, {@code _check_core_range_matches_sock}).
 */
public final class SlurmReleaseFit {
    private SlurmReleaseFit() {
    }

    /** The findings for {@code release} on {@code c} as read from {@code sources}, on the file each concerns. */
    public static List<Diagnostic> check(Cluster c, List<InspectSource> sources, SlurmVersion release) {
        List<Diagnostic> out = new ArrayList<>();
        if (c == null) {
            return out;
        }
        // blocks read from a Kubernetes or topograph source concern no Slurm: only a topology.conf's count (read
        // alone, or in a Slurm folder, which is one slurm-conf source)
        Optional<String> topologyConf = pathOf(sources, Format.SLURM_TOPOLOGY);
        String topology = topologyConf.orElse("topology.conf");
        boolean switches = c.fabric().switches().stream().anyMatch(s -> s.tier() >= 1);
        if (!release.hasBlockTopology() && topologyConf.isPresent() && !c.fabric().blocks().isEmpty()
                && c.slurm().topologies().isEmpty()) {
            String what = switches ? "its blocks are unusable there (a tree of switches is what 22.05 reads)"
                    : "slurmctld does not start with TopologyPlugin=topology/block (Failed to initialize topology plugin)";
            // the first BlockName= line: of topology.conf, else of an export's topology-block.conf
            SlurmFindingPlace at = SlurmFindingPlace.firstPair(topology, "topology.conf", SlurmReleaseFit::blockName)
                    .or(() -> SlurmFindingPlace.firstPair(topology, "topology-block.conf", SlurmReleaseFit::blockName))
                    .orElse(SlurmFindingPlace.whole(topology));
            out.add(error(at, "the cluster has " + c.fabric().blocks().size() + " block(s);"
                    + " Slurm " + release.label() + " has no topology/block (23.11 and later): " + what));
        }
        if (!release.hasTopologyYaml() && !c.slurm().topologies().isEmpty()) {
            // what the release refuses to start on is a partition's Topology= (slurm.conf); without one, the file
            String yaml = pathOf(sources, Format.SLURM_TOPOLOGY_YAML).orElse("topology.yaml");
            SlurmFindingPlace at = pathOf(sources, Format.SLURM_CONF)
                    .flatMap(conf -> SlurmFindingPlace.firstPair(conf, "slurm.conf", SlurmReleaseFit::partitionTopology))
                    .or(() -> SlurmFindingPlace.firstLine(yaml, "topology.yaml"))
                    .orElse(SlurmFindingPlace.whole(yaml));
            out.add(error(at, "topology.yaml (Slurm 25.05 and later) defines " + c.slurm().topologies().size()
                    + " named topologies; Slurm " + release.label() + " ignores the file and refuses to start on a"
                    + " partition's Topology= key"));
        }
        Optional<String> gresConf = pathOf(sources, Format.SLURM_GRES);
        String gres = gresConf.orElse("gres.conf");
        for (GresLine g : gresConf.isPresent() ? c.slurm().gres() : List.<GresLine>of()) {
            splitSocket(g, c.slurm().nodeLines(), release).ifPresent(split -> out.add(error(
                    SlurmFindingPlace.firstPair(gres, "gres.conf", l -> coresOf(l, g, split.node()))
                            .orElse(SlurmFindingPlace.whole(gres)), split.message())));
        }
        return out;
    }

    private static Diagnostic error(SlurmFindingPlace at, String message) {
        return Diagnostic.error(at.path(), at.line(), at.column(), message);
    }

    private static Optional<SlurmConfPair> blockName(SlurmConfLine l) {
        return l.first().filter(p -> p.is("BlockName"));
    }

    private static Optional<SlurmConfPair> partitionTopology(SlurmConfLine l) {
        return l.first().filter(p -> p.is("PartitionName")).flatMap(p -> l.pair("Topology"));
    }

    /** The {@code Cores=} (or older {@code CPUs=}) of a gres.conf line of {@code g}'s value that applies to {@code node}. */
    private static Optional<SlurmConfPair> coresOf(SlurmConfLine l, GresLine g, String node) {
        Optional<SlurmConfPair> cores = l.pair("Cores").or(() -> l.pair("CPUs"));
        if (cores.isEmpty() || !sameCores(cores.get().value(), g.cores()) || !g.name().equalsIgnoreCase(l.value("Name"))) {
            return Optional.empty();
        }
        String names = l.value("NodeName");
        return names == null || Hostlist.expandOrEmpty(names).contains(node) ? cores : Optional.empty();
    }

    private static boolean sameCores(String written, String kept) {
        if (written.equals(kept)) {
            return true;
        }
        try {
            return CpuSet.parse(written).equals(CpuSet.parse(kept));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** A node whose socket a release finds split, and the release's words for it. */
    private record SplitSocket(String node, String message) {
    }

    /** The first node of {@code g} whose socket {@code release} finds split, in Slurm's words; once per line. */
    private static Optional<SplitSocket> splitSocket(GresLine g, List<NodeLine> nodes, SlurmVersion release) {
        if (g.cores() == null || g.cores().isBlank()) {
            return Optional.empty();
        }
        CpuSet cores;
        try {
            cores = CpuSet.parse(g.cores());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        for (NodeLine n : nodes) {
            if ((!g.nodes().isEmpty() && !g.nodes().contains(n.name())) || n.sockets() == null
                    || n.coresPerSocket() == null || cores.stream().max().orElse(0) >= n.totalCores()) {
                continue;
            }
            var refusal = GresSocketBoundary.check(release, cores, n.sockets(), n.coresPerSocket());
            if (refusal.isPresent()) {
                return Optional.of(new SplitSocket(n.name(), "Slurm " + release.label() + " sets " + n.name()
                        + " INVALID: " + refusal.get().message(g.cores(), n.name())));
            }
        }
        return Optional.empty();
    }

    /** The first source of {@code format}, else a Slurm folder (read as one {@code slurm-conf} source). */
    private static Optional<String> pathOf(List<InspectSource> sources, Format format) {
        return sources.stream().filter(s -> s.format() == format).map(InspectSource::path).findFirst()
                .or(() -> sources.stream().filter(s -> s.format() == Format.SLURM_CONF
                        && java.nio.file.Files.isDirectory(java.nio.file.Path.of(s.path()))).map(InspectSource::path)
                        .findFirst());
    }
}
