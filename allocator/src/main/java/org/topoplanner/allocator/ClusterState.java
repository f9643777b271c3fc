package org.topoplanner.allocator;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.job.Placement;

/**
 * A cluster and what runs on it: immutable. Each running job holds its {@link Placement} (GPU
 * indices and Slurm CPU ids per host, see {@link SlurmCpuIds}) and a {@link Hold}: a job that holds
 * its nodes or blocks whole keeps them from other jobs even where it did not list every resource.
 */
public final class ClusterState {
    private final Cluster cluster;
    /** Shared with the states before and after this one: a change adds or drops O(log n) tree nodes. */
    private final RunningJobs jobs;
    private final Map<String, Placement> running;
    private final Map<String, Hold> holds;
    /**
     * The partitions a job of which started on this state's line since {@link #empty} (its jobs may have ended since):
     * Slurm's cons_tres keeps a partition's row bitmaps from its first job on, cleared when its jobs end, and
     * {@code _allocate_sc} counts a {@code MaxCPUsPerNode} against them only once they exist
     * ({@code slurm.PartitionCpuCap}).
     */
    private final Set<String> partitionsRun;
    private volatile StateUsage usage;
    /** Tables other packages derive from this state ({@link #derived}), made on first use. */
    private volatile ConcurrentHashMap<Object, Object> derived;

    /** How much more than its listed resources a running job keeps from others. */
    public enum Hold {
        /** Only the listed GPUs and CPUs. */
        LISTED,
        /** Its nodes whole ({@code --exclusive}). */
        WHOLE_NODES,
        /** Its Slurm base blocks whole ({@code --exclusive=topo}, topology/block). */
        WHOLE_BLOCKS
    }

    private ClusterState(Cluster cluster, RunningJobs jobs, Set<String> partitionsRun) {
        this.cluster = cluster;
        this.jobs = jobs;
        this.partitionsRun = partitionsRun;
        this.running = jobs.placements();
        this.holds = jobs.holds();
    }

    /** The cluster with nothing running. */
    public static ClusterState empty(Cluster cluster) {
        return new ClusterState(Objects.requireNonNull(cluster, "cluster"), RunningJobs.EMPTY, Set.of());
    }

    public Cluster cluster() {
        return cluster;
    }

    /**
     * The same jobs on {@code view}: the same hosts seen through another layout (a partition's
     * {@code topology.yaml} topology). The hosts must be this cluster's.
     */
    public ClusterState onCluster(Cluster view) {
        return new ClusterState(Objects.requireNonNull(view, "view"), jobs, partitionsRun);
    }

    /** Running jobs in the order they started. */
    public Map<String, Placement> running() {
        return running;
    }

    /**
     * The memory running job {@code job} holds on its nodes where memory is consumable ({@link HeldMemory#NONE}
     * when it holds none or does not run).
     */
    public HeldMemory heldMemory(String job) {
        RunningJobs.Job j = jobs.get(job);
        return j == null ? HeldMemory.NONE : j.memory();
    }

    public Optional<Placement> placement(String job) {
        RunningJobs.Job j = jobs.get(job);
        return j == null ? Optional.empty() : Optional.of(j.placement());
    }

    /** This state plus {@code placement}; its job name must not run already. */
    public ClusterState with(Placement placement) {
        return with(placement, Hold.LISTED);
    }

    /** This state plus {@code placement}, holding what {@code hold} says. */
    public ClusterState with(Placement placement, Hold hold) {
        return with(placement, hold, HeldMemory.NONE);
    }

    /**
     * This state plus {@code placement}, holding what {@code hold} says and {@code memory} on its nodes (see
     * {@link #heldMemory}).
     */
    public ClusterState with(Placement placement, Hold hold, HeldMemory memory) {
        return with(placement, hold, memory, null);
    }

