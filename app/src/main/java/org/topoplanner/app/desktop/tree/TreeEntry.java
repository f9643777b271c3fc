package org.topoplanner.app.desktop.tree;

/** One row of the cluster tree: what it is, its name, and a short description. */
public record TreeEntry(Kind kind, String name, String detail) {
    public enum Kind { CLUSTER, SWITCH, HOST, GPU, NIC }

    @Override
    public String toString() {
        return name + "  \u2014  " + detail;
    }
}
