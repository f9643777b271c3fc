package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * The nodes cons_tres hands to the topology plugin: those {@code _can_job_run_on_node} ({@code job_test.c}) leaves
 * CPUs on, before any socket filter. A node counts when it holds one node's share of tasks
 * ({@code min_cpus_per_node}: {@code --ntasks-per-node} tasks, else one, of {@code cpus_per_task} CPUs; a GPU job's
 * {@code _allocate_sc} does not lower {@code avail_cpus} to whole tasks) and, for a GPU job,
 * {@code gres_select_filter_remove_unusable} keeps its GPUs: with {@code --cpus-per-gpu} (or {@code --ntasks-per-gpu},
 * whose {@code cpus_per_gres} is that many tasks' CPUs) its CPUs must feed at least one GPU and the GPUs one node asks
 * for, with {@code enforce-binding} only GPUs on sockets with a free core count, with
 * {@code --gpus-per-socket} only sockets holding that many ({@link PerSocketGres#offer}); the CPUs are capped by
 * the partition's {@code MaxCPUsPerNode} ({@link NodeChooser.Demand#partitionCpus}); an {@code --exclusive} job's
 * node counts only when its partition takes it whole. The
 * {@code nodeMap} given already holds the nodes with free cores and enough free GPUs
 * ({@link FreeResources#basicFit}).
 */
final class UsableNodes {
    private UsableNodes() {
    }

    /**
     * Whether at least {@code wanted} nodes of {@code nodeMap} have CPUs for {@code job} ({@code avail_cpus > 0});
     * the walk stops there.
     */
    static boolean atLeast(int wanted, BitSet nodeMap, SlurmJobSpec job, NodeChooser.Demand demand) {
        int n = 0;
        for (int i = nodeMap.nextSetBit(0); i >= 0 && n < wanted; i = nodeMap.nextSetBit(i + 1)) {
            if (usable(i, job, demand)) {
                n++;
            }
        }
        return n >= wanted;
    }

    /**
     * Whether node {@code i} (of the map {@link FreeResources#basicFit} left) keeps CPUs for {@code job} through
     * {@code _can_job_run_on_node}, so that {@code _select_nodes} hands it to the topology plugin. For a GPU job this
     * is not the CPUs the core filter leaves ({@link NodeChooser.Demand#availCpus}): 24.11's and 26.05's
     * {@code eval_nodes_select_cores} ({@code topology/common/eval_nodes.c}) runs that filter inside the plugin.
     */
    static boolean usable(int i, SlurmJobSpec job, NodeChooser.Demand demand) {
        int perNodeTasks = job.ntasksPerNode() == null ? 1 : job.ntasksPerNode();
        // min_cpus_per_node: an -N1 job's node must hold all its tasks (MinCpusPerNode)
        int minCpus = MinCpusPerNode.of(job);
        int gpusPerNode = job.gpusPerNode() == null ? 0 : job.gpusPerNode();
        int gpusPerTask = job.gpusPerTask() == null ? 0 : job.gpusPerTask();
        long minGres = Math.max(1, Math.max(gpusPerNode, (long) gpusPerTask * perNodeTasks));
        // cpus_per_gres: --cpus-per-gpu, else --ntasks-per-gpu's tasks times their CPUs (26.05
        // gres_select_filter.c _foreach_remove_unusable)
        int cpusPerGpu = job.cpusPerGpu() != null ? job.cpusPerGpu()
                : job.ntasksPerGpu() != null ? job.ntasksPerGpu() * job.cpusPerTask() : 0;
        if (job.gpusPerSocket() != null) {
            // gres_per_socket times _socks_per_node's count, which is 1 or NO_VAL (not multiplied) without
            // --ntasks-per-socket (as CoreFilter's removeUnusable)
            minGres = Math.max(minGres, job.gpusPerSocket());
        }
        // _allocate_sc's step 4 keeps a socket's cores only up to --ntasks-per-socket's CPUs (NtasksPerSocketCpus)
        int cpus = Math.min(demand.freeCpus(i), demand.allocateScCpus(i));
        PerSocketGres.Offer perSocket = job.exclusive() ? null : demand.perSocketOffer(i);
        if (perSocket != null) {
            // _build_sock_gres_by_topo's per-socket limit comes before _allocate and remove_unusable: a socket
            // short of --gpus-per-socket offers no GPU (and, with enforce-binding, no core). Own case featfz8
            // f34 (-N2 --sockets-per-node=2 --gpus-per-socket=2 enforce-binding, 26.05.5 Resources): b1 has
            // one free GPU a socket, b3 and b4 one GPU a socket, so no node is left for the tree
            cpus = perSocket.cpus();
        }
        // _allocate_sc: avail_cpus = MIN(cpu_count, part_cpu_limit), none once the partition's used CPUs reach
        // its MaxCPUsPerNode (PartitionCpuCap): _can_job_run_on_node then drops the node ("Test fail on node:
        // _allocate_cores/sockets" or "avail_cpus < min_cpus_per_node"), and _select_nodes' SLURM_ERROR for
        // fewer nodes than min_nodes comes before the topology plugin, so no topology error is written
        cpus = Math.min(cpus, demand.partitionCpus(i));
        if (cpus < minCpus) {
            return false;
        }
        if (job.exclusive() && demand.availCpus(i) == 0) {
            // _allocate_sc refused the node whole: more CPUs than the partition's MaxCPUsPerNode
            // (PartitionCpuCap.refusesWhole; own probe c20x1 c3, -p cap -n2 --exclusive with b1 busy: 26.05.5
            // writes Resources, no topology error)
            return false;
        }
        if (perSocket != null && perSocket.gpus() < minGres) {
            return false;
        }
        if (perSocket != null && job.socketsPerNode() != null && perSocket.sockets() < job.socketsPerNode()) {
            // _allocate_sc (26.05 job_test.c) "Step 2": fewer sockets with a free core than min_sockets
            // (--sockets-per-node) gives num_tasks 0, so the node is dropped before the topology plugin. Own
            // case featfz12 f58 (-p fat,all -N2 --sockets-per-node=2 --gpus-per-socket=1, 26.05.5 Resources):
            // b1's socket 0 has no free core, so only b3 is left
            return false;
        }
        if (job.hasGpus() && !job.exclusive()) {
            if (cpusPerGpu > 0) {
                long byCpus = cpus / cpusPerGpu;
                if (byCpus == 0 || gpusPerNode > byCpus || gpusPerTask > byCpus) {
                    return false;
                }
            }
            if (demand.nodeGpus(i) < minGres) {
                return false;
            }
        }
        return true;
    }
}
