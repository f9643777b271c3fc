package org.topoplanner.app.desktop.dialogs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.topoplanner.model.design.FabricDesign;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.project.AtomicFiles;
import org.topoplanner.resources.NodeTemplate;

/**
 * The New cluster designs saved under a name, in one tab-separated file in the user's settings folder
 * ({@code design-presets.tsv}): a line per preset, {@code name kind leaves hostsPerLeaf leavesPerPod
 * spines cores uplinks rails speed template}. Saving rewrites the file atomically. A line that does not
 * read is left out with a diagnostic at its line and column, so one bad edit by hand loses one preset.
 */
public final class DesignPresets {
    public static final String FILE = "design-presets.tsv";

    /** A named design: the fabric and the node template that fills it. */
    public record Preset(String name, FabricDesign design, NodeTemplate template) {
        public Preset {
            if (name == null || name.isBlank() || name.contains("\t") || name.contains("\n")) {
                throw new IllegalArgumentException("a preset name is one line of text without tabs");
            }
            name = name.strip();
        }
    }

    /** The presets read, by name, and what could not be read. */
    public record Read(Map<String, Preset> presets, List<Diagnostic> problems) {
        public Read {
            presets = java.util.Collections.unmodifiableMap(new TreeMap<>(presets));
            problems = List.copyOf(problems);
        }
    }

    private final Path file;

    public DesignPresets(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    public Read read() {
        Map<String, Preset> out = new TreeMap<>();
        List<Diagnostic> problems = new ArrayList<>();
        if (!Files.exists(file)) {
            return new Read(out, problems);
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            problems.add(Diagnostic.error(file.toString(), 0, 0, "cannot read the design presets: " + e.getMessage()));
            return new Read(out, problems);
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            int field = 0;
            try {
                if (f.length != 11) {
                    throw new IllegalArgumentException("expected 11 tab-separated fields, found " + f.length);
                }
                FabricDesign.Kind kind = FabricDesign.Kind.valueOf(f[field = 1]);
                int[] n = new int[7];
                for (int k = 0; k < 7; k++) {
                    n[k] = Integer.parseInt(f[field = 2 + k]);
                }
                LinkSpeed speed = LinkSpeed.valueOf(f[field = 9]);
                NodeTemplate template = NodeTemplate.valueOf(f[field = 10]);
                field = 0;
                FabricDesign d = new FabricDesign(kind, n[0], n[1], n[2], n[3], n[4], n[5], n[6], speed, "node");
                out.put(f[0].strip(), new Preset(f[0], d, template));
            } catch (IllegalArgumentException e) {
                problems.add(Diagnostic.warning(file.toString(), i + 1, column(f, field),
                        "design preset left out: " + e.getMessage()));
            }
        }
        return new Read(out, problems);
    }

    /** Adds or replaces {@code preset} and rewrites the file atomically, keeping the other presets. */
    public void save(Preset preset) throws IOException {
        Map<String, Preset> all = new TreeMap<>(read().presets());
        all.put(preset.name(), preset);
        StringBuilder sb = new StringBuilder("# TopoPlanner New cluster presets: name kind leaves hostsPerLeaf"
                + " leavesPerPod spines cores uplinks rails speed template\n");
        for (Preset p : all.values()) {
            FabricDesign d = p.design();
            sb.append(String.join("\t", p.name(), d.kind().name(), "" + d.leaves(), "" + d.hostsPerLeaf(),
                    "" + d.leavesPerPod(), "" + d.spines(), "" + d.cores(), "" + d.uplinksPerLeaf(), "" + d.rails(),
                    d.speed().name(), p.template().name())).append('\n');
        }
        AtomicFiles.writeString(file, sb.toString());
    }

    private static int column(String[] fields, int field) {
        int col = 1;
        for (int k = 0; k < field && k < fields.length; k++) {
            col += fields[k].length() + 1;
        }
        return col;
    }
}
