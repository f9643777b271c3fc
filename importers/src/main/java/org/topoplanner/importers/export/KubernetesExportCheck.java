package org.topoplanner.importers.export;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.topoplanner.importers.k8s.LabelSyntax;
import org.topoplanner.model.diag.Diagnostic;

/**
 * Checks Kubernetes export texts before they are written: every document against its CRD schema in strict
 * mode ({@link CrdSchemas}), then the rules no schema expresses (CEL rules, webhooks, apimachinery's label
 * syntax): one selector per HyperNode member and a strict HyperNode
 * tree; Topology levels unique, valid label keys of at most 63 characters, the hostname only last; a TAS
 * flavor with node labels; TAS annotations that are strings, valid keys of at most 63 characters and
 * levels of the exported Topology; Volcano's tier fields not both set; label keys and values.
 */
final class KubernetesExportCheck {
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final int MAX_ANNOTATION_LEVEL = 63;

    private final String path;
    private final List<Diagnostic> out = new ArrayList<>();

    private KubernetesExportCheck(String path) {
        this.path = path;
    }

    private void error(int line, String message) {
        out.add(Diagnostic.error(path, line, line == 0 ? 0 : 1, message));
    }

    private List<YamlDocs.Doc> docs(String text) {
        YamlDocs d = YamlDocs.parse(text);
        if (d.problem() != null) {
            error(d.problemLine(), d.problem());
        }
        return d.docs();
    }

    private void schema(CrdSchemas.Crd crd, YamlDocs.Doc doc, JsonNode node) {
        for (String problem : CrdSchemas.validate(crd, node)) {
            error(doc.line(), "schema: " + problem);
        }
    }

