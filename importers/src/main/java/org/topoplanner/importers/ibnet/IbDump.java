package org.topoplanner.importers.ibnet;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a reader collected from one dump before it becomes a fabric: nodes keyed by GUID (compared
 * as numbers, so {@code 2c9...} and {@code 0002c9...} are the same node), port lines, and the port
 * GUIDs seen next to ports. The three formats fill it differently; {@link IbFabricAssembler} turns
 * it into a fabric the same way for all of them.
 *
 * <p>Nodes are numbered in the order they were first seen ({@link #index}), so that the assembler
 * keeps per-node facts in arrays instead of maps keyed by boxed GUIDs.
 */
final class IbDump {
    /** Returned by {@link #index} for a key the dump has not seen. */
    static final int ABSENT = -1;
    /** Ports are printed with up to 6 digits; a node's index is shifted past them to pack a port reference. */
    private static final int PORT_BITS = 20;

    private final LongTable indexOfKey = new LongTable(1024);
    private final List<IbNode> nodes = new ArrayList<>();
    private final List<IbLink> links = new ArrayList<>();
    private final LongTable portGuids = new LongTable(1024);

    /** Records a node that has its own block or line. */
    void declare(long key, IbNodeKind kind, String description, int line, int column) {
        int i = index(key);
        if (i == ABSENT) {
            add(new IbNode(key, kind, description, line, column, true));
        } else if (!nodes.get(i).declared()) {
            nodes.set(i, nodes.get(i).asDeclared(kind, description, line, column));
        }
    }

    /** Records a node named as the peer of a port; its own block may come later or never. */
    void mention(long key, IbNodeKind kind, String description, int line, int column) {
        if (index(key) == ABSENT) {
            add(new IbNode(key, kind, description, line, column, false));
        }
    }

    /** Whether the dump has seen {@code key}, declared or mentioned; lets a reader skip copying a description. */
    boolean knows(long key) {
        return index(key) != ABSENT;
    }

    private void add(IbNode node) {
        indexOfKey.put(node.key(), nodes.size());
        nodes.add(node);
    }

    void link(IbLink link) {
        links.add(link);
    }

    /**
     * Remembers the port GUID printed next to a port of a node the dump already knows, for the host
     * end of a cable; the readers declare or mention a node before they give its port GUIDs.
     */
    void portGuid(long nodeKey, int port, long portGuid) {
        int i = index(nodeKey);
        if (i != ABSENT) {
            portGuids.put(portRef(i, port), portGuid);
        }
    }

    /** The port GUID seen next to that port, or {@link GuidText#INVALID}. */
    long portGuid(long nodeKey, int port) {
        int i = index(nodeKey);
        return i == ABSENT ? GuidText.INVALID : portGuids.get(portRef(i, port), GuidText.INVALID);
    }

    /** A node and port as one number: the node's index above the port's 20 bits. */
    static long portRef(int index, int port) {
        return ((long) index << PORT_BITS) | port;
    }

    /** The node's number in first-seen order, or {@link #ABSENT}. */
    int index(long key) {
        return (int) indexOfKey.get(key, ABSENT);
    }

    /** The node of {@code key}; the caller knows the dump has it. */
    IbNode node(long key) {
        return nodes.get(index(key));
    }

    /** Nodes in the order they were first seen; position i has {@link #index} i. */
    List<IbNode> nodes() {
        return Collections.unmodifiableList(nodes);
    }

    List<IbLink> links() {
        return links;
    }
}
