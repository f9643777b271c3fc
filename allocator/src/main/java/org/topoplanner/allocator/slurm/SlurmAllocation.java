package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.SlurmCpuIds;
import org.topoplanner.allocator.SlurmVersion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * One scheduling attempt for a job on a cluster state: which nodes can host it, the tree choice,
 * then cores and GPUs on each chosen node. Slurm tries "first pass" (only co-located GPUs and
 * cores) and, when that fails, once more without that restriction.
 */
final class SlurmAllocation {
    private static final Pattern HOST = Pattern.compile("^(.*?)(\\d*)$");

    private final List<SlurmNode> chosen = new ArrayList<>();
    private final List<BitSet> cores = new ArrayList<>();
    private final List<BitSet> gpus = new ArrayList<>();

    static SlurmAllocation attempt(ClusterState state, List<SlurmNode> nodes, NodeChooser chooser, SlurmJobSpec job,
                                   SlurmVersion version) {
        NodeUse[] uses = new NodeUse[nodes.size()];
        BitSet nodeMap = new BitSet();
        BitSet required = new BitSet();
        for (SlurmNode n : nodes) {
            NodeUse u = use(state, n, job);
            uses[n.index()] = u;
            if (job.nodelist().contains(n.name())) {
                required.set(n.index());
            }
            if (basicFit(n, u, job)) {
                nodeMap.set(n.index());
            }
        }
        for (boolean firstPass : new boolean[] {true, false}) {
            CoreFilter.Result[] results = new CoreFilter.Result[nodes.size()];
            for (int i = nodeMap.nextSetBit(0); i >= 0; i = nodeMap.nextSetBit(i + 1)) {
                results[i] = job.exclusive() ? whole(nodes.get(i))
                        : CoreFilter.select(nodes.get(i), uses[i], job, firstPass, job.enforceBinding());
            }
            NodeChooser.Demand demand = new NodeChooser.Demand() {
                @Override
                public int availCpus(int i) {
                    return results[i] == null ? 0 : results[i].availCpus();
                }

                @Override
                public int gpusFor(int i) {
                    int free = uses[i].freeGpus().cardinality();
                    if (job.cpusPerGpu() != null && results[i] != null) {
                        free = Math.min(free, results[i].availCpus() / job.cpusPerGpu());
                    }
                    return free;
                }

                @Override
                public int freeCpus(int i) {
                    return uses[i].freeCores().cardinality() * nodes.get(i).threadsPerCore();
                }
            };
            BitSet sel = chooser.select(nodeMap, required, job, demand, minCpus(job));
            if (sel == null) {
                continue;
            }
            SlurmAllocation a = build(sel, nodes, uses, results, job, version);
            if (a != null) {
                return a;
            }
        }
        return null;
    }

    private static CoreFilter.Result whole(SlurmNode n) {
        BitSet all = new BitSet();
        all.set(0, n.cores());
        return new CoreFilter.Result(all, n.cores() * n.threadsPerCore());
    }

    private static NodeUse use(ClusterState state, SlurmNode n, SlurmJobSpec job) {
        SlurmCpuIds ids = new SlurmCpuIds(n.sockets(), n.coresPerSocket(), n.threadsPerCore());
        BitSet freeCores = new BitSet();
        freeCores.set(0, n.cores());
        state.usedCpus(n.name()).stream().forEach(c -> freeCores.clear(ids.coreOfCpu(c)));
        BitSet freeGpus = new BitSet();
        BitSet usedGpus = state.usedGpus(n.name());
        for (SlurmGpu g : n.gpus()) {
            boolean typeOk = job.gpuType() == null || job.gpuType().equals(g.type());
            if (!usedGpus.get(g.index()) && typeOk) {
                freeGpus.set(g.index());
            }
        }
        return new NodeUse(freeCores, freeGpus, state.isIdle(n.name()), state.heldWhole(n.name()));
    }