    /**
     * {@link #with(Placement, Hold, HeldMemory)} of a job whose partition is bound to the {@code topology.yaml}
     * topology named {@code topology} (null: not known). Slurm widens an {@code --exclusive=topo} job's nodes by that
     * topology's blocks ({@link #topologyOf}).
     */
    public ClusterState with(Placement placement, Hold hold, HeldMemory memory, String topology) {
        return with(placement, hold, memory, topology, null);
    }

    /**
     * {@link #with(Placement, Hold, HeldMemory, String)} of a job that runs in partition {@code partition} (null: not
     * known; such a job counts as one of every partition where a partition's own jobs count, {@link #partitionOf}).
     */
    public ClusterState with(Placement placement, Hold hold, HeldMemory memory, String topology, String partition) {
        if (jobs.get(placement.job()) != null) {
            throw new IllegalArgumentException("job " + placement.job() + " runs already");
        }
        Set<String> run = partitionsRun;
        if (partition != null && !run.contains(partition)) {
            Set<String> more = new HashSet<>(run);
            more.add(partition);
            run = Set.copyOf(more);
        }
        RunningJobs nextJobs = jobs.plus(placement, Objects.requireNonNull(hold, "hold"),
                Objects.requireNonNull(memory, "memory"), topology, partition);
        ClusterState next = new ClusterState(cluster, nextJobs, run);
        next.madeFrom(this, placement);
        StateUsage u = usage;
        if (u != null) {
            // one job more: update the view instead of recounting
            next.usage = u.plus(placement, hold, nextJobs::partitionOf);
        }
        return next;
    }

    /** This state without {@code job} (unchanged when it does not run). */
    public ClusterState without(String job) {
        RunningJobs.Job gone = jobs.get(job);
        if (gone == null) {
            return this;
        }
        RunningJobs nextJobs = jobs.minus(job);
        ClusterState next = new ClusterState(cluster, nextJobs, partitionsRun);
        next.madeFrom(this, gone.placement());
        StateUsage u = usage;
        if (u != null) {
            next.usage = u.minus(gone.placement(), nextJobs::partitionOf);
        }
        return next;
    }

    /** What the running jobs hold, host by host (computed once per state). */
    public StateUsage usage() {
        StateUsage u = usage;
        if (u == null) {
            u = new StateUsage(ClusterIndex.of(cluster), running, holds, jobs::partitionOf);
            usage = u;
        }
        return u;
    }

    /**
     * A table another package derives from this state, built once per key and state: a policy asked for many
     * jobs on one state (a scheduler's queue pass) reads it instead of rebuilding it per job. The table must be
     * a pure function of the state.
     */
    public <T> T derived(Object key, Function<ClusterState, T> build) {
        return derived(key, build, null);
    }

    /**
     * Updates a derived table to a later state: {@code before} was derived from an earlier state, and the
     * running jobs differ only on {@code changedHosts}. The result must equal what the builder makes of
     * {@code now}.
     */
    @FunctionalInterface
    public interface Update<T> {
        T apply(T before, ClusterState now, Set<String> changedHosts);
    }

    /**
     * {@link #derived(Object, java.util.function.Function)} that, when one of the few states this one was
     * made from (by {@link #with} and {@link #without}) already holds the table, updates that table with
     * {@code update} for the hosts of the jobs that came or went instead of building it again: what-if and
     * replay change one job at a time, and a 16,384-host table rebuilt per change would cost more than the
     * suggestion that reads it. When none of those states holds it, the table last derived under {@code key}
     * on this cluster ({@link LatestTables}) is updated for the hosts whose running jobs differ.
     */
    @SuppressWarnings("unchecked")
    public <T> T derived(Object key, Function<ClusterState, T> build, Update<T> update) {
        ConcurrentHashMap<Object, Object> d = derivedMap();
        Object v = d.get(key);
        if (v == null) {
            Building mine = new Building();
            Object earlier = d.putIfAbsent(key, mine);
            if (earlier == null) {
                T made;
                try {
                    made = make(key, build, update);
                } catch (RuntimeException | Error e) {
                    d.remove(key, mine);
                    mine.made.completeExceptionally(e);
                    throw e;
                }
                d.replace(key, mine, made);
                mine.made.complete(made);
                if (update != null) {
                    LatestTables.of(this).keep(key, this, made);
                }
                return made;
            }
            v = earlier;
        }
        if (v instanceof Building b) {
            Object made = b.table();
            return made != null ? (T) made : make(key, build, update);
        }
        return (T) v;
    }

