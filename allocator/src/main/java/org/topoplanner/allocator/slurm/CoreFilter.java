package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Which cores of one node a job may use, and how many CPUs: Slurm's {@code _select_cores} with
 * {@code gres_select_filter_remove_unusable} and {@code gres_select_filter_sock_core}
 * ({@code select/cons_tres}, {@code gres_select_filter.c}).
 *
 * <p>The part that decides where a small job's CPUs go: sockets are visited by most available
 * cores first (a stable sort, so ties keep socket order); each visited socket is "required" until
 * the GPUs counted so far cover the per-node (or per-job, {@link #nodeGpuLimit}) request; on the first pass (and with
 * {@code enforce-binding}) the cores of sockets that are not required are removed. So a 1-CPU,
 * 2-GPU job on a node whose socket 0 lost a core to another job lands on socket 1. Checked
 * against 22.05.8 and 24.11.5 (tree32 S4/S5/S6, own case tree3lvl T1/T4). Where the upstream
 * source marks a GPU set "sufficient" when it is smaller than the request (a clause that would
 * put such jobs on one socket), the real schedulers do not: the job needs both sockets (T1e).
 */
final class CoreFilter {
    static final int NO_VAL = Integer.MAX_VALUE;

    /**
     * The usable cores and CPU count, or {@code null} when the job cannot use the node; {@code minCores}
     * is {@code min_cores_this_node}: the cores an {@code enforce-binding} or {@code --cpus-per-gpu} job
     * needs for its GPUs (0 otherwise), which 24.11 hands out even beyond the tasks' CPUs; {@code maxTasks} is
     * {@code gres_max_tasks}, the tasks the node's GPUs allow ({@link #NO_VAL} when they do not limit them);
     * {@code gresCap} is {@code sock_gres->total_cnt} after the filter ({@code gres_filter_sock_core} ends with it at
     * most the GPUs of the sockets it counted), what 24.11 and 26.05 count and credit the node with toward a per-job
     * count ({@code gres_sched_consec}, {@code gres_sched_add});
     * {@code gpuCap} the part of it 24.11 is shown to credit too: the GPUs the first pass's estimate of CPUs per GPU
     * leaves the node ({@link #NO_VAL} without an estimate); {@code totalCnt} is 22.05's {@code total_cnt} as
     * {@code gres_select_filter_sock_core} leaves it (whole sockets dropped, not each socket's CPU-capped share), what
     * 22.05's {@code gres_sched_add} adds whole ({@link Long#MAX_VALUE} when not computed).
     * {@code resCpus} is {@code avail_res->avail_cpus}: the CPUs {@code _allocate_sc} counted (after the partition's
     * cap and a per-CPU memory figure) before {@code _select_cores} and the GPU filter cut their local copy to the
     * tasks' CPUs; what 22.05's {@code _job_test} hands {@code dist_tasks} as a node's CPUs unless
     * {@code _cpus_to_use} rewrote it ({@link TaskDistribution#layout2205}).
     */
    record Result(BitSet availCores, int availCpus, int minCores, BitSet usableGpus, int maxTasks, long gresCap,
                  int gpuCap, long totalCnt, int resCpus) {
        Result(BitSet availCores, int availCpus, int minCores, BitSet usableGpus, int maxTasks, long gresCap,
               int gpuCap, long totalCnt) {
            this(availCores, availCpus, minCores, usableGpus, maxTasks, gresCap, gpuCap, totalCnt, availCpus);
        }

        Result(BitSet availCores, int availCpus) {
            this(availCores, availCpus, 0, null, NO_VAL, Long.MAX_VALUE, NO_VAL);
        }

        Result(BitSet availCores, int availCpus, int minCores, BitSet usableGpus, int maxTasks, long gresCap,
               int gpuCap) {
            this(availCores, availCpus, minCores, usableGpus, maxTasks, gresCap, gpuCap, Long.MAX_VALUE);
        }

        /** The node's free GPUs this job may take: all of them unless a socket was given up ({@link #oneGpuSocket}). */
        BitSet gpus(NodeUse use) {
            return usableGpus == null ? use.freeGpus() : usableGpus;
        }
    }

    private CoreFilter() {
    }

    static Result select(SlurmNode node, NodeUse use, SlurmJobSpec job, boolean firstPass, boolean enforceBinding,
                         SlurmVersion version) {
        return select(node, use, job, firstPass, enforceBinding, version, 0);
    }

    /**
     * {@code gresTaken}: GPUs of a {@code --gpus=N} job (or {@code -n} x {@code --gpus-per-task}) already
     * credited to the required nodes ({@code -w}) when this node is looked at: Slurm adds those first
     * ({@code gres_sched_add}, {@code gres_js->total_gres}), so the node's cap is the rest.
     */
    static Result select(SlurmNode node, NodeUse use, SlurmJobSpec job, boolean firstPass, boolean enforceBinding,
                         SlurmVersion version, long gresTaken) {
        return select(node, use, job, firstPass, enforceBinding, version, gresTaken, 0, NO_VAL);
    }

    /**
     * {@code remNodes}: the {@code rem_nodes} the topology step passes for this node when the caller knows it (a
     * required node looked at after {@code k} others: {@code -N} less {@code k}); 0 lets {@link #nodeGpuLimit} take
     * the job's count, less the required nodes once their GPUs are counted.
     * {@code availResCpus}: the node's {@code avail_res->avail_cpus} when an earlier evaluation of the same selection
     * lowered it ({@code _cpus_to_use}; {@link #NO_VAL} when none did). {@code _select_cores} starts from that count,
     * not from the free cores: it bounds the task count ({@code alloc_tasks}), so the cores the GPU filter keeps,
     * which it then spreads over the GPUs' sockets. (One signature for both ints, so a caller cannot give one for
     * the other through an overload.)
     */
    static Result select(SlurmNode node, NodeUse use, SlurmJobSpec job, boolean firstPass, boolean enforceBinding,
                         SlurmVersion version, long gresTaken, int remNodes, int availResCpus) {
        boolean v24 = version.atLeast(SlurmVersion.V24_11);
        int sockets = node.sockets();
        int cps = node.coresPerSocket();
        int tpc = node.threadsPerCore();
        BitSet avail = (BitSet) use.freeCores().clone();
        if (job.ntasksPerSocket() != null) {
            capPerSocket(node, avail, (job.ntasksPerSocket() * job.cpusPerTask() + tpc - 1) / tpc);
        }
        if (job.socketsPerNode() != null && socketsWithFreeCores(node, avail) < job.socketsPerNode()) {
            // _allocate_sc, "Step 2: check min_cores per socket and min_sockets per node" (22.05
            // cons_common/cons_common.c, 24.11 and 26.05 cons_tres/job_test.c): min_sockets is --sockets-per-node,
            // and a node with fewer sockets holding a free core "cannot use this node"
            return null;
        }
        int gpuSockets = gpuSocketLimit(job, version);
        // (a limit of one as before s22n, whatever the node's socket count; above one only below it, s_p_n < sockets)
        BitSet usableGpus = gpuSockets == 1 || gpuSockets < sockets
                ? keepRichestGpuSockets(node, use.freeGpus(), avail, gpuSockets) : null;
        int availCpus = Math.min(avail.cardinality() * tpc, availResCpus);
        // _allocate_sc: avail_cpus = MIN(cpu_count, part_cpu_limit), the partition's MaxCPUsPerNode (PartitionCpuCap)
        int partitionCap = job.partitionCpusPerNode() == null ? PartitionCpuCap.NONE
                : PartitionCpuCap.limit(node, use, job);
        int uncapped = availCpus;
        availCpus = Math.min(availCpus, partitionCap);
        if (availCpus == 0) {
            return null;
        }
        int[] tasks = taskLimits(node, job, version);
        int minTasks = tasks[0];
        int maxTasks = tasks[1];
        int cpt = job.cpusPerTask();
        // _can_job_run_on_node tests a GRES job's min_cpus_per_node and gres_select_filter_remove_unusable on every
        // free CPU _allocate_sc kept, and only then lowers avail_res->avail_cpus for a per-CPU memory figure
        // (PerCpuMemory; the core map stays whole), which eval_nodes_select_cores starts from. An evaluation's
        // lowered count (availResCpus) already started from it
        int beforeMemory = availCpus;
        if (job.hasGpus() && availResCpus == NO_VAL) {
            availCpus = use.memory().lower(availCpus, cpt, job.ntasksPerNode());
            if (availCpus == 0) {
                return null;
            }
        }
        // avail_res->avail_cpus as _can_job_run_on_node leaves it: _select_cores only cuts a copy (resCpus)
        int resCpus = availCpus;
        // _select_cores: the CPUs bound the task count, they do not raise a count the request fixed
        // (-n1 keeps one task: cpulayout p3 gets 3+3 cores in both versions, not 6 on socket 0).
        int allocTasks = availCpus / cpt;
        // (-O skips the bound: "if (!details_ptr->overcommit)" in eval_nodes_select_cores, 22.05 to 26.05)
        boolean overcommit = job.overcommitTasks() != null;
        if (!overcommit && allocTasks < minTasks) {
            maxTasks = 0;
        } else if (!overcommit && (maxTasks == NO_VAL || allocTasks < maxTasks)) {
            maxTasks = allocTasks;
        }
        // num_tasks: an -O job's -n, not its one task per node
        Integer jobTasks = job.boundingTasks();
        if (version.atLeast(SlurmVersion.V26_05) && jobTasks != null && jobTasks > 0
                && jobTasks < maxTasks) {
            // 26.05's eval_nodes.c caps a node's tasks at the job's -n (24.11 lets the free CPUs decide), so
            // the GPU filter below trims the cores to the job's tasks and spreads them over the GPUs'
            // sockets: cpulayout p5 (-w g1 -n3 -c5 --gpus-per-node=8) gets 0-6,16-23, 24.11 0-14
            maxTasks = jobTasks;
        }
        if (!job.hasGpus()) {
            // _allocate_sc (24.11 and 26.05) caps a node's tasks at --ntasks-per-node for a job that does not ask
            // for the node whole (share_res is NO_VAL8, not 0, unless --exclusive) and, without GRES, offers those
            // tasks' CPUs only: own case fuzz45 p21 (-N3 --ntasks-per-node=4 -c3) gets p4's 12 lowest free CPUs
            // 12-23, not whole tasks per socket (22.05.8: 12-14, 16-24; its avail_cpus keeps every free CPU)
            boolean perNodeCap = v24 && job.ntasksPerNode() != null && !job.exclusive() && maxTasks > 0;
            // _allocate_sc (24.11 and 26.05) counts a node's tasks as each socket's free CPUs capped at
            // --ntasks-per-socket, and a job without GRES then offers that many CPUs with -c1: own case fuzz50 p20
            // (-n5 --ntasks-per-socket=1 -c1) gets one two-thread core of m1 for two tasks, not one core a socket
            int socketTasks = v24 && job.ntasksPerSocket() != null && maxTasks > 0
                    ? tasksBySocket(node, use.freeCores(), job.ntasksPerSocket()) : NO_VAL;
            if ((perNodeCap || socketTasks != NO_VAL) && cpt == 1) {
                int numTasks = perNodeCap ? Math.min(socketTasks, job.ntasksPerNode()) : socketTasks;
                availCpus = Math.min(availCpus, numTasks);
                keepLowest(avail, (availCpus + tpc - 1) / tpc);
            }
            if (v24 && cpt > 1 && maxTasks > 0) {
                // 24.11 and 26.05 (_allocate_sc, a job without GRES): a node offers whole tasks' CPUs only.
                // Own case fuzz02 f1 (-n3 -c5): s5's 8 free CPUs count as 5, so q1 gives the other 10
                // (22.05.8: s5 8, q1 7 over-subscribed by two tasks). With --ntasks-per-socket the whole tasks are
                // those of every free CPU, bounded by the per-socket count (the cores the cap cleared still count)
                // The whole tasks are counted on the node's free CPUs before the partition's MaxCPUsPerNode, which
                // _allocate_sc applies last (avail_res->avail_cpus = MIN(cpu_count, part_cpu_limit), 24.11 and 26.05
                // cons_tres/job_test.c): a capped node offers the cap, not whole tasks under it (own case featfz11
                // f27, -w b4 -p mix -N2 -n7 -c4 on MaxCPUsPerNode=6: 6 a node, so five nodes hold 28 CPUs and the
                // test-only pick succeeds past max_nodes, ReqNodeNotAvail in 24.11.5; PartitionCpuCap)
                int wholeTasks = socketTasks == NO_VAL ? uncapped / cpt
                        : Math.min(socketTasks, Math.min(use.freeCores().cardinality() * tpc, availResCpus) / cpt);
                if (perNodeCap) {
                    wholeTasks = Math.min(wholeTasks, job.ntasksPerNode());
                }
                availCpus = wholeTasks * cpt;
                // and keeps the lowest cores that hold them, the rest cleared in core order: the cyclic layout
                // then fills socket 0 before socket 1 (fuzz07 f6 -w c2 -n1 -c10 on 2x8 cores: 0-9, not 0-4,8-12)
                keepLowest(avail, (availCpus + tpc - 1) / tpc);
                // the node's count is the CPUs of the cores kept (cpu_count), fewer when a socket's cap left too few,
                // then the partition's cap
                availCpus = Math.min(Math.min(availCpus, avail.cardinality() * tpc), partitionCap);
            }
            // _can_job_run_on_node: a node below min_cpus_per_node is out of the map (not when an evaluation of
            // the same selection lowered the count: eval_nodes_select_cores drops no node)
            boolean belowMin = availResCpus == NO_VAL && availCpus < MinCpusPerNode.of(job);
            if (availResCpus == NO_VAL && !belowMin && maxTasks > 0) {
                // then a per-CPU memory figure lowers what _allocate_sc offered, and only the count (PerCpuMemory):
                // eval_nodes_select_cores fits no task below min_tasks_this_node there. Its cpus -= cpus %
                // cpus_per_task runs whether or not the memory lowered the count, which matters in 22.05, whose
                // _allocate_sc leaves a node's count at its free CPUs: own case mem2e p5 (-n5 -c3): s1's 8 give 6,
                // so a2 gives 9, CPUs 0-9; b4 (-w q1 -n2 -c8) still lays its tasks out on both sockets, cores 3-10
                // and 12-19, past the lowest 16 free
                availCpus = use.memory().lower(availCpus, cpt, job.ntasksPerNode());
                // (that test is alloc_tasks < min_tasks_this_node, which -O skips like the task bound above: own
                // probe c26c1 o1, -w c1 -N1 -n4 -O, runs on c1's one free CPU in every release, and 22.05.8 runs
                // a2, -N1 -n6 -c2 -O, on two CPUs of an idle four-CPU node)
                if (availCpus == 0 || !overcommit && availCpus / cpt < minTasks) {
                    return null;
                }
            }
            return maxTasks == 0 || belowMin ? null : new Result(avail, availCpus);
        }
        if (availResCpus == NO_VAL && beforeMemory < MinCpusPerNode.of(job)) {
            // _can_job_run_on_node tests a GRES job's avail_cpus (every free CPU _allocate_sc kept) before the
            // GPU filter
            return null;
        }
        GpuSockets gs = GpuSockets.of(node, use.freeGpus(), avail, enforceBinding);
        int gresPerSocket = job.gpusPerSocket() == null ? 0 : job.gpusPerSocket();
        if (gresPerSocket > 0) {
            PerSocketGres.limit(gs, node, avail, gresPerSocket, enforceBinding);
            if (enforceBinding && job.socketsPerNode() != null
                    && socketsWithFreeCores(node, avail) < job.socketsPerNode()) {
                // can_job_run_on_node (cons_tres/job_test.c, 22.05, 24.11, 26.05) builds the GRES socket list first:
                // _build_sock_gres_by_topo clears the cores of a socket short of --gpus-per-socket under
                // enforce-binding, and only then does _allocate_sc's step 2 count the sockets with a free core
                // against --sockets-per-node. Own probe c19e1 p1, p3 (Resources; p2, p4 without the flag run)
                return null;
            }
        }
        int gresPerNode = job.gpusPerNode() == null ? 0 : job.gpusPerNode();
        int gresPerTask = job.gpusPerTask() == null ? 0 : job.gpusPerTask();
        boolean hasCpusPerGres = job.cpusPerGpu() != null && job.cpusPerGpu() > 0;
        int cpusPerGres = hasCpusPerGres ? job.cpusPerGpu() : 0;
        if (!hasCpusPerGres && job.ntasksPerGpu() != null) {
            // --ntasks-per-gpu: k tasks of -c CPUs per GPU, without has_cpus_per_gres (gres_filter_sock_core)
            cpusPerGres = job.cpusPerGres();
        } else if (!hasCpusPerGres && v24 && firstPass) {
            cpusPerGres = estimatedCpusPerGres(job);
        }
        if (!removeUnusable(gs, job, avail, beforeMemory, tpc, enforceBinding)) {
            return null;
        }
        FilterCores cores = new FilterCores(node, avail, availCpus, v24);
        int totCores = 0;
        for (int s = 0; s < sockets; s++) {
            totCores += cores.perSocket[s];
        }
        if (!firstPass && enforceBinding && v24 && !hasCpusPerGres && job.nodelist().isEmpty()) {
            FirstPassStarvedSockets.clear(gs, cores.perSocket, tpc, estimatedCpusPerGres(job));
        }
        int taskIncr = minTasks;
        boolean[] reqSock = new boolean[sockets];
        int reqSockCnt = 0;
        int minCoreCnt = (Math.max(minTasks, 1) * Math.max(cpt, 1) + tpc - 1) / tpc;
        long maxGres = nodeGpuLimit(job, use, tpc, version, gresTaken, remNodes, minTasks, maxTasks);
        if (maxGres < 0) {
            return null;
        }
        if (maxGres > 0 && gresPerNode > maxGres) {
            return null;
        }
        if (gresPerNode > 0 && gresPerTask > 0) {
            int mt = gresPerNode / gresPerTask;
            if (mt == 0 || mt > maxTasks || mt < minTasks) {
                return null;
            }
        }
        long cntTotal = gs.anySock();
        boolean sufficient = false;
        List<Integer> order = new ArrayList<>();
        for (int s = 0; s < sockets; s++) {
            order.add(s);
        }
        order.sort(Comparator.comparingInt(s -> -cores.perSocket[s]));
        for (int s : order) {
            long cntSock = gs.bySock()[s];
            if ((enforceBinding || firstPass) && cpusPerGres > 0) {
                cntSock = Math.min(cntSock, (long) cores.perSocket[s] * tpc / cpusPerGres);
            }
            long totGresSock = gs.anySock() + cntSock;
            // a socket short of --gpus-per-socket counts as one without GPUs (gres_filter_sock_core)
            if (gresPerSocket > totGresSock || totGresSock == 0) {
                if (enforceBinding || gresPerSocket > totGresSock) {
                    gs.bySock()[s] = 0;
                }
                if (firstPass && totCores > minCoreCnt) {
                    for (int c = cps - 1; c >= 0; c--) {
                        if (!avail.get(s * cps + c)) {
                            continue;
                        }
                        cores.drop(s, c);
                        if (--totCores <= minCoreCnt) {
                            break;
                        }
                    }
                }
            }
            cores.total += cores.perSocket[s];
            if ((enforceBinding || firstPass) && cores.perSocket[s] == 0) {
                continue;
            }
            cntTotal += cntSock;
            // 24.11 counts a socket as required only when it adds GPUs; 22.05 takes every socket until enough
            if (v24 ? (!sufficient && cntSock > 0) || gs.anySock() > 0 : !sufficient) {
                reqSock[s] = true;
                reqSockCnt++;
            }
            if ((v24 || gs.anySock() == 0) && ((maxGres > 0 && cntTotal >= maxGres)
                    || (gresPerNode > 0 && cntTotal >= gresPerNode))) {
                sufficient = true;
            }
        }
        if (cpusPerGres > 0) {
            long byCpus = cores.cpus / cpusPerGres;
            maxGres = maxGres > 0 ? Math.min(byCpus, maxGres) : byCpus;
            cntTotal = Math.min(cntTotal, maxGres);
        }
        if (v24) {
            // 24.11 never counts more GPUs than the node may give the job (_set_max_gres): a per-task job
            // whose GPUs the node could double gets no more tasks than the job has (cpulayout p2: 7+8 cores)
            if (maxGres > 0) {
                cntTotal = Math.min(cntTotal, maxGres);
            }
            if (gresPerNode > 0) {
                cntTotal = Math.min(cntTotal, gresPerNode);
            }
        }
        if (cntTotal == 0 || gresPerNode > cntTotal || gresPerTask > cntTotal) {
            maxTasks = 0;
        }
        if (v24 && cpusPerGres > 0 && cntTotal > 0) {
            long gresCpus = cpusPerGres * cntTotal;
            if (gresCpus < (long) minTasks * cpt || gresCpus < pnMinCpus(job)) {
                maxTasks = minTasks;
            } else {
                maxTasks = (int) Math.min(maxTasks, gresCpus / cpt);
            }
        }
        if (gresPerTask > 0) {
            maxTasks = (int) Math.min(maxTasks, cntTotal / gresPerTask);
            if (v24 && gresPerNode == 0) {
                cntTotal = Math.min((long) maxTasks * gresPerTask, cntTotal);
            }
        }
        if (v24 && job.ntasksPerGpu() != null) {
            // 24.11/26.05 gres_filter_sock_core: the node's tasks are whole multiples of --ntasks-per-gpu its GPUs
            // serve, and a per-job count offers no more GPUs than those tasks use (sock_gres->total_cnt): own probe
            // g9b n1 (-N2 --gpus=4 --ntasks-per-gpu=1, two tasks a node) gets two GPUs on each node, not 3 + 1.
            // 22.05's cons_common filter has no such step
            long k = job.ntasksPerGpu();
            long tasksOfGpus = cntTotal * k;
            while (tasksOfGpus > maxTasks) {
                tasksOfGpus -= k;
                if (gresPerNode == 0) {
                    cntTotal--;
                }
            }
            maxTasks = (int) Math.min(maxTasks, tasksOfGpus);
        }
        if (taskIncr > 0) {
            // "min_tasks_this_node and max_tasks_this_node must be multiple of original min_tasks_this_node value"
            // (task_cnt_incr, 24.11 gres_filter_sock_core, 26.05 _foreach_gres_filter_sock_core, topology/common/
            // gres_filter.c): with a fixed -N, --ntasks-per-gpu asks num_tasks / min_nodes tasks of each node
            // (eval_nodes_select_cores), the step above brings the node to a multiple of --ntasks-per-gpu below it,
            // and a count that is not a multiple of both rounds to none. Own probe c25n1 q4 (-N2 --gpus=3
            // --ntasks-per-gpu=2 -c2: three tasks a node, two at most by the GPUs, rounded to 0 on g1 and g2) is
            // refused by 24.11.5 and 26.05.5, "Requested node configuration is not available" (traced by b26s)
            maxTasks = (maxTasks / taskIncr) * taskIncr;
        }
        if (maxTasks == 0) {
            return null;
        }
        if (enforceBinding || firstPass) {
            // "Remove cores on not required sockets when enforce-binding, this has to happen also when
            // max_tasks_this_node == NO_VAL"
            cores.clearSocketsNotRequired(reqSock, 0);
        }
        // required cores: whole cores for the tasks, fewer tasks while they do not fit. A node whose task count is
        // still NO_VAL (-O without -N: _select_cores skips the alloc_tasks bound) clears no core: the filter does
        // "if (*max_tasks_this_node == NO_VAL) { ... continue; }" first (22.05.8 cons_common/gres_select_filter.c,
        // 24.11.5 and 26.05 topology/common/gres_filter.c); maxTasks x cpt would pass an int (own probe c25o1 a5,
        // -n4 -c4 --gpus=2 -O: 22.05.8 g1 CPUs 0-3 GPUs 0, 1; every core cleared before o25b)
        int reqCores = maxTasks == NO_VAL ? cores.total : maxTasks * cpt;
        if (maxTasks != NO_VAL) {
            if (maxTasks >= minTasks && (long) maxTasks * cpt + tpc - 1 <= Integer.MAX_VALUE) {
                // the loop's answer at once: the most tasks whose whole cores fit (an -O job's count stays NO_VAL here,
                // which the loop below would count down one task at a time)
                long fit = (long) cores.total * tpc / cpt;
                if (maxTasks > fit) {
                    maxTasks = (int) Math.max(fit, minTasks - 1L);
                    reqCores = maxTasks * cpt;
                }
            }
            while (maxTasks >= minTasks) {
                reqCores = (reqCores + tpc - 1) / tpc;
                if (reqCores <= cores.total) {
                    break;
                }
                maxTasks--;
                reqCores = maxTasks * cpt;
            }
            if (maxTasks == 0) {
                // eval_nodes_select_cores (24.11/26.05 topology/common/eval_nodes.c; 22.05 _select_cores): a node whose
                // filter fits no task gives no CPUs, though enforce-binding keeps a core of the GPUs' socket (own probe
                // plseed27624 p0: -w n09 -c2 --gpus-per-task=2 with one free core there is pending in real 24.11.5)
                return null;
            }
            if (cpusPerGres > 0) {
                long g = gresPerNode > 0 ? gresPerNode : gresPerTask > 0 ? (long) gresPerTask * maxTasks
                        : Math.max(cntTotal, 1);
                long cpus = g * cpusPerGres;
                if (v24) {
                    maxTasks = (int) Math.min(cpus, maxTasks);
                }
                reqCores = (int) Math.max(reqCores, (cpus + tpc - 1) / tpc);
            }
            if (enforceBinding && reqCores < reqSockCnt) {
                reqCores = reqSockCnt;
            }
            if (reqCores > cores.total) {
                return null;
            }
            if (enforceBinding && reqCores * tpc > cores.cpus) {
                return null;
            }
            if (!enforceBinding && !firstPass) {
                cores.clearSocketsNotRequired(reqSock, reqCores);
            }
            // spread what is left over the required sockets: trim the fullest one, one core at a time
            while (cores.total > reqCores) {
                int full = -1;
                for (int s = 0; s < sockets; s++) {
                    if (!reqSock[s] || cores.perSocket[s] == 0) {
                        continue;
                    }
                    if (full == -1 || cores.perSocket[full] < cores.perSocket[s]) {
                        full = s;
                    }
                }
                if (full == -1) {
                    break;
                }
                cores.clearLast(full);
            }
        }
        // gres_filter_sock_core: with CPUs per GPU, total_cnt = MIN(avail_cpus / cpus_per_gres, total_cnt) here, before
        // the CPUs are cut to the tasks' (the estimate of a first pass included)
        int gpuCap = cpusPerGres > 0 && !hasCpusPerGres ? cores.cpus / cpusPerGres : NO_VAL;
        // sock_gres->total_cnt itself: the GPUs of every socket the loop above kept (an enforce-binding socket whose
        // cores serve no GPU at cpus_per_gres lost its count), at most what the CPUs serve
        long totalCnt = cpusPerGres > 0 ? Math.min(gs.total(), cores.cpus / cpusPerGres) : gs.total();
        if (cpusPerGres > 0) {
            long fit = cores.cpus / cpusPerGres;
            if (gresPerNode > fit || gresPerTask > fit) {
                return null;
            }
        }
        // the GPUs the node then offers toward a per-job count (sock_gres->total_cnt): no more than the sockets counted
        // and, with CPUs per GPU (asked or 24.11's first-pass guess), than its CPUs hold before
        // the task count trims them (gres_filter_sock_core does that after its per-GRES pass)
        long gresCap = cntTotal;
        if (cpusPerGres > 0) {
            gresCap = Math.min(gresCap, cores.cpus / cpusPerGres);
        }
        int minCores = enforceBinding || hasCpusPerGres ? reqCores : 0;
        if (!hasCpusPerGres) {
            // 24.11 and 26.05 (gres_filter_sock_core's end) keep at least the cores the GPUs' sockets need: own case
            // fuzz28 p3 (-N3 -n3 -c1 --gpus-per-node=2 enforce-binding) gives g3, whose free GPUs 3 and 5 lie on two
            // sockets, CPUs 3 and 20 for its one task in 24.11.5; 22.05 cuts to the tasks' CPUs here
            long keep = v24 ? Math.max((long) maxTasks * cpt, (long) minCores * tpc) : (long) maxTasks * cpt;
            cores.cpus = (int) Math.min(cores.cpus, keep);
        }
        return avail.isEmpty() ? null
                : new Result(avail, cores.cpus, minCores, usableGpus, maxTasks, gresCap, gpuCap, totalCnt, resCpus);
    }

    /**
     * {@code _allocate_sc}'s task count under {@code --ntasks-per-socket}: every socket's free CPUs (before the
     * per-socket cap clears any core), each capped at the tasks per socket itself, not at their CPUs: Slurm compares
     * the task count with CPUs there.
     */
    private static int tasksBySocket(SlurmNode node, BitSet freeCores, int tasksPerSocket) {
        int tasks = 0;
        int cps = node.coresPerSocket();
        for (int s = 0; s < node.sockets(); s++) {
            int cpus = freeCores.get(s * cps, (s + 1) * cps).cardinality() * node.threadsPerCore();
            tasks += Math.min(cpus, tasksPerSocket);
        }
        return tasks;
    }

    /** Clears every core of {@code avail} after the lowest {@code keep} (the order {@code _allocate_sc} takes them). */
    private static void keepLowest(BitSet avail, int keep) {
        for (int c = avail.nextSetBit(0); c >= 0; c = avail.nextSetBit(c + 1)) {
            if (keep > 0) {
                keep--;
            } else {
                avail.clear(c);
            }
        }
    }

    /**
     * 24.11's first-pass guess of CPUs per GPU when the job names none ({@code _estimate_cpus_per_gres}):
     * tasks a multiple of the GPUs give each GPU its tasks' CPUs; GPUs a multiple of the tasks give each
     * GPU an even share of a task's CPUs when that divides. {@code --gpus-per-task} jobs count
     * {@code -n} times their GPUs as the job's GPUs ({@code gres_job_state_validate}).
     */
    static int estimatedCpusPerGres(SlurmJobSpec job) {
        Integer ntasks = job.boundingTasks() != null ? job.boundingTasks()
                : job.ntasksPerNode() != null ? Integer.valueOf(job.ntasksPerNode() * job.minNodes()) : null;
        Integer perJob = job.gpuTotal();
        if (ntasks == null || ntasks == 0 || perJob == null || perJob == 0) {
            return 0;
        }
        if (ntasks >= perJob && ntasks % perJob == 0) {
            return ntasks / perJob * job.cpusPerTask();
        }
        if (perJob % ntasks == 0) {
            int perTask = perJob / ntasks;
            if (job.cpusPerTask() % perTask == 0) {
                return job.cpusPerTask() / perTask;
            }
        }
        return 0;
    }

    /** {@code details->pn_min_cpus}: CPUs one task needs at least. */
    private static int pnMinCpus(SlurmJobSpec job) {
        return job.cpusPerTask();
    }

    /**
     * The {@code max_gres} a socket set must cover to be "sufficient": the node's GPU ceiling from
     * {@code remove_unusable} ({@code max_node_gres}: the per-node request, else the per-job request,
     * capped by free CPUs over {@code --cpus-per-gpu}). So a {@code --gpus=N} job is also kept on one
     * socket once that socket has N free GPUs. Observed in own case frag f1b ({@code -N2 --gpus=3}
     * on nodes whose socket 0 has one free GPU and socket 1 four): the CPU goes to socket 1 (id 16)
     * and the GPUs are 4-5 and 4, in 22.05.8 and 24.11.5.
     *
     * <p>24.11 ({@code _set_max_gres}) first keeps one GPU back for each further node of the job: a
     * {@code -N3 --gpus=5} job needs only 3 here, so a socket with 4 free GPUs is enough and the CPU
     * goes there (own case frag f2c: CPU 16 and GPUs 4-6, 4, 4; 22.05.8: CPU 1 and GPUs 0-2, 0, 0).
     */
    private static long nodeGpuLimit(SlurmJobSpec job, NodeUse use, int tpc, SlurmVersion version, long gresTaken,
                                     int remNodesGiven, int minTasks, int maxTasks) {
        long limit = 0;
        if (!job.exclusive()) {
            limit = job.gpusPerNode() != null ? job.gpusPerNode() : job.gpuTotal() != null ? job.gpuTotal() : 0;
        }
        // remove_unusable caps max_node_gres at cpu_cnt / cpus_per_gres, and cpus_per_gres is --ntasks-per-gpu
        // times -c when --cpus-per-gpu is absent, unless the job has the node whole (22.05 cons_common, 24.11 and
        // 26.05 cons_tres gres_select_filter.c, "Avoid max_node_gres with ntasks_per_gres and whole node"):
        // featfz22 f74 (--gpus=5 --ntasks-per-gpu=3 -c3) may ask an idle 32-core node for 3 GPUs only, so socket
        // 0's 4 suffice and socket 1 is no required socket in 24.11.5 (a4: cores 0-26, GPUs 0, 1, 4)
        int cpusPerGres = job.maxNodeGresCpusPerGpu();
        if (cpusPerGres > 0) {
            long byCpus = (long) use.freeCores().cardinality() * tpc / cpusPerGres;
            limit = limit == 0 ? byCpus : Math.min(limit, byCpus);
        }
        if (job.gpuTotal() != null) {
            // 22.05's gres_select_filter_sock_core caps at the GPUs still wanted (rem_gres, after the required
            // nodes' gres_sched_add), without 24.11's one per further node: own case fuzz26 p1 (-w l1
            // --cpus-per-gpu=8 --gpus=6): l1 gives 4, so k1's socket 0 with 2 usable GPUs suffices and its
            // CPUs stay there (0-15 in 22.05.8)
            int remNodes = job.minNodes();
            if (remNodesGiven > 0) {
                remNodes = remNodesGiven;
            } else if (version.atLeast(SlurmVersion.V26_05) && gresTaken > 0 && !job.nodelist().isEmpty()) {
                // the other nodes are looked at after the required ones were counted off (eval_nodes_tree.c calls
                // eval_nodes_select_cores with min_rem_nodes): own case fuzz25 p30 (-w q5 -N2 -n3 -c2 --gpus=10)
                // asks g3 for all 8 of the rest in 26.05.5
                remNodes = Math.max(1, remNodes - job.nodelist().size());
            }
            long rest = (long) job.gpuTotal() - gresTaken
                    - (version.atLeast(SlurmVersion.V24_11) ? remNodes - 1 : 0);
            if (version.atLeast(SlurmVersion.V24_11) && gresTaken > 0 && gresTaken >= job.gpuTotal()) {
                // the count is met: a node looked at afterwards is asked for one GPU (or one task's), as for a
                // per-node condition (_set_max_gres); only 26.05's one-node test looks on after the count is met
                // (fuzz22 p17: -N1 --cpus-per-gpu=4 --gpus=7 is then offered 4 CPUs per node and waits in 26.05.5)
                rest = Math.max(1, job.gpusPerTask() == null ? 0 : job.gpusPerTask());
            }
            if (version.atLeast(SlurmVersion.V26_05) && job.gpusPerTask() != null && maxTasks != NO_VAL) {
                // 26.05's _set_max_gres (topology/common/gres_filter.c; 24.11 has no such clause): a per-task job
                // asks a node for its tasks' GPUs at most, and a node whose fewest tasks want more GPUs than the
                // job still lacks is out. rem_gres is unsigned there: a count below zero wraps to a large one
                long remGres = rest < 0 ? Long.MAX_VALUE : rest;
                if ((long) job.gpusPerTask() * minTasks > remGres) {
                    return -1;
                }
                rest = Math.min(remGres, (long) job.gpusPerTask() * maxTasks);
            }
            if (limit > 0 && rest > 0 && rest < limit) {
                limit = rest;
            }
        }
        return limit;
    }

    /**
     * Slurm's {@code gres_select_filter_remove_unusable}: too few free GPUs, or too few CPUs for
     * {@code --cpus-per-gpu}, rule the node out; with {@code enforce-binding} GPUs on sockets
     * without a free core do not count.
     */
    /**
     * 22.05 and 24.11 {@code _socks_per_node} ({@code cons_tres/job_test.c}): an {@code enforce-binding} job
     * with a job-wide GPU count ({@code --gpus=N}, or {@code -n} x {@code --gpus-per-task}) and at most one
     * CPU per node (24.11: also at most one CPU from the job's own {@code --cpus-per-gpu}), or whose node's tasks
     * fit one socket's {@code --ntasks-per-socket}, wants one socket per node.
     * 26.05 moved this limit into {@code gres_select_filter_remove_unusable}, where it no longer picks the
     * socket the cores come from (fuzz08 f16 stays on socket 0 there).
     */
    static boolean oneGpuSocket(SlurmJobSpec job, SlurmVersion version) {
        return gpuSocketLimit(job, version) == 1;
    }

    /**
     * The sockets-per-node limit ({@code s_p_n}) that {@code _build_sock_gres_by_topo} (22.05.8
     * {@code cons_tres/gres_sched.c}, 24.11.5 {@code cons_tres/gres_sock_list.c}, "Satisfy sockets-per-node (s_p_n)
     * limit") enforces on an {@code enforce-binding} job with a job-wide GPU count ({@code local_s_p_n = s_p_n} only
     * for {@code gres_per_job}): 1 from the one-CPU test of {@code _socks_per_node}, else {@code ROUNDUP(num_tasks /
     * min_nodes, ntasks_per_socket)}, which may be more than one; {@link #NO_VAL} where no limit applies (26.05.5's
     * {@code _socks_per_node} only scales {@code gres_per_socket} in {@code gres_select_filter_remove_unusable}).
     */
    static int gpuSocketLimit(SlurmJobSpec job, SlurmVersion version) {
        if (version.atLeast(SlurmVersion.V26_05) || !job.enforceBinding()) {
            return NO_VAL;
        }
        boolean perJob = job.gpusPerJob() != null || (job.gpusPerTask() != null && job.ntasks() != null);
        if (!perJob) {
            return NO_VAL;
        }
        int tasks = job.ntasks() != null ? job.ntasks() : job.minNodes();
        boolean oneCpu = (long) tasks * job.cpusPerTask() / job.minNodes() <= 1;
        if (oneCpu && version.atLeast(SlurmVersion.V24_11) && job.ownCpusPerGpu() != null) {
            // _sum_min_gres_cpus: the CPUs --cpus-per-gpu asks per node also count; it reads the job's own
            // cpus_per_gres, not a partition's DefCpuPerGPU (def_cpus_per_gres). Own probe c26u1 (24.11.5): -N1
            // --gpus=2 enforce-binding in a DefCpuPerGPU=3 partition is refused (one socket, one GPU a node),
            // the same job with --cpus-per-gpu=3 runs on both sockets
            long gpus = job.gpusPerNode() != null ? job.gpusPerNode()
                    : job.gpusPerTask() != null ? (long) job.gpusPerTask() * job.ntasks()
                    : job.gpusPerJob() / job.minNodes();
            oneCpu = job.ownCpusPerGpu() * gpus <= 1;
        }
        if (oneCpu) {
            return 1;
        }
        // past the one-CPU test, _socks_per_node returns ROUNDUP(num_tasks / min_nodes, --ntasks-per-socket)
        // (22.05.8 cons_common/job_test.c, 24.11.5 cons_tres/job_test.c): one socket when a node's tasks fit one
        // socket's cap. Own probe c22s1 d2 (-w t1 -N1 -n3 --ntasks-per-socket=3 -c1 --gpus-per-task=1
        // enforce-binding, two GPUs a socket): sbatch rejects it in 22.05.8 and 24.11.5 (node configuration)
        if (job.ntasksPerSocket() != null && job.ntasksPerSocket() > 0) {
            return (tasks / job.minNodes() + job.ntasksPerSocket() - 1) / job.ntasksPerSocket();
        }
        return NO_VAL;
    }

    /**
     * The CPUs {@code _can_job_run_on_node} counts into {@code avail_res_cnt} for a job given one socket per node
     * ({@link #oneGpuSocket}): the node's free cores less those of the GPU sockets the sockets-per-node limit cleared
     * ({@link #keepRichestGpuSockets}). The limit looks only at sockets with GPUs ({@code cnt_by_sock}), so a socket
     * without GPUs keeps its cores, and a GRES job's {@code avail_cpus} is not cut to the GPUs' cores there
     * ({@code _allocate_sc}, 24.11.5: "If the job requests gres, then do not limit avail_cpus here"); the GPU filter
     * comes later, in the evaluation. Own probe blk8k21 (blockfz20 up to k21, {@code --gpus=5} enforce-binding, real
     * 24.11.5, {@code DebugFlags=SelectType}): the retry drops l1, l2, ... l9 (2 + 2 GPUs: 16 CPUs and 2 GPUs), then
     * q13 (17 free CPUs, 1 GPU), never the idle q nodes (4 GPUs on socket 0: 24 CPUs and 4 GPUs).
     */
    static int oneSocketCpus(SlurmNode node, NodeUse use, SlurmJobSpec job) {
        BitSet avail = (BitSet) use.freeCores().clone();
        if (job.ntasksPerSocket() != null) {
            capPerSocket(node, avail, (job.ntasksPerSocket() * job.cpusPerTask() + node.threadsPerCore() - 1)
                    / node.threadsPerCore());
        }
        keepRichestGpuSockets(node, use.freeGpus(), avail, 1);
        return avail.cardinality() * node.threadsPerCore();
    }

    /**
     * {@code _build_sock_gres_by_topo} with a sockets-per-node limit of {@code keep} ({@link #gpuSocketLimit}):
     * while more sockets than that have free GPUs and a free core, the one with the fewest free GPUs loses its
     * cores; on a tie the lower socket goes. An idle node with 4 + 4 GPUs therefore runs {@code -w g2 --gpus=2
     * enforce-binding} on socket 1 (fuzz08 f16: CPU 16, GPUs 4-5 in 22.05.8 and 24.11.5), and a 2+2-GPU node gives a
     * {@code --gpus=4} job only socket 1's two (fuzz01 f28). A limit of two or more keeps that many sockets the same way.
     */
    private static BitSet keepRichestGpuSockets(SlurmNode node, BitSet freeGpus, BitSet avail, int keep) {
        GpuSockets gs = GpuSockets.of(node, freeGpus, avail, true); // only under enforce-binding (gpuSocketLimit)
        List<Integer> candidates = new ArrayList<>();
        for (int s = 0; s < node.sockets(); s++) {
            if (gs.bySock()[s] > 0 && node.coresOfSocket(s).intersects(avail)) {
                candidates.add(s);
            }
        }
        while (candidates.size() > Math.max(0, keep)) {
            int low = candidates.get(0);
            for (int s : candidates) {
                if (gs.bySock()[s] < gs.bySock()[low]) {
                    low = s;
                }
            }
            avail.andNot(node.coresOfSocket(low));
            candidates.remove(Integer.valueOf(low));
        }
        // the node then offers the kept socket's GPUs and those bound to no socket (sock_gres total_cnt)
        BitSet usable = (BitSet) gs.anyBits().clone();
        for (int s : candidates) {
            usable.or(gs.bits()[s]);
        }
        return usable;
    }

    private static boolean removeUnusable(GpuSockets gs, SlurmJobSpec job, BitSet avail, int availCpus, int tpc,
                                          boolean enforceBinding) {
        int gresPerNode = job.gpusPerNode() == null ? 0 : job.gpusPerNode();
        int gresPerTask = job.gpusPerTask() == null ? 0 : job.gpusPerTask();
        long minGres = Math.max(1, gresPerNode);
        if (job.gpusPerSocket() != null) {
            // gres_per_socket times _socks_per_node's count, which is 1 or NO_VAL (not multiplied) without
            // --ntasks-per-socket
            minGres = Math.max(minGres, job.gpusPerSocket());
        }
        if (gresPerTask > 0) {
            long t = (long) gresPerTask * (job.ntasksPerNode() == null ? 1 : job.ntasksPerNode());
            minGres = Math.max(minGres, t);
        }
        if (job.cpusPerGpu() != null && job.cpusPerGpu() > 0) {
            long maxGres = availCpus / job.cpusPerGpu();
            if (maxGres == 0 || gresPerNode > maxGres || gresPerTask > maxGres) {
                return false;
            }
        }
        if (enforceBinding) {
            for (int s = 0; s < gs.bySock().length; s++) {
                if (gs.bySockCores(s).intersects(avail)) {
                    continue;
                }
                gs.bySock()[s] = 0;
            }
        }
        return gs.total() >= minGres;
    }

    private static int socketsWithFreeCores(SlurmNode node, BitSet avail) {
        int n = 0;
        for (int s = 0; s < node.sockets(); s++) {
            if (node.coresOfSocket(s).intersects(avail)) {
                n++;
            }
        }
        return n;
    }

    /**
     * {@code _allocate_sc}: with {@code --ntasks-per-socket} a socket offers at most the cores its
     * tasks need (the lowest free ones). links L4b: {@code -n2 --ntasks-per-socket=1} gets CPUs 0 and 16.
     */
    private static void capPerSocket(SlurmNode node, BitSet avail, int maxCores) {
        for (int s = 0; s < node.sockets(); s++) {
            int kept = 0;
            for (int c = s * node.coresPerSocket(); c < (s + 1) * node.coresPerSocket(); c++) {
                if (avail.get(c) && ++kept > maxCores) {
                    avail.clear(c);
                }
            }
        }
    }

    /** Minimum and maximum tasks on one node, Slurm's {@code _select_cores} rules. */
    static int[] taskLimits(SlurmNode node, SlurmJobSpec job) {
        return taskLimits(node, job, SlurmVersion.V24_11);
    }

    /**
     * {@link #taskLimits(SlurmNode, SlurmJobSpec)} as {@code eval_nodes_select_cores} reads {@code max_nodes}: 26.05's
     * slurmctld sets it to the task count when {@code -N} is absent ({@code job_mgr.c}, {@code JOB_IMPLICIT_MAX_NODES};
     * 22.05 and 24.11 leave it unset), so {@code -w g2,g4 -n2} runs one task per node there: own case fuzz33 p3
     * ({@code -w g2,g4 --gpus=8 -n2 -c2}) keeps g2 to one task's two cores, one on each GPU socket (CPUs 5 and 16 in
     * 26.05.5; the replay counted two tasks and kept 5-6).
     */
    static int[] taskLimits(SlurmNode node, SlurmJobSpec job, SlurmVersion version) {
        if (job.ntasksPerNode() != null) {
            return new int[] {job.ntasksPerNode(), job.ntasksPerNode()};
        }
        if (job.ntasksPerSocket() != null) {
            return new int[] {job.ntasksPerSocket(), job.ntasksPerSocket() * node.sockets()};
        }
        if (job.ntasksPerGpu() != null && job.ntasks() != null) {
            return NtasksPerGpu.taskLimits(job, version);
        }
        // num_tasks: an -O job's -n, not the one task per node it is laid out with
        Integer numTasks = job.boundingTasks();
        Integer maxNodes = job.maxNodes();
        if (maxNodes == null && version.atLeast(SlurmVersion.V26_05) && numTasks != null) {
            maxNodes = numTasks;
        }
        if (maxNodes != null && maxNodes == 1) {
            return numTasks == null ? new int[] {1, NO_VAL} : new int[] {numTasks, numTasks};
        }
        if (numTasks != null && (numTasks == 1
                || (numTasks == job.minNodes() && maxNodes != null && numTasks.equals(maxNodes)))) {
            return new int[] {1, 1};
        }
        return new int[] {1, NO_VAL};
    }
}