    private static boolean basicFit(SlurmNode n, NodeUse u, SlurmJobSpec job) {
        if (job.exclude().contains(n.name()) || u.heldWhole() || u.freeCores().isEmpty()) {
            return false;
        }
        if ((job.exclusive() || job.exclusiveTopo()) && !u.idle()) {
            return false;
        }
        int free = u.freeGpus().cardinality();
        if (job.gpusPerNode() != null && free < job.gpusPerNode()) {
            return false;
        }
        if (job.gpusPerTask() != null && free < job.gpusPerTask()) {
            return false;
        }
        return job.gpusPerJob() == null || free > 0;
    }

    /** Slurm's {@code details->min_cpus}: tasks times CPUs per task, or the CPUs the GPUs ask for. */
    static int minCpus(SlurmJobSpec job) {
        int tasks = job.ntasks() != null ? job.ntasks()
                : job.ntasksPerNode() != null ? job.ntasksPerNode() * job.minNodes() : job.minNodes();
        int cpus = tasks * job.cpusPerTask();
        if (job.cpusPerGpu() != null) {
            int g = job.gpusPerNode() != null ? job.gpusPerNode() * job.minNodes()
                    : job.gpusPerJob() != null ? job.gpusPerJob()
                    : job.gpusPerTask() != null ? job.gpusPerTask() * tasks : 0;
            cpus = Math.max(cpus, g * job.cpusPerGpu());
        }
        return cpus;
    }

    private static SlurmAllocation build(BitSet sel, List<SlurmNode> nodes, NodeUse[] uses,
                                         CoreFilter.Result[] results, SlurmJobSpec job, SlurmVersion version) {
        SlurmAllocation a = new SlurmAllocation();
        List<Integer> idx = sel.stream().boxed().toList();
        int[] tasks = distributeTasks(idx, results, job);
        for (int k = 0; k < idx.size(); k++) {
            int i = idx.get(k);
            SlurmNode n = nodes.get(i);
            BitSet c;
            if (job.exclusive()) {
                c = whole(n).availCores();
            } else if (version == SlurmVersion.V24_11 && job.enforceBinding() && job.gpusPerNode() != null) {
                // 24.11.5 gives an enforce-binding job every usable core of its GPUs' socket(s):
                // tree32 s4b (4 GPUs, 1 CPU asked) gets CPUs 16-31, probe P2 (-c2) gets 0-15.
                c = (BitSet) results[i].availCores().clone();
            } else {
                int cpus = tasks[k] * job.cpusPerTask();
                if (job.cpusPerGpu() != null) {
                    int g = job.gpusPerNode() != null ? job.gpusPerNode()
                            : job.gpusPerTask() != null ? job.gpusPerTask() * tasks[k] : 0;
                    cpus = Math.max(cpus, g * job.cpusPerGpu());
                }
                c = CoreDistributor.cyclic(n, results[i].availCores(), cpus, job.cpusPerTask());
                if (c == null) {
                    return null;
                }
            }
            a.chosen.add(n);
            a.cores.add(c);
        }
        for (int k = 0; k < a.chosen.size(); k++) {
            SlurmNode n = a.chosen.get(k);
            BitSet used = (BitSet) uses[n.index()].freeGpus().clone();
            used.flip(0, n.gpus().size());
            GpuPicker picker = new GpuPicker(n, used, version);
            BitSet g;
            if (job.exclusive()) {
                g = new BitSet();
                g.set(0, n.gpus().size());
            } else if (job.gpusPerNode() != null) {
                g = picker.perNode(a.cores.get(k), job.gpusPerNode(), job.enforceBinding());
            } else if (job.gpusPerTask() != null) {
                g = picker.perTask(tasksPerSocket(n, a.cores.get(k), tasks[k], job), job.gpusPerTask(),
                        job.enforceBinding());
            } else {
                g = new BitSet();
            }
            a.gpus.add(g);
        }
        if (job.gpusPerJob() != null && !job.exclusive()) {
            int total = 0;
            int rem = a.chosen.size();
            for (int k = 0; k < a.chosen.size(); k++, rem--) {
                SlurmNode n = a.chosen.get(k);
                BitSet used = (BitSet) uses[n.index()].freeGpus().clone();
                used.flip(0, n.gpus().size());
                int maxHere = job.gpusPerJob() - total - (rem - 1);
                BitSet g = new GpuPicker(n, used, version).perJobFirst(a.cores.get(k), Math.max(0, maxHere));
                a.gpus.set(k, g);
                total += g.cardinality();
            }
            for (int k = 0; k < a.chosen.size() && total < job.gpusPerJob(); k++) {
                SlurmNode n = a.chosen.get(k);
                BitSet used = (BitSet) uses[n.index()].freeGpus().clone();
                used.flip(0, n.gpus().size());
                BitSet before = a.gpus.get(k);
                BitSet g = new GpuPicker(n, used, version).perJobMore(before, job.gpusPerJob() - total);
                total += g.cardinality() - before.cardinality();
                a.gpus.set(k, g);
            }
        }
        return a;
    }