    private <T> T make(Object key, Function<ClusterState, T> build, Update<T> update) {
        T v = update == null ? null : fromEarlier(key, update);
        if (v == null && update != null) {
            v = LatestTables.of(this).updated(key, this, update);
        }
        return v != null ? v : build.apply(this);
    }

    /**
     * A table one thread is making for a state: another thread asking for the same key and state (two rows
     * of the every-policy table validating on one shared state) waits for it instead of making it again,
     * which on two cores only halved each one's share of the CPU. Tables of one state do not need each
     * other in a cycle (that would recurse forever on one thread), and a later state's table waits only for
     * an earlier state's, so the waits cannot close a circle.
     */
    private static final class Building {
        private final Thread maker = Thread.currentThread();
        private final CompletableFuture<Object> made = new CompletableFuture<>();

        /**
         * The table once made, or {@code null} when its builder threw (the asker then builds and throws itself)
         * or when the asker is the maker itself (a builder that asks for its own table on a state made from
         * this one, say): it then makes its own, as it did before tables were shared between threads.
         */
        Object table() {
            if (maker == Thread.currentThread() && !made.isDone()) {
                return null;
            }
            try {
                return made.join();
            } catch (CompletionException | CancellationException e) {
                return null;
            }
        }
    }

    private ConcurrentHashMap<Object, Object> derivedMap() {
        ConcurrentHashMap<Object, Object> d = derived;
        if (d == null) {
            synchronized (this) {
                d = derived;
                if (d == null) {
                    d = new ConcurrentHashMap<>();
                    derived = d;
                }
            }
        }
        return d;
    }

    @SuppressWarnings("unchecked")
    private <T> T fromEarlier(Object key, Update<T> update) {
        for (Change c = change; c != null; c = c.earlier()) {
            Object old = c.before().get(key);
            if (old instanceof Building b) {
                old = b.table();
            }
            if (old != null) {
                // the hosts of the jobs that came or went since that state (collected only once it is found)
                Set<String> hosts = new HashSet<>();
                for (Change e = change; e != c.earlier(); e = e.earlier()) {
                    hosts.addAll(e.placement().hostNames());
                }
                return update.apply((T) old, this, hosts);
            }
        }
        return null;
    }

    /**
     * How this state was made from an earlier one: that state's derived tables (the map itself, so tables
     * it derives later are seen too) and the job that came or went; the earlier change likewise, up to
     * {@link #CHANGES_KEPT} back (so a state keeps a few earlier states' tables alive, not its history).
     */
    private record Change(ConcurrentHashMap<Object, Object> before, Placement placement,
                          Change earlier, int depth) {
    }

    private static final int CHANGES_KEPT = 16;
    private volatile Change change;

    private void madeFrom(ClusterState earlier, Placement changed) {
        Change e = earlier.change;
        change = new Change(earlier.derivedMap(), changed, e != null && e.depth() < CHANGES_KEPT ? e : null,
                e != null && e.depth() < CHANGES_KEPT ? e.depth() + 1 : 1);
    }

    /** Jobs with anything on {@code host}, in start order. */
    public List<String> jobsOn(String host) {
        int h = ClusterIndex.of(cluster).number(host);
        if (h >= 0) {
            return usage().jobsOn(h);
        }
        List<String> out = new ArrayList<>();
        running.forEach((job, p) -> {
            if (p.on(host).isPresent()) {
                out.add(job);
            }
        });
        return out;
    }

