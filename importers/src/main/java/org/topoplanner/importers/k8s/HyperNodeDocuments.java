package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.k8s.HyperNode;
import org.topoplanner.model.k8s.HyperNodeMember;

/**
 * Parses Volcano {@code HyperNode} documents ({@code topology.volcano.sh/v1alpha1}), single or in a
 * {@code List}, into model HyperNodes with the positions of each member, reporting what the CRD schema
 * and Volcano's admission would reject (missing tier, bad member type, several or no selectors).
 */
final class HyperNodeDocuments {
    static final String GROUP = "topology.volcano.sh";

    /** A {@code matchExpressions} entry of a labelMatch selector. */
    record Expression(String key, String operator, List<String> values) {
    }

    record Member(HyperNodeMember member, List<Expression> expressions, int line, int column) {
    }

    record Parsed(HyperNode hyperNode, List<Member> members, int line, int column) {
    }

    private final Diagnostics diagnostics;

    HyperNodeDocuments(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    List<Parsed> parse(List<YamlDocument> documents) {
        Map<String, Parsed> byName = new LinkedHashMap<>();
        for (YamlDocument doc : documents) {
            Optional<YamlValue.Mapping> root = doc.mapping();
            if (root.isEmpty()) {
                if (doc.root() != null) {
                    diagnostics.warning(doc.line(), 1, "document is not a mapping; skipped");
                }
                continue;
            }
            if (doc.kind().equals("List") || doc.kind().equals("HyperNodeList")) {
                root.get().sequence("items").ifPresent(items -> items.items().forEach(item -> {
                    if (item instanceof YamlValue.Mapping m) {
                        one(m, byName);
                    }
                }));
            } else if (doc.kind().equals("HyperNode")) {
                if (!doc.apiGroup().equals(GROUP)) {
                    diagnostics.warning(doc.line(), 1, "HyperNode with apiVersion '" + doc.apiVersion()
                            + "'; Volcano serves topology.volcano.sh/v1alpha1");
                }
                one(root.get(), byName);
            } else {
                diagnostics.info(doc.line(), 1, "document of kind '" + doc.kind() + "' is not a HyperNode; skipped");
            }
        }
        return List.copyOf(byName.values());
    }

    private void one(YamlValue.Mapping m, Map<String, Parsed> byName) {
        Optional<String> name = m.path("metadata").flatMap(x -> x.text("name"));
        if (name.isEmpty() || name.get().isBlank()) {
            diagnostics.error(m.line(), m.column(), "HyperNode without metadata.name skipped");
            return;
        }
        Optional<YamlValue.Mapping> spec = m.mapping("spec");
        Optional<YamlValue> tierValue = spec.flatMap(s -> s.get("tier"));
        if (tierValue.isEmpty()) {
            diagnostics.error(m.keyLine("spec"), m.keyColumn("spec"), "HyperNode " + name.get()
                    + " has no spec.tier (required); skipped");
            return;
        }
        Integer tier = integer(tierValue.get());
        if (tier == null || tier < 0) {
            diagnostics.error(tierValue.get().line(), tierValue.get().column(), "HyperNode " + name.get()
                    + ": spec.tier must be a whole number >= 0; skipped");
            return;
        }
        String tierName = spec.flatMap(s -> s.text("tierName")).orElse(null);
        List<Member> members = new ArrayList<>();
        Optional<YamlValue.Sequence> list = spec.flatMap(s -> s.sequence("members"));
        list.ifPresent(seq -> seq.items().forEach(item -> member(name.get(), item).ifPresent(members::add)));
        if (members.isEmpty()) {
            diagnostics.warning(m.line(), m.column(), "HyperNode " + name.get()
                    + " has no usable member; Volcano's admission requires at least one");
        }
        if (byName.containsKey(name.get())) {
            diagnostics.warning(m.line(), m.column(), "HyperNode " + name.get() + " is defined twice (first at line "
                    + byName.get(name.get()).line() + "); the first is kept");
            return;
        }
        HyperNode hn = new HyperNode(name.get(), tier, tierName, members.stream().map(Member::member).toList());
        byName.put(name.get(), new Parsed(hn, members, m.line(), m.column()));
    }

    private Integer integer(YamlValue v) {
        if (!(v instanceof YamlValue.Scalar s)) {
            return null;
        }
        if (!s.plain()) {
            diagnostics.warning(s.line(), s.column(), "spec.tier is quoted; the CRD wants an integer");
        }
        try {
            return Integer.valueOf(s.text().strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private Optional<Member> member(String owner, YamlValue item) {
        if (!(item instanceof YamlValue.Mapping m)) {
            diagnostics.warning(item.line(), item.column(), "HyperNode " + owner + ": member is not a mapping; skipped");
            return Optional.empty();
        }
        String type = m.text("type").orElse("");
        if (!type.equals("Node") && !type.equals("HyperNode")) {
            diagnostics.warning(m.keyLine("type"), m.keyColumn("type"), "HyperNode " + owner + ": member type '"
                    + type + "' is not Node or HyperNode; skipped");
            return Optional.empty();
        }
        YamlValue.Mapping selector = m.mapping("selector").orElse(null);
        if (selector == null) {
            diagnostics.warning(m.line(), m.column(), "HyperNode " + owner + ": member without selector; skipped");
            return Optional.empty();
        }
        Set<String> kinds = new LinkedHashSet<>(selector.entries().keySet());
        kinds.retainAll(List.of("exactMatch", "regexMatch", "labelMatch"));
        if (kinds.size() != 1) {
            diagnostics.warning(selector.line(), selector.column(), "HyperNode " + owner + ": a member selector needs"
                    + " exactly one of exactMatch, regexMatch, labelMatch (the CRD's rule), found " + kinds
                    + (kinds.isEmpty() ? "; skipped" : "; the first is used"));
            if (kinds.isEmpty()) {
                return Optional.empty();
            }
        }
        String kind = kinds.iterator().next();
        YamlValue.Mapping body = selector.mapping(kind).orElse(null);
        if (body == null) {
            diagnostics.warning(selector.keyLine(kind), selector.keyColumn(kind), "HyperNode " + owner + ": " + kind
                    + " is empty; member skipped");
            return Optional.empty();
        }
        return switch (kind) {
            case "exactMatch" -> body.text("name").filter(n -> !n.isBlank())
                    .map(n -> new Member(new HyperNodeMember(type, n, null, null), List.of(), m.line(), m.column()))
                    .or(() -> missing(owner, body, "exactMatch.name"));
            case "regexMatch" -> body.text("pattern").filter(p -> !p.isEmpty())
                    .map(p -> new Member(new HyperNodeMember(type, null, p, null), List.of(), m.line(), m.column()))
                    .or(() -> missing(owner, body, "regexMatch.pattern"));
            default -> Optional.of(labelMember(owner, type, body, m));
        };
    }

    private Optional<Member> missing(String owner, YamlValue.Mapping body, String field) {
        diagnostics.warning(body.line(), body.column(), "HyperNode " + owner + ": " + field + " is missing; member skipped");
        return Optional.empty();
    }

    private Member labelMember(String owner, String type, YamlValue.Mapping body, YamlValue.Mapping at) {
        Map<String, String> labels = new LinkedHashMap<>();
        body.mapping("matchLabels").ifPresent(ml -> ml.entries().forEach((k, v) -> {
            if (v instanceof YamlValue.Scalar s && !s.isNull()) {
                labels.put(k, s.text());
            }
        }));
        List<Expression> expressions = new ArrayList<>();
        body.sequence("matchExpressions").ifPresent(seq -> seq.items().forEach(e -> {
            if (e instanceof YamlValue.Mapping em && em.text("key").isPresent() && em.text("operator").isPresent()) {
                List<String> values = new ArrayList<>();
                em.sequence("values").ifPresent(vs -> vs.items().forEach(v -> {
                    if (v instanceof YamlValue.Scalar s) {
                        values.add(s.text());
                    }
                }));
                expressions.add(new Expression(em.text("key").get(), em.text("operator").get(), values));
            } else {
                diagnostics.warning(e.line(), e.column(), "HyperNode " + owner
                        + ": matchExpressions entry without key and operator skipped");
            }
        }));
        if (!expressions.isEmpty()) {
            diagnostics.info(at.line(), at.column(), "HyperNode " + owner + ": matchExpressions are used to resolve"
                    + " members but the model keeps only matchLabels");
        }
        if (labels.isEmpty() && expressions.isEmpty()) {
            diagnostics.warning(at.line(), at.column(), "HyperNode " + owner + ": an empty labelMatch matches no node");
        }
        return new Member(new HyperNodeMember(type, null, null, labels), expressions, at.line(), at.column());
    }
}
