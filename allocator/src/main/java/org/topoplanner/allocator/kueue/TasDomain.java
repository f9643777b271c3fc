package org.topoplanner.allocator.kueue;

import java.util.ArrayList;
import java.util.List;

/**
 * A topology domain during one TAS computation ({@code domain} in Kueue's
 * {@code tas_flavor_snapshot.go}): its level values, parent and children, the hosts of a lowest-level
 * domain, and {@code state}: first how many pods fit under it, then how many are assigned to it.
 */
final class TasDomain {
    final List<String> values;
    final TasDomain parent;
    final List<TasDomain> children = new ArrayList<>();
    final List<String> hosts = new ArrayList<>();
    int state;

    TasDomain(List<String> values, TasDomain parent) {
        this.values = List.copyOf(values);
        this.parent = parent;
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
        return String.join("/", values) + "=" + state;
    }
}