    public boolean isIdle(String host) {
        int h = ClusterIndex.of(cluster).number(host);
        return h < 0 ? jobsOn(host).isEmpty() : usage().idle(h);
    }

    /** True when a job holds {@code host} whole ({@code --exclusive}). */
    public boolean heldWhole(String host) {
        int h = ClusterIndex.of(cluster).number(host);
        return h >= 0 && usage().heldWhole(h);
    }

    /** What {@code job} holds beyond its listed resources ({@link Hold#LISTED} when it does not run). */
    public Hold hold(String job) {
        RunningJobs.Job j = jobs.get(job);
        return j == null ? Hold.LISTED : j.hold();
    }

    /**
     * The {@code topology.yaml} topology {@code job} was placed in, as given to {@link #with(Placement, Hold,
     * HeldMemory, String)}; null when it does not run or was not said.
     */
    public String topologyOf(String job) {
        RunningJobs.Job j = jobs.get(job);
        return j == null ? null : j.topology();
    }

    /**
     * The partition {@code job} runs in, as given to {@link #with(Placement, Hold, HeldMemory, String, String)}; null
     * when it does not run or was not said.
     */
    public String partitionOf(String job) {
        return jobs.partitionOf(job);
    }

    /**
     * Whether a job of {@code partition} started since {@link #empty} (its jobs may have ended since): Slurm's rows of
     * that partition exist ({@link #partitionsRun}).
     */
    public boolean partitionRan(String partition) {
        return partitionsRun.contains(partition);
    }

    /** GPU indices in use on {@code host}. */
    public BitSet usedGpus(String host) {
        int h = ClusterIndex.of(cluster).number(host);
        return h < 0 ? new BitSet() : (BitSet) usage().usedGpuIndices(h).clone();
    }

    /** GPU indices of {@code host} nobody uses. */
    public List<Integer> freeGpus(String host) {
        ClusterIndex index = ClusterIndex.of(cluster);
        int h = index.number(host);
        if (h >= 0 && usage().usedGpuIndices(h).isEmpty()) {
            return index.gpuIndices(h); // metrics and checks ask this of every host: idle ones share one list
        }
        BitSet used = usedGpus(host);
        return cluster.node(host).gpus().stream().map(g -> g.index()).filter(i -> !used.get(i)).sorted().toList();
    }

    /** Slurm CPU ids in use on {@code host}. */
    public CpuSet usedCpus(String host) {
        int h = ClusterIndex.of(cluster).number(host);
        if (h < 0 || usage().usedCpus(h).isEmpty()) {
            return CpuSet.empty();
        }
        return CpuSet.of(usage().usedCpus(h).stream().boxed().toList());
    }

    /**
     * The state {@code sbatch}'s test of a batch job sees ({@code _pick_best_nodes}, {@code slurmctld/node_scheduler.c},
     * {@code SELECT_MODE_TEST_ONLY}): every node empty, each with all its cores and GPUs, except the nodes not
     * usable now, which it leaves out (held whole here): for an {@code --exclusive} job those not idle, for any
     * other those an {@code --exclusive} job holds. The state itself when nothing runs.
     */
    public ClusterState seenBySubmitTest(boolean exclusiveJob) {
        return seenBySubmitTest(exclusiveJob, List.of());
    }

