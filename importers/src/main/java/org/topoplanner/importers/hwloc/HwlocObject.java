package org.topoplanner.importers.hwloc;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.CpuSetSyntaxException;

/**
 * An {@code <object>} of an hwloc XML file with its infos, parent and children. Type names are
 * read the v2 way: v1's {@code Socket} is a {@code Package}, and v1's generic {@code Cache} and v2's
 * {@code L3Cache} etc. are all caches (containers the planner looks through).
 */
final class HwlocObject {
    private final XmlElement element;
    private final HwlocObject parent;
    private final String type;
    private final List<HwlocObject> children = new ArrayList<>();

    HwlocObject(XmlElement element, HwlocObject parent) {
        this.element = element;
        this.parent = parent;
        String t = element.attribute("type").orElse("");
        this.type = t.equals("Socket") ? "Package" : t;
    }

    String type() {
        return type;
    }

    HwlocObject parent() {
        return parent;
    }

    List<HwlocObject> children() {
        return children;
    }

    XmlElement element() {
        return element;
    }

    int line() {
        return element.line();
    }

    int column() {
        return element.column();
    }

    Optional<String> attribute(String key) {
        return element.attribute(key);
    }

    /** The {@code os_index} attribute, when it is a number. */
    Optional<Integer> osIndex() {
        return attribute("os_index").filter(s -> s.matches("\\d{1,9}")).map(Integer::parseInt);
    }

    /** The first {@code <info name=... value=...>} of this object with that name. */
    Optional<String> info(String name) {
        return element.children("info").stream().filter(i -> name.equals(i.attributes().get("name")))
                .map(i -> i.attributes().get("value")).filter(v -> v != null).findFirst();
    }

    Optional<CpuSet> cpuset() {
        return attribute("cpuset").flatMap(HwlocObject::bitmap);
    }

    Optional<CpuSet> nodeset() {
        return attribute("nodeset").flatMap(HwlocObject::bitmap);
    }

    /** An hwloc bitmap attribute ({@code 0x000000ff,,0x0}), or empty when the text is not one. */
    private static Optional<CpuSet> bitmap(String text) {
        try {
            return Optional.of(CpuSet.fromHwlocMaskAsWritten(text.strip()));
        } catch (CpuSetSyntaxException e) {
            return Optional.empty();
        }
    }

    boolean isIo() {
        return type.equals("Bridge") || type.equals("PCIDev") || type.equals("OSDev");
    }

    /** The nearest ancestor (not this object) that passes the test. */
    Optional<HwlocObject> ancestor(Predicate<HwlocObject> test) {
        for (HwlocObject o = parent; o != null; o = o.parent) {
            if (test.test(o)) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }

    /** This object and everything below it, in document order. */
    List<HwlocObject> subtree() {
        List<HwlocObject> out = new ArrayList<>();
        collect(this, out);
        return out;
    }

    private static void collect(HwlocObject o, List<HwlocObject> out) {
        out.add(o);
        for (HwlocObject c : o.children) {
            collect(c, out);
        }
    }

    /** Builds the object tree under an element (the {@code topology} root or an object). */
    static List<HwlocObject> tree(XmlElement element, HwlocObject parent) {
        List<HwlocObject> out = new ArrayList<>();
        for (XmlElement child : element.children("object")) {
            HwlocObject o = new HwlocObject(child, parent);
            o.children.addAll(tree(child, o));
            out.add(o);
        }
        return out;
    }
}
