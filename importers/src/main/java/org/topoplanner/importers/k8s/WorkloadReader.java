package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.k8s.VolcanoMode;

/**
 * Recognises Kubernetes workloads: Volcano {@code Job} ({@code batch.volcano.sh}), {@code batch/v1 Job}
 * and {@code JobSet}, as the export writes them under {@code k8s/jobs/}. A cluster holds no jobs, so
 * each workload is an info saying what it asks for: pods, GPUs per pod, the nodes it is pinned to by
 * {@code kubernetes.io/hostname} affinity, and Volcano's {@code networkTopology}. Workloads carrying
 * Kueue Topology Aware Scheduling annotations are the Kueue reader's ({@link KueueTopologyReader}).
 */
public final class WorkloadReader implements FormatReader {
    private static final String VOLCANO = "batch.volcano.sh";
    private static final String HOSTNAME = "kubernetes.io/hostname";

    @Override
    public Format format() {
        return Format.K8S_WORKLOAD;
    }

    @Override
    public int detect(SourceText source) {
        String t = source.text().length() > 200_000 ? source.text().substring(0, 200_000) : source.text();
        if (t.contains(VOLCANO + "/") && t.matches("(?s).*\\nkind:\\s*[\"']?Job\\b.*")) {
            return 90;
        }
        // Below the Kueue reader's 80 for TAS annotations, above the guessing formats.
        return t.matches("(?s).*\\nkind:\\s*[\"']?(Job|JobSet)[\"']?\\s*\\n.*") ? 60 : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        int found = 0;
        for (YamlDocument doc : SafeYaml.parse(source.text(), d)) {
            Optional<YamlValue.Mapping> root = doc.mapping();
            String kind = doc.kind();
            if (root.isEmpty() || !(kind.equals("Job") || kind.equals("JobSet"))) {
                continue;
            }
            found++;
            String what = doc.apiGroup().equals(VOLCANO) ? "Volcano Job" : kind.equals("JobSet") ? "JobSet" : "Job";
            List<String> said = new ArrayList<>();
            int pods = pods(doc, root.get());
            if (pods > 0) {
                said.add(pods + " pod(s)");
            }
            gpusPerPod(root.get()).ifPresent(g -> said.add(g + " nvidia.com/gpu each"));
            Set<String> hosts = new LinkedHashSet<>();
            pinnedHosts(root.get(), hosts);
            if (!hosts.isEmpty()) {
                said.add("pinned to " + compress(hosts));
            }
            root.get().path("spec", "networkTopology").ifPresent(n -> said.add("networkTopology "
                    + n.text("mode").orElse(VolcanoMode.HARD.word()) + n.text("highestTierAllowed").map(t -> " up to tier " + t)
                    .orElse("")));
            d.info(doc.line(), 1, what + " " + doc.name() + (said.isEmpty() ? "" : ": " + String.join(", ", said))
                    + ". The cluster keeps no jobs; a project file holds them with their placements");
        }
        if (found == 0) {
            d.error(0, 0, "no Job, Volcano Job or JobSet found");
        }
        return new ImportResult(source, format(), ClusterPart.empty(), d.list());
    }

    /** Volcano: the tasks' replicas; Job: parallelism; JobSet: replicas x parallelism per replicated job. */
    private static int pods(YamlDocument doc, YamlValue.Mapping root) {
        Optional<YamlValue.Mapping> spec = root.mapping("spec");
        if (spec.isEmpty()) {
            return 0;
        }
        int pods = 0;
        if (doc.apiGroup().equals(VOLCANO)) {
            for (YamlValue t : spec.get().sequence("tasks").map(YamlValue.Sequence::items).orElse(List.of())) {
                pods += t instanceof YamlValue.Mapping m ? number(m.text("replicas"), 1) : 0;
            }
        } else if (doc.kind().equals("JobSet")) {
            for (YamlValue r : spec.get().sequence("replicatedJobs").map(YamlValue.Sequence::items).orElse(List.of())) {
                if (r instanceof YamlValue.Mapping m) {
                    pods += number(m.text("replicas"), 1)
                            * number(m.path("template", "spec").flatMap(s -> s.text("parallelism")), 1);
                }
            }
        } else {
            pods = number(spec.get().text("parallelism"), 1);
        }
        return pods;
    }

    private static Optional<String> gpusPerPod(YamlValue value) {
        if (value instanceof YamlValue.Mapping m) {
            Optional<String> here = m.path("resources", "limits").flatMap(l -> l.text("nvidia.com/gpu"));
            if (here.isPresent()) {
                return here;
            }
            for (YamlValue v : m.entries().values()) {
                Optional<String> below = gpusPerPod(v);
                if (below.isPresent()) {
                    return below;
                }
            }
        } else if (value instanceof YamlValue.Sequence s) {
            for (YamlValue v : s.items()) {
                Optional<String> below = gpusPerPod(v);
                if (below.isPresent()) {
                    return below;
                }
            }
        }
        return Optional.empty();
    }

    /** The values of every {@code kubernetes.io/hostname In [...]} match expression and {@code nodeName}. */
    private static void pinnedHosts(YamlValue value, Set<String> out) {
        if (value instanceof YamlValue.Mapping m) {
            if (m.text("key").filter(HOSTNAME::equals).isPresent()) {
                m.sequence("values").ifPresent(s -> s.items().forEach(v -> {
                    if (v instanceof YamlValue.Scalar sc && !sc.isNull()) {
                        out.add(sc.text());
                    }
                }));
            }
            m.text("nodeName").ifPresent(out::add);
            m.entries().values().forEach(v -> pinnedHosts(v, out));
        } else if (value instanceof YamlValue.Sequence s) {
            s.items().forEach(v -> pinnedHosts(v, out));
        }
    }

    private static int number(Optional<String> text, int otherwise) {
        try {
            return text.map(String::strip).map(Integer::parseInt).orElse(otherwise);
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private static String compress(Set<String> hosts) {
        try {
            return Hostlist.compress(hosts);
        } catch (IllegalArgumentException e) {
            return String.join(",", hosts);
        }
    }
}
