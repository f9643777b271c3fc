package org.topoplanner.allocator.k8s;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NumaNode;

/**
 * NUMA distances of one machine ({@code numa_info.go NUMADistances}): row {@code i} holds the SLIT
 * distances from node {@code i} to every node, in node-id order. With {@code prefer-closest-numa-nodes}
 * the merge breaks ties between equally wide NUMA sets by the average of these.
 */
public record NumaDistances(Map<Integer, List<Long>> rows, List<Integer> nodes) {
    /** SLIT distance of a node to itself. */
    static final long LOCAL = 10;
    /** What firmware commonly reports between NUMA nodes of one socket (sub-NUMA clusters, NPS). */
    static final long SAME_SOCKET = 12;
    /** What firmware commonly reports across the socket interconnect. */
    static final long OTHER_SOCKET = 21;

    public NumaDistances {
        rows = Map.copyOf(rows);
        nodes = List.copyOf(nodes);
    }

    /** Distances given as a square matrix over {@code nodes}, as the kubelet tests spell them. */
    public static NumaDistances of(List<Integer> nodes, List<List<Long>> matrix) {
        Map<Integer, List<Long>> rows = new TreeMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            rows.put(nodes.get(i), List.copyOf(matrix.get(i)));
        }
        return new NumaDistances(rows, nodes);
    }

    /**
     * The distances the kubelet would read for {@code t}. Node files carry no SLIT table, so this uses
     * the values firmware commonly reports: 10 local, 12 within a socket, 21 across sockets. Only the
     * order matters to the merge (same socket closer than another socket), and that order is what
     * every such table has.
     */
    public static NumaDistances of(NodeTopology t) {
        List<Integer> ids = KubeletNode.numaIds(t);
        Map<Integer, Integer> socket = new TreeMap<>();
        for (NumaNode n : t.numa()) {
            socket.put(n.id(), n.socket());
        }
        Map<Integer, List<Long>> rows = new TreeMap<>();
        for (int a : ids) {
            List<Long> row = ids.stream().map(b -> a == b ? LOCAL
                    : socket.getOrDefault(a, -1).equals(socket.getOrDefault(b, -2)) ? SAME_SOCKET : OTHER_SOCKET).toList();
            rows.put(a, row);
        }
        return new NumaDistances(rows, ids);
    }

    /** {@code CalculateAverageFor}: the mean distance over every ordered pair of the mask's nodes. */
    double averageFor(NumaMask mask) {
        List<Integer> bits = mask.ids();
        if (bits.isEmpty()) {
            return 0;
        }
        double sum = 0;
        for (int a : bits) {
            for (int b : bits) {
                sum += distance(a, b);
            }
        }
        return sum / (bits.size() * bits.size());
    }

    private long distance(int a, int b) {
        List<Long> row = rows.get(a);
        int col = nodes.indexOf(b);
        return row == null || col < 0 || col >= row.size() ? 0 : row.get(col);
    }

    /**
     * {@code NUMAInfo.Closest}: the narrower mask; at equal width the smaller average distance; at equal
     * distance the mask with more low-numbered bits ({@code IsLessThan}).
     */
    NumaMask closest(NumaMask m1, NumaMask m2) {
        if (m1.count() != m2.count()) {
            return m1.isNarrowerThan(m2) ? m1 : m2;
        }
        double d1 = averageFor(m1);
        double d2 = averageFor(m2);
        if (d1 == d2) {
            return Long.compareUnsigned(m1.bits(), m2.bits()) < 0 ? m1 : m2;
        }
        return d1 < d2 ? m1 : m2;
    }
}