    /** {@code kubectl label node NAME --overwrite key=value ...} lines. */
    static List<Diagnostic> labelScript(String path, String text) {
        KubernetesExportCheck c = new KubernetesExportCheck(path);
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.isEmpty() || l.startsWith("#") || l.startsWith("set ")) {
                continue;
            }
            String[] w = l.split("\\s+");
            if (w.length < 4 || !w[0].equals("kubectl") || !w[1].equals("label") || !w[2].equals("node")) {
                c.error(i + 1, "expected a kubectl label node line, found: " + l);
                continue;
            }
            String node = w[3].replaceAll("^'|'$", "");
            if (!LabelSyntax.isObjectName(node)) {
                c.error(i + 1, "node name " + node + " is not a lowercase DNS subdomain");
            }
            for (int k = 4; k < w.length; k++) {
                if (w[k].equals("--overwrite")) {
                    continue;
                }
                int eq = w[k].indexOf('=');
                if (eq < 0) {
                    c.error(i + 1, "expected key=value, found " + w[k]);
                    continue;
                }
                c.label(i + 1, w[k].substring(0, eq), w[k].substring(eq + 1));
            }
        }
        return c.out;
    }

    private void label(int line, String key, String value) {
        LabelSyntax.keyProblem(key).ifPresent(p -> error(line, p));
        LabelSyntax.valueProblem(value).ifPresent(p -> error(line, p));
    }

    private void labels(int line, JsonNode map) {
        for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext(); ) {
            var e = it.next();
            if (!e.getValue().isTextual()) {
                error(line, "label " + e.getKey() + " must have a string value, not " + e.getValue());
            } else {
                label(line, e.getKey(), e.getValue().asText());
            }
        }
    }

    /** Node documents with labels only ({@code kubectl patch node NAME --type merge}). */
    static List<Diagnostic> labelPatch(String path, String text) {
        KubernetesExportCheck c = new KubernetesExportCheck(path);
        for (YamlDocs.Doc d : c.docs(text)) {
            JsonNode n = d.node();
            if (!n.path("apiVersion").asText().equals("v1") || !n.path("kind").asText().equals("Node")) {
                c.error(d.line(), "expected apiVersion v1, kind Node");
            }
            if (!LabelSyntax.isObjectName(n.path("metadata").path("name").asText())) {
                c.error(d.line(), "node name " + n.path("metadata").path("name") + " is not a lowercase DNS subdomain");
            }
            c.labels(d.line(), n.path("metadata").path("labels"));
        }
        return c.out;
    }

    static List<Diagnostic> hyperNodes(String path, String text) {
        KubernetesExportCheck c = new KubernetesExportCheck(path);
        List<YamlDocs.Doc> docs = c.docs(text);
        Set<String> names = new HashSet<>();
        docs.forEach(d -> names.add(d.node().path("metadata").path("name").asText()));
        Set<String> children = new HashSet<>();
        for (YamlDocs.Doc d : docs) {
            JsonNode n = d.node();
            c.schema(CrdSchemas.Crd.HYPERNODE, d, n);
            String name = n.path("metadata").path("name").asText();
            if (!LabelSyntax.isObjectName(name)) {
                c.error(d.line(), "HyperNode name " + name + " is not a lowercase DNS subdomain");
            }
            JsonNode members = n.path("spec").path("members");
            if (members.isEmpty()) {
                c.error(d.line(), "HyperNode " + name + " has no members; the webhook rejects it");
            }
            for (JsonNode m : members) {
                JsonNode sel = m.path("selector");
                int kinds = (sel.has("exactMatch") ? 1 : 0) + (sel.has("regexMatch") ? 1 : 0)
                        + (sel.has("labelMatch") ? 1 : 0);
                if (kinds != 1) {
                    c.error(d.line(), "a member of HyperNode " + name + " has " + kinds
                            + " selectors; exactly one of exactMatch, regexMatch, labelMatch is allowed");
                }
                if (sel.has("regexMatch")) {
                    try {
                        Pattern.compile(sel.path("regexMatch").path("pattern").asText());
                    } catch (PatternSyntaxException e) {
                        c.error(d.line(), "regexMatch of HyperNode " + name + " does not compile: " + e.getDescription());
                    }
                }
                if (m.path("type").asText().equals("HyperNode")) {
                    String child = sel.path("exactMatch").path("name").asText(null);
                    if (child == null) {
                        c.error(d.line(), "HyperNode members of " + name + " must use exactMatch");
                    } else if (!names.contains(child)) {
                        c.error(d.line(), "HyperNode " + name + " lists " + child + ", which no HyperNode defines");
                    } else if (!children.add(child)) {
                        c.error(d.line(), "HyperNode " + child + " has several parents; Volcano wants a tree");
                    }
                }
            }
        }
        return c.out;
    }

    /** Checks the Topology and ResourceFlavor; {@code levelsOut} receives the Topology's levels. */
    static List<Diagnostic> kueueTopology(String path, String text, List<String> levelsOut) {
        KubernetesExportCheck c = new KubernetesExportCheck(path);
        List<YamlDocs.Doc> docs = c.docs(text);
        Set<String> topologies = new HashSet<>();
        for (YamlDocs.Doc d : docs) {
            if (d.node().path("kind").asText().equals("Topology")) {
                topologies.add(d.node().path("metadata").path("name").asText());
            }
        }
        for (YamlDocs.Doc d : docs) {
            JsonNode n = d.node();
            String name = n.path("metadata").path("name").asText();
            if (!LabelSyntax.isObjectName(name)) {
                c.error(d.line(), n.path("kind").asText() + " name " + name + " is not a lowercase DNS subdomain");
            }
            switch (n.path("kind").asText()) {
                case "Topology" -> {
                    c.schema(CrdSchemas.Crd.KUEUE_TOPOLOGY, d, n);
                    List<String> levels = new ArrayList<>();
                    n.path("spec").path("levels").forEach(l -> levels.add(l.path("nodeLabel").asText()));
                    c.levels(d.line(), levels);
                    levelsOut.addAll(levels);
                }
                case "ResourceFlavor" -> {
                    c.schema(CrdSchemas.Crd.RESOURCE_FLAVOR, d, n);
                    JsonNode spec = n.path("spec");
                    if (spec.has("topologyName")) {
                        if (spec.path("nodeLabels").isEmpty()) {
                            c.error(d.line(), "a ResourceFlavor with topologyName needs at least one nodeLabel");
                        }
                        if (!topologies.contains(spec.path("topologyName").asText())) {
                            c.error(d.line(), "ResourceFlavor " + name + " follows Topology "
                                    + spec.path("topologyName").asText() + ", which this file does not define");
                        }
                    }
                    c.labels(d.line(), spec.path("nodeLabels"));
                }
                default -> c.error(d.line(), "expected a Topology or a ResourceFlavor, not " + n.path("kind").asText());
            }
        }
        return c.out;
    }

    private void levels(int line, List<String> levels) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < levels.size(); i++) {
            String l = levels.get(i);
            if (!seen.add(l)) {
                error(line, "Topology level " + l + " appears twice");
            }
            if (l.equals(PlacementDomain.HOSTNAME) && i != levels.size() - 1) {
                error(line, PlacementDomain.HOSTNAME + " may only be the last Topology level");
            }
            if (l.length() > MAX_ANNOTATION_LEVEL) {
                error(line, "Topology level " + l + " is longer than 63 characters; TAS annotations cannot name it");
            }
            LabelSyntax.keyProblem(l).ifPresent(p -> error(line, p));
        }
    }

    /** A Kueue workload (Job or JobSet) of the bundle; {@code levels} are the exported Topology's. */
    static List<Diagnostic> kueueJob(String path, String text, List<String> levels) {
        KubernetesExportCheck c = new KubernetesExportCheck(path);
        for (YamlDocs.Doc d : c.docs(text)) {
            JsonNode n = d.node();
            String kind = n.path("kind").asText();
            List<JsonNode> templates = new ArrayList<>();
            if (kind.equals("Job") && n.path("apiVersion").asText().equals("batch/v1")) {
                c.schema(CrdSchemas.Crd.JOB_SPEC, d, n.path("spec"));
                c.jobName(d.line(), n);
                templates.add(n.path("spec").path("template"));
            } else if (kind.equals("JobSet")) {
                c.schema(CrdSchemas.Crd.JOBSET, d, n);
                c.jobName(d.line(), n);
                n.path("spec").path("replicatedJobs").forEach(rj -> templates.add(rj.path("template").path("spec")
                        .path("template")));
            } else {
                c.error(d.line(), "expected a batch/v1 Job or a JobSet, not " + n.path("apiVersion").asText() + " " + kind);
            }
            c.labels(d.line(), n.path("metadata").path("labels"));
            for (JsonNode t : templates) {
                c.tas(d.line(), t.path("metadata").path("annotations"), levels);
                c.affinityValues(d.line(), t.path("spec"));
            }
        }
        return c.out;
    }

    private void jobName(int line, JsonNode n) {
        String name = n.path("metadata").path("name").asText();
        if (name.length() > LabelSyntax.MAX_NAME || !DNS_LABEL.matcher(name).matches()) {
            error(line, "workload name " + name + " must be a DNS label of at most 63 characters (its pods carry it)");
        }
    }

    private void tas(int line, JsonNode annotations, List<String> levels) {
        int modes = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = annotations.fields(); it.hasNext(); ) {
            var e = it.next();
            String key = e.getKey();
            LabelSyntax.keyProblem(key).ifPresent(p -> error(line, "annotation key: " + p));
            if (!e.getValue().isTextual()) {
                error(line, "annotation " + key + " must be a string, not " + e.getValue());
                continue;
            }
            String v = e.getValue().asText();
            if (key.equals(KubernetesJobWriter.REQUIRED) || key.endsWith("/podset-preferred-topology")
                    || key.endsWith("/podset-unconstrained-topology")) {
                modes++;
            }
            if (key.equals(KubernetesJobWriter.REQUIRED) || key.endsWith("/podset-preferred-topology")) {
                if (v.length() > MAX_ANNOTATION_LEVEL) {
                    error(line, key + " value " + v + " is longer than 63 characters");
                }
                LabelSyntax.keyProblem(v).ifPresent(p -> error(line, key + ": " + p));
                if (!levels.isEmpty() && !levels.contains(v)) {
                    error(line, key + " names " + v + ", which is not a level of the exported Topology " + levels);
                }
            }
        }
        if (modes > 1) {
            error(line, "at most one of podset-required-topology, -preferred- and -unconstrained- may be set");
        }
    }

    private void affinityValues(int line, JsonNode podSpec) {
        for (JsonNode term : podSpec.path("affinity").path("nodeAffinity")
                .path("requiredDuringSchedulingIgnoredDuringExecution").path("nodeSelectorTerms")) {
            for (JsonNode expr : term.path("matchExpressions")) {
                LabelSyntax.keyProblem(expr.path("key").asText()).ifPresent(p -> error(line, "node affinity: " + p));
                for (JsonNode v : expr.path("values")) {
                    LabelSyntax.valueProblem(v.asText()).ifPresent(p -> error(line, "node affinity: " + p));
                }
            }
        }
    }

    static List<Diagnostic> volcanoJob(String path, String text) {
        KubernetesExportCheck c = new KubernetesExportCheck(path);
        for (YamlDocs.Doc d : c.docs(text)) {
            JsonNode n = d.node();
            c.schema(CrdSchemas.Crd.VOLCANO_JOB, d, n);
            c.jobName(d.line(), n);
            JsonNode spec = n.path("spec");
            c.tierFields(d.line(), spec.path("networkTopology"));
            int replicas = 0;
            for (JsonNode t : spec.path("tasks")) {
                replicas += t.path("replicas").asInt(0);
                String task = t.path("name").asText();
                if (!DNS_LABEL.matcher(task).matches() || task.length() > LabelSyntax.MAX_NAME) {
                    c.error(d.line(), "task name " + task + " must be a DNS label of at most 63 characters");
                }
                JsonNode pp = t.path("partitionPolicy");
                if (!pp.isMissingNode()) {
                    c.tierFields(d.line(), pp.path("networkTopology"));
                    if (t.path("replicas").asInt() != pp.path("totalPartitions").asInt() * pp.path("partitionSize").asInt()) {
                        c.error(d.line(), "task " + task + ": replicas must be totalPartitions x partitionSize");
                    }
                }
                c.affinityValues(d.line(), t.path("template").path("spec"));
            }
            if (spec.path("minAvailable").asInt(0) > replicas) {
                c.error(d.line(), "minAvailable " + spec.path("minAvailable").asInt() + " exceeds the " + replicas
                        + " replicas; the webhook rejects it");
            }
        }
        return c.out;
    }

    private void tierFields(int line, JsonNode nt) {
        if (nt.has("highestTierAllowed") && nt.has("highestTierName")) {
            error(line, "networkTopology sets both highestTierAllowed and highestTierName; the webhook rejects it");
        }
    }
}