    /**
     * {@link #seenBySubmitTest(boolean)} for a job that names {@code requiredNodes} ({@code -w}). The idle filter of an
     * {@code --exclusive} job does not reach them: {@code _pick_best_nodes} starts the job's map from
     * {@code req_node_bitmap} and adds the node sets' idle nodes to it, and before the test it only takes out what is
     * not in {@code share_node_bitmap} (nodes an {@code --exclusive} job holds; 22.05.8, 24.11.5 and 26.05 alike). So a
     * named node a shared job runs on is tested with all its resources, and the job passes there: own case mem2f p8
     * ({@code -w u5 -N1 --exclusive --gpus-per-node=2} behind pending jobs, u5 running the one-task b5) shows
     * {@code Priority} at submission in all three releases, where the emulation said {@code Resources}.
     */
    public ClusterState seenBySubmitTest(boolean exclusiveJob, Collection<String> requiredNodes) {
        if (running.isEmpty()) {
            return this;
        }
        // a named node matters only to the idle filter, which only an --exclusive job has
        Set<String> kept = exclusiveJob && !requiredNodes.isEmpty()
                ? Set.copyOf(requiredNodes) : Set.of();
        return derived(new SubmitTestView(exclusiveJob, kept), s -> s.unusableNowLeftOut(exclusiveJob, kept));
    }

    /** Key of {@link #seenBySubmitTest}'s view among a state's derived tables. */
    private record SubmitTestView(boolean exclusiveJob, Set<String> requiredNodes) {
    }

    /**
     * The submit test's states of one cluster, per set of nodes left out (as host numbers of its {@link ClusterIndex}):
     * states one job apart mostly leave out the same nodes, so they share one test state, and with it the tables
     * {@code slurm-tree} derives from it (the planner asks the test on every suggestion; a fresh state per suggestion
     * made it 5-15 times slower on 16,384 hosts). Keyed by a {@link BitSet}, not by host names: a name set of a few
     * thousand hosts cost a hash per name to build and to find, on every suggestion.
     */
    private static final class SubmitTestStates extends RecentlyAsked<BitSet, ClusterState> {
        /** The cluster's hosts in {@link Cluster#hostNames()} order, as index numbers: the order of the left-out list. */
        private final int[] numbers;

        SubmitTestStates(ClusterIndex index) {
            super(16);
            List<String> names = index.cluster().hostNames();
            numbers = new int[names.size()];
            for (int i = 0; i < numbers.length; i++) {
                numbers[i] = index.number(names.get(i));
            }
        }
    }

    private ClusterState unusableNowLeftOut(boolean exclusiveJob, Set<String> requiredNodes) {
        ClusterIndex index = ClusterIndex.of(cluster);
        SubmitTestStates states = index.derived(SubmitTestStates.class, c -> new SubmitTestStates(index));
        StateUsage use = usage();
        BitSet unusable = new BitSet(index.size());
        for (int h : states.numbers) {
            boolean idleFilter = exclusiveJob && !requiredNodes.contains(index.host(h));
            if (idleFilter ? !use.idle(h) : use.heldWhole(h)) {
                unusable.set(h);
            }
        }
        synchronized (states) {
            ClusterState known = states.get(unusable);
            if (known != null) {
                return known;
            }
        }
        ClusterState test = empty(cluster);
        if (!unusable.isEmpty()) {
            List<org.topoplanner.model.job.HostAllocation> left = new ArrayList<>();
            for (int h : states.numbers) {
                if (unusable.get(h)) {
                    left.add(org.topoplanner.model.job.HostAllocation.of(index.host(h), List.of(), CpuSet.empty()));
                }
            }
            test = test.with(new Placement(" unusable now", left), Hold.WHOLE_NODES);
        }
        synchronized (states) {
            states.put(unusable, test);
        }
        return test;
    }

    /** Cores (Slurm core numbering) with no thread in use on {@code host}. */
    public CpuSet freeCores(String host) {
        ClusterIndex index = ClusterIndex.of(cluster);
        SlurmCpuIds ids = index.cpuIdsOf(host);
        int h = index.number(host);
        if (h >= 0 && usage().usedCpus(h).isEmpty()) {
            return CpuSet.range(0, ids.cores() - 1);
        }
        CpuSet usedCores = ids.coresOfCpus(usedCpus(host));
        return CpuSet.range(0, ids.cores() - 1).minus(usedCores);
    }
}
