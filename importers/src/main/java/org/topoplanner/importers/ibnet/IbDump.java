package org.topoplanner.importers.ibnet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a reader collected from one dump before it becomes a fabric: nodes keyed by GUID (compared
 * as numbers, so {@code 2c9...} and {@code 0002c9...} are the same node), port lines, and the port
 * GUIDs seen next to ports. The three formats fill it differently; {@link IbFabricAssembler} turns
 * it into a fabric the same way for all of them.
 */
final class IbDump {
    private final Map<Long, IbNode> nodes = new LinkedHashMap<>();
    private final List<IbLink> links = new ArrayList<>();
    private final Map<PortRef, Long> portGuids = new HashMap<>();

    /** Records a node that has its own block or line. */
    void declare(long key, IbNodeKind kind, String description, int line, int column) {
        IbNode old = nodes.get(key);
        if (old == null) {
            nodes.put(key, new IbNode(key, kind, description, line, column, true));
        } else if (!old.declared()) {
            nodes.put(key, old.asDeclared(kind, description, line, column));
        }
    }

    /** Records a node named as the peer of a port; its own block may come later or never. */
    void mention(long key, IbNodeKind kind, String description, int line, int column) {
        nodes.putIfAbsent(key, new IbNode(key, kind, description, line, column, false));
    }

    void link(IbLink link) {
        links.add(link);
    }

    /** Remembers the port GUID printed next to a port, for the host end of a cable. */
    void portGuid(long nodeKey, int port, long portGuid) {
        portGuids.put(portKey(nodeKey, port), portGuid);
    }

    Long portGuid(long nodeKey, int port) {
        return portGuids.get(portKey(nodeKey, port));
    }

    private static PortRef portKey(long nodeKey, int port) {
        return new PortRef(nodeKey, port);
    }

    private record PortRef(long node, int port) {
    }

    Map<Long, IbNode> nodes() {
        return nodes;
    }

    List<IbLink> links() {
        return links;
    }
}
