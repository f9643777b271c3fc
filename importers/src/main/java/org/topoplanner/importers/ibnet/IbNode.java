package org.topoplanner.importers.ibnet;

/**
 * One node of a dump as the reader saw it. {@code key} identifies it within one dump: the node
 * GUID in {@code ibnetdiscover}, the port GUID of its first port in {@code -p} and
 * {@code iblinkinfo} (which do not print CA node GUIDs).
 *
 * @param declared true if the node has its own block or line, false if it was only named as a peer
 */
record IbNode(long key, IbNodeKind kind, String description, int line, int column, boolean declared) {
    IbNode asDeclared(IbNodeKind k, String desc, int l, int c) {
        return new IbNode(key, k, desc, l, c, true);
    }
}