    /** Tasks per chosen node: Slurm lays tasks out one per node per round, within each node's CPUs. */
    private static int[] distributeTasks(List<Integer> idx, CoreFilter.Result[] results, SlurmJobSpec job) {
        int[] tasks = new int[idx.size()];
        if (job.ntasksPerNode() != null) {
            java.util.Arrays.fill(tasks, job.ntasksPerNode());
            return tasks;
        }
        if (job.ntasks() == null) {
            java.util.Arrays.fill(tasks, 1);
            return tasks;
        }
        int left = job.ntasks();
        boolean progress = true;
        while (left > 0 && progress) {
            progress = false;
            for (int k = 0; k < idx.size() && left > 0; k++) {
                int cap = Math.max(1, results[idx.get(k)].availCpus() / job.cpusPerTask());
                if (tasks[k] < cap) {
                    tasks[k]++;
                    left--;
                    progress = true;
                }
            }
        }
        return tasks;
    }

    /** Slurm's {@code _build_tasks_per_node_sock}: tasks per socket from the chosen cores. */
    private static int[] tasksPerSocket(SlurmNode n, BitSet cores, int tasksOnNode, SlurmJobSpec job) {
        int[] out = new int[n.sockets()];
        int placed = 0;
        int tpc = Math.max(1, n.threadsPerCore() / job.cpusPerTask());
        int skip = 0;
        for (int s = 0; s < n.sockets() && placed < tasksOnNode; s++) {
            for (int c = s * n.coresPerSocket(); c < (s + 1) * n.coresPerSocket() && placed < tasksOnNode; c++) {
                if (!cores.get(c)) {
                    continue;
                }
                if (skip > 0) {
                    skip--;
                    continue;
                }
                if (n.threadsPerCore() / job.cpusPerTask() < 1) {
                    skip = job.cpusPerTask() / n.threadsPerCore() - 1;
                }
                int add = Math.min(tpc, tasksOnNode - placed);
                out[s] += add;
                placed += add;
            }
        }
        return out;
    }

    Placement placement(String job) {
        List<HostAllocation> hosts = new ArrayList<>();
        for (int k = 0; k < chosen.size(); k++) {
            SlurmNode n = chosen.get(k);
            SlurmCpuIds ids = new SlurmCpuIds(n.sockets(), n.coresPerSocket(), n.threadsPerCore());
            CpuSet cpus = ids.cpusOfCores(cores.get(k).stream().boxed().toList());
            hosts.add(HostAllocation.of(n.name(), gpus.get(k).stream().boxed().toList(), cpus));
        }
        hosts.sort(Comparator.comparing(HostAllocation::host, SlurmAllocation::compareHostnames));
        return new Placement(job, hosts);
    }

    /** Slurm's hostlist order: by prefix, then by number (the order {@code scontrol} prints nodes in). */
    static int compareHostnames(String a, String b) {
        Matcher ma = HOST.matcher(a);
        Matcher mb = HOST.matcher(b);
        ma.matches();
        mb.matches();
        int c = ma.group(1).compareTo(mb.group(1));
        if (c != 0) {
            return c;
        }
        String na = ma.group(2);
        String nb = mb.group(2);
        if (na.isEmpty() || nb.isEmpty()) {
            return na.compareTo(nb);
        }
        c = Long.compare(Long.parseLong(na), Long.parseLong(nb));
        return c != 0 ? c : na.compareTo(nb);
    }
}
