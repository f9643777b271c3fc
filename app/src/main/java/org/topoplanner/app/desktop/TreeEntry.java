package org.topoplanner.app.desktop;

/** One row of the cluster tree: what it is, its name, and a short description. */
record TreeEntry(Kind kind, String name, String detail) {
    enum Kind { CLUSTER, SWITCH, HOST, GPU, NIC }

    @Override
    public String toString() {
        return name + "  \u2014  " + detail;
    }
}
