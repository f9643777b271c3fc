package org.topoplanner.importers.k8s;

import java.util.Optional;

/**
 * One document of a (possibly multi-document) YAML stream.
 *
 * @param root  the document's top value; {@code null} for an empty document
 * @param index 0-based position in the stream
 * @param line  1-based line where the document's content starts
 */
public record YamlDocument(YamlValue root, int index, int line) {

    public Optional<YamlValue.Mapping> mapping() {
        return root instanceof YamlValue.Mapping m ? Optional.of(m) : Optional.empty();
    }

    public String kind() {
        return mapping().flatMap(m -> m.text("kind")).orElse("");
    }

    public String apiVersion() {
        return mapping().flatMap(m -> m.text("apiVersion")).orElse("");
    }

    /** The API group of {@code apiVersion} ({@code kueue.x-k8s.io}), empty for the core group. */
    public String apiGroup() {
        String v = apiVersion();
        int slash = v.indexOf('/');
        return slash < 0 ? "" : v.substring(0, slash);
    }

    public String name() {
        return mapping().flatMap(m -> m.path("metadata")).flatMap(m -> m.text("name")).orElse("");
    }
}
