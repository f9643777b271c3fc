package org.topoplanner.allocator;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.Function;
import org.topoplanner.model.job.Placement;

/**
 * The running jobs of a {@link ClusterState}: immutable, in start order, and shared between a state
 * and the next one. What-if and replay start and end jobs constantly on states with thousands of
 * jobs, so a change must not copy the whole map: a job comes or goes in O(log n) new tree nodes.
 *
 * <p>Two persistent treaps (binary search trees that are heaps on a priority derived from the key,
 * Seidel and Aragon, "Randomized search trees", 1996): one by job name for lookups, one by start
 * number for iteration in start order. Priorities are a hash of the key, so the shape of the trees
 * depends on their contents only.
 */
final class RunningJobs {
    /**
     * One running job: its placement, what it holds, its start number, the memory it holds on each node where
     * memory is consumable, the {@code topology.yaml} topology its partition is bound to (null: not known), and the
     * partition it runs in (null: not known).
     */
    record Job(String name, Placement placement, ClusterState.Hold hold, long start, HeldMemory memory,
               String topology, String partition) {
    }

    static final RunningJobs EMPTY = new RunningJobs(null, null, 0, 0);

    private final Node<String> byName;
    private final Node<Long> byStart;
    private final int size;
    private final long nextStart;

    private RunningJobs(Node<String> byName, Node<Long> byStart, int size, long nextStart) {
        this.byName = byName;
        this.byStart = byStart;
        this.size = size;
        this.nextStart = nextStart;
    }

    int size() {
        return size;
    }

    Job get(String name) {
        Node<String> n = byName;
        while (n != null) {
            int c = name.compareTo(n.key);
            if (c == 0) {
                return n.job;
            }
            n = c < 0 ? n.left : n.right;
        }
        return null;
    }

    /** These jobs and {@code p}, started last; its job name must not run already. */
    RunningJobs plus(Placement p, ClusterState.Hold hold) {
        return plus(p, hold, HeldMemory.NONE);
    }

    /** {@link #plus(Placement, ClusterState.Hold)} of a job that holds {@code memory} on its nodes. */
    RunningJobs plus(Placement p, ClusterState.Hold hold, HeldMemory memory) {
        return plus(p, hold, memory, null);
    }

    /** {@link #plus(Placement, ClusterState.Hold, HeldMemory)} of a job placed in {@code topology} (null: not known). */
    RunningJobs plus(Placement p, ClusterState.Hold hold, HeldMemory memory, String topology) {
        return plus(p, hold, memory, topology, null);
    }

    /** {@link #plus(Placement, ClusterState.Hold, HeldMemory, String)} of a job of partition {@code partition}. */
    RunningJobs plus(Placement p, ClusterState.Hold hold, HeldMemory memory, String topology, String partition) {
        Job j = new Job(p.job(), p, hold, nextStart, memory, topology, partition);
        return new RunningJobs(insert(byName, j.name(), j), insert(byStart, j.start(), j), size + 1, nextStart + 1);
    }

    /** These jobs without {@code name} (the same object when it does not run). */
    RunningJobs minus(String name) {
        Job j = get(name);
        if (j == null) {
            return this;
        }
        return new RunningJobs(delete(byName, name), delete(byStart, j.start()), size - 1, nextStart);
    }

    /** The partition of running job {@code name}; null when it does not run or its partition was not said. */
    String partitionOf(String name) {
        Job j = get(name);
        return j == null ? null : j.partition();
    }

    /** The jobs in start order, as a read-only map of placements. */
    Map<String, Placement> placements() {
        return new View<>(this, Job::placement);
    }

    /** What each job holds, as a read-only map in start order. */
    Map<String, ClusterState.Hold> holds() {
        return new View<>(this, Job::hold);
    }

    private static final class Node<K extends Comparable<K>> {
        final K key;
        final Job job;
        final int priority;
        final Node<K> left;
        final Node<K> right;

        Node(K key, Job job, Node<K> left, Node<K> right) {
            this.key = key;
            this.job = job;
            this.priority = mix(key.hashCode());
            this.left = left;
            this.right = right;
        }

        Node<K> with(Node<K> l, Node<K> r) {
            return new Node<>(key, job, l, r);
        }
    }

    private static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }

    private static <K extends Comparable<K>> Node<K> insert(Node<K> n, K key, Job job) {
        if (n == null) {
            return new Node<>(key, job, null, null);
        }
        int c = key.compareTo(n.key);
        if (c == 0) {
            throw new IllegalArgumentException("job " + job.name() + " runs already");
        }
        if (c < 0) {
            Node<K> l = insert(n.left, key, job);
            // rotate right when the new child outranks its parent
            return l.priority > n.priority ? l.with(l.left, n.with(l.right, n.right)) : n.with(l, n.right);
        }
        Node<K> r = insert(n.right, key, job);
        return r.priority > n.priority ? r.with(n.with(n.left, r.left), r.right) : n.with(n.left, r);
    }

    private static <K extends Comparable<K>> Node<K> delete(Node<K> n, K key) {
        if (n == null) {
            return null;
        }
        int c = key.compareTo(n.key);
        if (c < 0) {
            return n.with(delete(n.left, key), n.right);
        }
        if (c > 0) {
            return n.with(n.left, delete(n.right, key));
        }
        return join(n.left, n.right);
    }

    /** The union of two treaps whose keys are all smaller in {@code a} than in {@code b}. */
    private static <K extends Comparable<K>> Node<K> join(Node<K> a, Node<K> b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return a.priority > b.priority ? a.with(a.left, join(a.right, b)) : b.with(join(a, b.left), b.right);
    }

    /** A read-only map of the jobs in start order, showing one component of each. */
    private static final class View<V> extends AbstractMap<String, V> {
        private final RunningJobs jobs;
        private final Function<Job, V> part;

        View(RunningJobs jobs, Function<Job, V> part) {
            this.jobs = jobs;
            this.part = part;
        }

        @Override
        public V get(Object key) {
            if (!(key instanceof String s)) {
                return null;
            }
            Job j = jobs.get(s);
            return j == null ? null : part.apply(j);
        }

        @Override
        public boolean containsKey(Object key) {
            return key instanceof String s && jobs.get(s) != null;
        }

        @Override
        public int size() {
            return jobs.size;
        }

        @Override
        public Set<Entry<String, V>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, V>> iterator() {
                    return new InOrder<>(jobs.byStart, part);
                }

                @Override
                public int size() {
                    return jobs.size;
                }
            };
        }
    }

    /** In-order walk of the start-number tree. */
    private static final class InOrder<V> implements Iterator<Map.Entry<String, V>> {
        private final ArrayDeque<Node<Long>> stack = new ArrayDeque<>();
        private final Function<Job, V> part;

        InOrder(Node<Long> root, Function<Job, V> part) {
            this.part = part;
            descend(root);
        }

        private void descend(Node<Long> n) {
            for (; n != null; n = n.left) {
                stack.push(n);
            }
        }

        @Override
        public boolean hasNext() {
            return !stack.isEmpty();
        }

        @Override
        public Map.Entry<String, V> next() {
            if (stack.isEmpty()) {
                throw new NoSuchElementException();
            }
            Node<Long> n = stack.pop();
            descend(n.right);
            return Map.entry(n.job.name(), part.apply(n.job));
        }
    }
}
