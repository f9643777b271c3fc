package org.topoplanner.allocator.kueue;

import java.util.ArrayList;
import java.util.List;

/**
 * A topology domain during one TAS computation ({@code domain} and its {@code domainState} in Kueue's
 * {@code tas_flavor_snapshot.go}): its level values, children, the hosts of a lowest-level domain, and
 * {@code podCount} / {@code sliceCount}: first how many pods and slices fit under it, then how many are
 * assigned to it.
 */
final class TasDomain {
    final List<String> values;
    final List<TasDomain> children = new ArrayList<>();
    final List<String> hosts = new ArrayList<>();
    /** Kueue's domain id: the level values joined by commas; only the hostname for a node leaf. */
    final String id;
    int podCount;
    int sliceCount;

    TasDomain(List<String> values, boolean nodeLeaf) {
        this.values = List.copyOf(values);
        this.id = nodeLeaf ? values.get(values.size() - 1) : String.join(",", values);
    }

    /** Lexicographic order of level values ({@code slices.Compare}). */
    static int compareValues(TasDomain a, TasDomain b) {
        for (int i = 0; i < Math.min(a.values.size(), b.values.size()); i++) {
            int c = a.values.get(i).compareTo(b.values.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.values.size(), b.values.size());
    }

    @Override
    public String toString() {
        return String.join("/", values) + "=" + podCount;
    }
}
