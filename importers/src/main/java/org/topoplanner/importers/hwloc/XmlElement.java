package org.topoplanner.importers.hwloc;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One XML element with the place its start tag ends (1-based, as a SAX locator reports it), its
 * attributes, children and text. A tiny tree instead of a DOM, because the DOM forgets line numbers
 * and diagnostics need them.
 */
record XmlElement(String name, Map<String, String> attributes, List<XmlElement> children, StringBuilder text,
                  int line, int column) {

    XmlElement(String name, Map<String, String> attributes, int line, int column) {
        this(name, attributes, new ArrayList<>(), new StringBuilder(), line, column);
    }

    Optional<String> attribute(String key) {
        return Optional.ofNullable(attributes.get(key));
    }

    List<XmlElement> children(String childName) {
        return children.stream().filter(c -> c.name.equals(childName)).toList();
    }
}
