package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.metrics.BlockHolds;
import org.topoplanner.allocator.metrics.FabricTree;
import org.topoplanner.allocator.metrics.HostPositions;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.SlurmCpuIds;

/**
 * The hosts of a state that could take one node of a job of a given {@link Shape}, with their free GPUs, and how
 * many of them each domain of each tier holds: kept per state and shape ({@link ClusterState#derived}) and
 * recounted only on the hosts of the jobs that came or went, so {@link MinimumDomains} costs what the job's
 * domains cost instead of a visit of every host per check (16,384 hosts, once per policy in {@code compare}).
 * Hosts the request excludes are taken out by the reader. Immutable once made.
 */
final class EligibleHosts {
    /**
     * What one node of the job needs: GPUs (of {@code gpuType} when given), CPUs, and whether it must be idle
     * ({@code --exclusive}, {@code --exclusive=topo}).
     */
    record Shape(int gpusPerHost, int cpus, boolean idleOnly, String gpuType) {
    }

    /** The per-cluster part: host positions, reachability and each host's domain index per tier. */
    private record Layout(HostPositions at, boolean[] reachable, int[][] domainOf, List<List<String>> domains) {
        static Layout of(Cluster cluster) {
            return ClusterIndex.of(cluster).derived(Layout.class, c -> {
                FabricTree tree = FabricTree.of(c);
                HostPositions at = HostPositions.of(c);
                List<String> hosts = at.hosts();
                Map<String, Integer> position = at.position();
                boolean[] reachable = new boolean[hosts.size()];
                for (int i = 0; i < hosts.size(); i++) {
                    reachable[i] = tree.leaf(hosts.get(i)).isPresent();
                }
                int[][] domainOf = new int[tree.maxTier() + 1][];
                List<List<String>> domains = new ArrayList<>();
                domains.add(List.of());
                for (int t = 1; t <= tree.maxTier(); t++) {
                    domainOf[t] = new int[hosts.size()];
                    Arrays.fill(domainOf[t], -1);
                    List<String> names = new ArrayList<>();
                    for (Map.Entry<String, List<String>> e : tree.byDomain(t).entrySet()) {
                        for (String h : e.getValue()) {
                            Integer p = position.get(h);
                            if (p != null) {
                                domainOf[t][p] = names.size();
                            }
                        }
                        names.add(e.getKey());
                    }
                    domains.add(List.copyOf(names));
                }
                return new Layout(at, reachable, domainOf, domains);
            });
        }
    }

    private final Layout layout;
    private final Shape shape;
    /** Per host position: free GPUs when the host can take a node of the job, else -1. */
    private final int[] gpus;
    /** Per tier and domain: eligible hosts, and their free GPUs. */
    private final long[][] hostsIn;
    private final long[][] gpusIn;

    private EligibleHosts(Layout layout, Shape shape, int[] gpus, long[][] hostsIn, long[][] gpusIn) {
        this.layout = layout;
        this.shape = shape;
        this.gpus = gpus;
        this.hostsIn = hostsIn;
        this.gpusIn = gpusIn;
    }

    static EligibleHosts of(ClusterState state, Shape shape) {
        return state.derived(shape, s -> build(s, shape), (before, now, changed) -> before.update(now, changed));
    }

    private static EligibleHosts build(ClusterState state, Shape shape) {
        Layout layout = Layout.of(state.cluster());
        int n = layout.at().hosts().size();
        int[] gpus = new int[n];
        Arrays.fill(gpus, -1);
        long[][] hostsIn = new long[layout.domainOf().length][];
        long[][] gpusIn = new long[layout.domainOf().length][];
        for (int t = 1; t < layout.domainOf().length; t++) {
            hostsIn[t] = new long[layout.domains().get(t).size()];
            gpusIn[t] = new long[layout.domains().get(t).size()];
        }
        EligibleHosts e = new EligibleHosts(layout, shape, gpus, hostsIn, gpusIn);
        Set<String> blocked = BlockHolds.hostsHeld(state);
        for (int p = 0; p < n; p++) {
            e.recount(p, state, blocked);
        }
        return e;
    }

    private EligibleHosts update(ClusterState now, Set<String> changed) {
        long[][] hostsCopy = new long[hostsIn.length][];
        long[][] gpusCopy = new long[gpusIn.length][];
        for (int t = 1; t < hostsIn.length; t++) {
            hostsCopy[t] = hostsIn[t].clone();
            gpusCopy[t] = gpusIn[t].clone();
        }
        EligibleHosts e = new EligibleHosts(layout, shape, gpus.clone(), hostsCopy, gpusCopy);
        Set<String> blocked = layout.at().heldWhole(now);
        for (int p : layout.at().touchedBy(changed)) {
            e.recount(p, now, blocked);
        }
        return e;
    }

    /** Replaces host {@code p}'s entry and its domains' counts; only while the table is being made. */
    private void recount(int p, ClusterState state, Set<String> blocked) {
        int old = gpus[p];
        int now = eligibleGpus(p, state, blocked);
        if (old == now) {
            return;
        }
        gpus[p] = now;
        for (int t = 1; t < hostsIn.length; t++) {
            int d = layout.domainOf()[t][p];
            if (d < 0) {
                continue;
            }
            if (old >= 0) {
                hostsIn[t][d]--;
                gpusIn[t][d] -= old;
            }
            if (now >= 0) {
                hostsIn[t][d]++;
                gpusIn[t][d] += now;
            }
        }
    }

    private int eligibleGpus(int p, ClusterState state, Set<String> blocked) {
        String h = layout.at().hosts().get(p);
        if (!layout.reachable()[p] || blocked.contains(h) || state.heldWhole(h)) {
            return -1;
        }
        if (shape.idleOnly() && !state.isIdle(h)) {
            return -1;
        }
        List<Integer> free = state.freeGpus(h);
        int gpus = free.size();
        if (shape.gpuType() != null) {
            GresTypes types = GresTypes.of(state.cluster(), h);
            gpus = (int) free.stream().filter(i -> types.matches(i, shape.gpuType()).orElse(true)).count();
        }
        SlurmCpuIds ids = ClusterIndex.of(state.cluster()).cpuIdsOf(h);
        int cores = (Math.max(1, shape.cpus()) + ids.threadsPerCore() - 1) / ids.threadsPerCore();
        return gpus >= shape.gpusPerHost() && state.freeCores(h).size() >= cores ? gpus : -1;
    }

    /** Free GPUs of {@code host} when it can take a node of the job (exclusions aside), else -1. */
    int gpus(String host) {
        Integer p = layout.at().position().get(host);
        return p == null ? -1 : gpus[p];
    }

    /** The domains of {@code tier} in fabric order. */
    List<String> domains(int tier) {
        return layout.domains().get(tier);
    }

    /** The index among {@link #domains} of {@code host}'s domain at {@code tier}, -1 when none. */
    int domainOf(String host, int tier) {
        Integer p = layout.at().position().get(host);
        return p == null ? -1 : layout.domainOf()[tier][p];
    }

    long hostsIn(int tier, int domain) {
        return hostsIn[tier][domain];
    }

    long gpusIn(int tier, int domain) {
        return gpusIn[tier][domain];
    }
}
