package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.ProjectDocument;

/**
 * What an autosave holds that the project it would replace does not: jobs added, removed, moved or
 * changed, and whether the cluster differs, so a recovery prompt says what the user gets back.
 */
public record ProjectDiff(List<String> added, List<String> removed, List<String> moved, List<String> changed,
                          String cluster) {
    public ProjectDiff {
        added = List.copyOf(added);
        removed = List.copyOf(removed);
        moved = List.copyOf(moved);
        changed = List.copyOf(changed);
    }

    /** From {@code before} (the saved project, or the one open) to {@code after} (the autosave). */
    public static ProjectDiff between(ProjectDocument before, ProjectDocument after) {
        Map<String, Job> was = jobs(before);
        Map<String, Job> now = jobs(after);
        Map<String, Placement> wasAt = placements(before);
        Map<String, Placement> nowAt = placements(after);
        List<String> added = new ArrayList<>();
        List<String> moved = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        now.forEach((name, job) -> {
            Job old = was.get(name);
            if (old == null) {
                added.add(name);
            } else if (!old.sbatch().equals(job.sbatch())) {
                changed.add(name);
            } else if (!Objects.equals(wasAt.get(name), nowAt.get(name))) {
                moved.add(name);
            }
        });
        List<String> removed = was.keySet().stream().filter(n -> !now.containsKey(n)).toList();
        return new ProjectDiff(added, removed, moved, changed, clusterChange(before.cluster(), after.cluster()));
    }

    public boolean isEmpty() {
        return added.isEmpty() && removed.isEmpty() && moved.isEmpty() && changed.isEmpty() && cluster.isEmpty();
    }

    /** One line per kind of difference, e.g. "2 jobs added: train, eval". */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        line(out, added, "added");
        line(out, removed, "removed");
        line(out, moved, "moved");
        line(out, changed, "with other options");
        if (!cluster.isEmpty()) {
            out.add(cluster);
        }
        if (out.isEmpty()) {
            out.add("the same cluster and jobs (only the view differs)");
        }
        return out;
    }

    private static void line(List<String> out, List<String> names, String what) {
        if (!names.isEmpty()) {
            out.add(names.size() + (names.size() == 1 ? " job " : " jobs ") + what + ": " + names(names));
        }
    }

    private static String names(List<String> names) {
        int shown = Math.min(names.size(), 6);
        String list = String.join(", ", names.subList(0, shown));
        return names.size() > shown ? list + " and " + (names.size() - shown) + " more" : list;
    }

    private static String clusterChange(Cluster a, Cluster b) {
        if (a.equals(b)) {
            return "";
        }
        String from = describe(a);
        String to = describe(b);
        if (!from.equals(to)) {
            return "cluster changed: " + from + " \u2192 " + to;
        }
        List<String> hosts = a.hostNames().equals(b.hostNames()) ? a.hostNames().stream()
                .filter(h -> !a.node(h).equals(b.node(h))).toList() : List.of();
        return hosts.isEmpty() ? "cluster changed: " + to + " (links, settings or attributes)"
                : "cluster changed: hardware of " + Hostlist.compress(hosts);
    }

    private static String describe(Cluster c) {
        return String.format(Locale.ROOT, "%s (%,d hosts, %,d GPUs)", c.name(), c.hostNames().size(), c.gpuCount());
    }

    private static Map<String, Job> jobs(ProjectDocument d) {
        Map<String, Job> m = new LinkedHashMap<>();
        d.jobs().forEach(j -> m.put(j.name(), j));
        return m;
    }

    private static Map<String, Placement> placements(ProjectDocument d) {
        Map<String, Placement> m = new LinkedHashMap<>();
        d.placements().forEach(p -> m.put(p.job(), p));
        return m;
    }
}
