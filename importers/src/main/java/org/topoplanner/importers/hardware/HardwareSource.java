package org.topoplanner.importers.hardware;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.ReadSources;
import org.topoplanner.importers.merge.NodeInsides;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.node.NodeTopology;

/**
 * Where the inside of a set of hosts comes from: a node template, or a file (or Slurm folder) read
 * once when the source is made, so that applying it again for a preview reads nothing.
 */
public sealed interface HardwareSource permits HardwareSource.Template, HardwareSource.Described {

    /** What the source is called in messages: the template id or the file's path. */
    String label();

    /**
     * A node template: the caller resolves the id (the importers do not see the shipped templates,
     * see {@link HardwareTemplates}).
     */
    record Template(String id, NodeTopology node) implements HardwareSource {
        public Template {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(node, "node");
        }

        @Override
        public String label() {
            return id;
        }
    }

    /**
     * A file or folder as read: the inside of the hosts it names ({@code hwloc} with its
     * {@code HostName}, node lines, {@code gres.conf} with {@code NodeName=}), and the node it
     * describes without naming a host ({@code nvidia-smi topo -m}, {@code slurmd -G}, a
     * {@code gres.conf} without {@code NodeName=}), if any.
     *
     * @param named    host name to what each of the file's parts says about it
     * @param unnamed  the node described without a host name; empty when the file names its hosts
     * @param problems what reading said: unreadable or unknown files are errors
     */
    record Described(String path, Map<String, List<NodeInsides.Source>> named, Optional<NodeTopology> unnamed,
                     List<Diagnostic> problems) implements HardwareSource {
        public Described {
            Objects.requireNonNull(path, "path");
            named = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(named));
            problems = List.copyOf(problems);
        }

        @Override
        public String label() {
            return path;
        }

        /** Whether it describes no node at all (a fabric dump, an empty file): then it cannot give hardware. */
        public boolean describesNothing() {
            return unnamed.isEmpty() && named.values().stream().flatMap(List::stream)
                    .allMatch(s -> NodeInsides.isUnknown(s.node()));
        }

        public boolean hasErrors() {
            return problems.stream().anyMatch(Diagnostic::isError);
        }
    }

    static Template template(String id, NodeTopology node) {
        return new Template(id, node);
    }

    /** Reads a file or Slurm folder with the import's own readers (format detected from content). */
    static Described read(Path path) {
        ReadSources read = ClusterImport.standard().read(List.of(path), Optional.empty(), ClusterImport.Progress.NONE);
        return described(path.toString(), read);
    }

    /** What was already read (by an import review, say) as a source. */
    static Described described(String path, ReadSources read) {
        List<Diagnostic> problems = new ArrayList<>(read.problems());
        Map<String, List<NodeInsides.Source>> named = new LinkedHashMap<>();
        List<NodeInsides.Source> unnamed = new ArrayList<>();
        for (ImportResult r : read.results()) {
            problems.addAll(r.diagnostics());
            String host = r.part().unnamedHost();
            r.part().nodes().forEach((h, node) -> {
                NodeInsides.Source s = new NodeInsides.Source(node, r.format(), r.source().path());
                if (h.equals(host)) {
                    unnamed.add(s);
                } else {
                    named.computeIfAbsent(h, k -> new ArrayList<>()).add(s);
                }
            });
        }
        Optional<NodeTopology> node = unnamed.isEmpty() ? Optional.empty()
                : Optional.of(NodeInsides.merge(path, unnamed, problems));
        return new Described(path, named, node, problems);
    }
}
