package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@link NodeClasses} while a job's pods are scheduled one at a time: the scheduler takes the first node
 * by name of the best class, and that node leaves its class (one pod per node) or moves to the class of
 * its capacity with the pod assumed. Nodes leave a class in name order, so each class is its sorted
 * names and a cursor, plus the nodes that moved in.
 */
public final class LiveClasses {
    /** One class: its capacity, NUMA node count, and the nodes still in it. */
    public static final class Live {
        final NodeCapacity free;
        final int numaNodes;
        private final String[] base;
        private int next;
        private TreeSet<String> movedIn;

        Live(NodeCapacity free, int numaNodes, String[] base) {
            this.free = free;
            this.numaNodes = numaNodes;
            this.base = base;
        }

        /** The class's free capacity (its host name is empty). */
        public NodeCapacity free() {
            return free;
        }

        int size() {
            return base.length - next + (movedIn == null ? 0 : movedIn.size());
        }

        /** The node by name order first, or null when the class is empty. */
        String first() {
            String a = next < base.length ? base[next] : null;
            String b = movedIn == null || movedIn.isEmpty() ? null : movedIn.first();
            return a == null ? b : b == null || a.compareTo(b) < 0 ? a : b;
        }

        String poll() {
            String f = first();
            if (next < base.length && base[next].equals(f)) {
                next++;
            } else {
                movedIn.pollFirst();
            }
            return f;
        }

        void add(String host) {
            if (movedIn == null) {
                movedIn = new TreeSet<>();
            }
            movedIn.add(host);
        }
    }

    private final List<Live> classes = new ArrayList<>();
    private final Map<NodeCapacity, Map<Integer, Live>> byCapacity = new HashMap<>();

    public LiveClasses(NodeClasses from) {
        for (NodeClasses.NodeClass c : from.classes()) {
            Live l = new Live(c.free(), c.numaNodes(), c.hosts());
            classes.add(l);
            byCapacity.computeIfAbsent(c.free(), k -> new HashMap<>()).put(c.numaNodes(), l);
        }
    }

    List<Live> classes() {
        return classes;
    }

    /**
     * The best class for {@code pod}: highest score, then first node by name; with {@code kubelet}, among
     * the classes whose kubelet starts (null: every class, as Volcano's predicates see them). Null when none fits.
     */
    public Live best(PodRequest pod, KubeletSettings kubelet) {
        Live best = null;
        long bestScore = Long.MIN_VALUE;
        String bestFirst = null;
        for (Live c : classes) {
            String first = c.first();
            if (first == null || (kubelet != null && !kubelet.startsWith(c.numaNodes))
                    || c.free.insufficient(pod).isPresent()) {
                continue;
            }
            long s = NodeScore.of(c.free, pod).total();
            if (best == null || s > bestScore || (s == bestScore && first.compareTo(bestFirst) < 0)) {
                best = c;
                bestScore = s;
                bestFirst = first;
            }
        }
        return best;
    }

    /** Takes the first node of {@code from}; unless {@code leaves}, it joins the class of its capacity plus {@code pod}. */
    public String take(Live from, PodRequest pod, boolean leaves) {
        String host = from.poll();
        if (!leaves) {
            NodeCapacity after = from.free.plus(pod);
            Live to = byCapacity.computeIfAbsent(after, k -> new HashMap<>()).get(from.numaNodes);
            if (to == null) {
                to = new Live(after, from.numaNodes, new String[0]);
                classes.add(to);
                byCapacity.get(after).put(from.numaNodes, to);
            }
            to.add(host);
        }
        return host;
    }

    /** The scheduler's filter reasons over the nodes still in the classes, with their counts. */
    Map<String, Integer> reasons(PodRequest pod, KubeletSettings kubelet) {
        Map<String, Integer> reasons = new TreeMap<>();
        for (Live c : classes) {
            int n = c.size();
            if (n == 0) {
                continue;
            }
            if (!kubelet.startsWith(c.numaNodes)) {
                // Its kubelet exited at start (max-allowable-numa-nodes): the node is NotReady and tainted.
                reasons.merge("node(s) had untolerated taint {node.kubernetes.io/not-ready: }", n, Integer::sum);
                continue;
            }
            Optional<String> no = c.free.insufficient(pod);
            if (no.isPresent()) {
                reasons.merge(no.get(), n, Integer::sum);
            }
        }
        return reasons;
    }
}
