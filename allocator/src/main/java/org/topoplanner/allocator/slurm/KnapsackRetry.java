package org.topoplanner.allocator.slurm;

import java.util.Arrays;
import java.util.BitSet;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Slurm 22.05's and 24.11's two passes of the topology step with the retry "to avoid a possible knapsack problem":
 * 22.05 {@code choose_nodes} ({@code select/cons_tres/job_test.c}), 24.11 {@code common_topo_choose_nodes}
 * ({@code topology/common/common_topo.c}, shared by {@code topology/tree} and {@code topology/block}). One
 * evaluation with GPU-local cores ({@code first_pass}); when it fails, the second pass: with no more than
 * {@code -N} usable nodes one evaluation, else for {@code count} = 1, 2, ... below the largest
 * {@code avail_res_cnt} (usable CPUs plus usable GPUs for a GPU job), every node of the map (index order, never a
 * required one) whose count is at most {@code count} leaves for good, and the evaluation runs again after every
 * round that took one out (and in the first round even when none did), until one succeeds or no more than
 * {@code -N} nodes are left. 24.11 only: the first node dropped in a round lowers {@code count} by one for the rest
 * of that round and the next one ("check again if some more nodes can be removed in the updated nodeset").
 *
 * <p>What an evaluation lowers stays lowered for the whole selection, first pass included ({@link AvailRes}): the
 * CPUs {@code _cpus_to_use} / {@code eval_nodes_cpus_to_use} let a node give, and so its count. So the nodes a
 * failed evaluation added become the weakest and leave first. Own cases fuzz32 p24 ({@code -N1 --gpus=4}: the
 * weight-1 nodes hold 2 GPUs each; 22.05.8 and 24.11.5 run it on an 8-GPU node once they are gone), blockfz10 k0
 * (24.11.5 drops h4, then h2, and runs the job on h5, h7, h8, h9).
 *
 * <p>The rounds can be as many as the usable nodes (24.11 takes the nodes of one count out one per round), so
 * before them the selector may prove that no evaluation on any part of the map can succeed ({@link Hopeless}):
 * every evaluation only reads fewer nodes and lower counts than the first one of the pass, and the proof holds for
 * all of them, so the loop would end without a choice. 26.05 decides what to drop after each failed evaluation
 * instead ({@link WeakestFirstDrops}), in the selectors themselves.
 */
final class KnapsackRetry implements NodeChooser {
    private final NodeChooser evaluation;
    private final Hopeless hopeless;
    private final SlurmVersion version;
    /** The selection's {@code avail_res} as the evaluations left it; new at every first pass. */
    private AvailRes res;

    private KnapsackRetry(NodeChooser evaluation, Hopeless hopeless, SlurmVersion version) {
        this.evaluation = evaluation;
        this.hopeless = hopeless;
        this.version = version;
    }

    /** A selector's proof that no evaluation on any part of {@code map} succeeds, with any CPUs lowered. */
    @FunctionalInterface
    interface Hopeless {
        boolean test(BitSet map, BitSet required, SlurmJobSpec job, Demand demand);

        /** No proof: the loop runs to its end. */
        Hopeless NEVER = (map, required, job, demand) -> false;
    }

    /**
     * {@code evaluation} (one {@code eval_nodes}) with both passes and the retry where {@code version} has this loop
     * (22.05, 24.11); else {@code evaluation} as it is (26.05 runs its own).
     */
    static NodeChooser of(NodeChooser evaluation, Hopeless hopeless, SlurmVersion version) {
        return version.atLeast(SlurmVersion.V26_05) ? evaluation : new KnapsackRetry(evaluation, hopeless, version);
    }

    @Override
    public NodePick select(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus) {
        if (demand.firstPass() || res == null) {
            res = new AvailRes(job, version);
        }
        Demand view = res.view(demand);
        if (demand.firstPass()) {
            return evaluation.select(nodeMap, required, job, view, minCpus);
        }
        res.newPass();
        // the node map the plugin got: nodes with available CPUs (those without left before the first pass)
        BitSet left = new BitSet();
        for (int i = nodeMap.nextSetBit(0); i >= 0; i = nodeMap.nextSetBit(i + 1)) {
            if (res.baseCpus(i, demand) > 0) {
                left.set(i);
            }
        }
        int remNodes = left.cardinality();
        int minNodes = job.minNodes();
        if (remNodes <= minNodes) {
            res.beforeEvaluation(demand);
            return evaluation.select(left, required, job, view, minCpus);
        }
        if (hopeless.test(left, required, job, view)) {
            return null;
        }
        int mostRes = 0;
        for (int i = left.nextSetBit(0); i >= 0; i = left.nextSetBit(i + 1)) {
            mostRes = Math.max(mostRes, res.count(i, demand));
        }
        boolean recheck = version.atLeast(SlurmVersion.V24_11);
        for (int count = 1; count < mostRes; count++) {
            boolean noChange = true;
            for (int i = left.nextSetBit(0); i >= 0; i = left.nextSetBit(i + 1)) {
                int c = res.count(i, demand);
                if (c > 0 && c <= count && !required.get(i)) {
                    if (noChange && recheck) {
                        // 24.11: the last evaluation may have lowered more counts to this one
                        count--;
                    }
                    noChange = false;
                    left.clear(i);
                    if (--remNodes <= minNodes) {
                        break;
                    }
                }
            }
            if (noChange && count != 1) {
                continue;
            }
            res.beforeEvaluation(demand);
            NodePick pick = evaluation.select(left, required, job, view, minCpus);
            if (pick != null || remNodes <= minNodes) {
                return pick;
            }
        }
        return null;
    }

    /**
     * Slurm's {@code avail_res_array} for one selection: what cons_tres found each node offers
     * ({@code _can_job_run_on_node}), lowered by the evaluations ({@link Demand#gave}) and never restored between
     * them ({@code choose_nodes} / {@code common_topo_choose_nodes} restore only the node map and the cores).
     */
    static final class AvailRes {
        private final SlurmJobSpec job;
        private final boolean v24;
        private final boolean gpus;
        /**
         * A job given one socket per node ({@link CoreFilter#oneGpuSocket}, {@code _socks_per_node} 1): before
         * {@code _can_job_run_on_node} counts the CPUs, {@code gres_sched_create_sock_gres_list}
         * ({@code _build_sock_gres_by_topo}, "Satisfy sockets-per-node (s_p_n) limit") has cleared the cores of
         * every GPU socket but the richest, so the node offers the free CPUs of the kept socket and of any socket
         * without GPUs, which the limit does not look at ({@link CoreFilter#oneSocketCpus}; own probe blk8k21).
         */
        private final boolean oneSocket;
        /** {@code avail_cpus} as the evaluations wrote it; {@code Integer.MAX_VALUE} where none did. */
        private int[] cpus;
        /** {@code avail_res_cnt} as the evaluations wrote it; -1 where none did. */
        private int[] counts;
        /** The nodes whose {@code avail_cpus} an evaluation lowered, and those not filtered again since. */
        private final BitSet lowered = new BitSet();
        private final BitSet unfiltered = new BitSet();
        /**
         * The nodes {@code eval_nodes_gres} found no use for ({@link Demand#refused}): their {@code avail_cpus} is 0
         * for every later evaluation, so they add no CPUs to {@code switch_cpu_cnt} and {@code eval_nodes_select_cores}
         * leaves them none; they stay in the node map and keep the {@code avail_res_cnt} {@code _cpus_to_use} set
         * before (the retry drops them by it).
         */
        private final BitSet refused = new BitSet();
        /**
         * {@code avail_res_cnt} as {@code eval_nodes_cpus_to_use} last wrote it inside its {@code avail_cpus >
         * rem_max_cpus} branch (the count it gave plus the node's GPUs); -1 where it did not. 24.11's count of an
         * added node is left as measured ({@link #gave}); a refused node keeps this one ({@link Demand#refused}).
         */
        private int[] writtenCounts;

        AvailRes(SlurmJobSpec job, SlurmVersion version) {
            this.job = job;
            this.v24 = version.atLeast(SlurmVersion.V24_11);
            this.gpus = job.hasGpus();
            this.oneSocket = CoreFilter.oneGpuSocket(job, version);
        }

        /**
         * {@code avail_cpus} of {@code _can_job_run_on_node}: a GPU job's node offers its free CPUs (the GPU filter
         * comes later, in the evaluation), in whole tasks in 22.05, unrounded in 24.11 ({@code _allocate_sc},
         * 24.11.5: "If the job requests gres, then do not limit avail_cpus here"; planner6 measured it on every
         * stored line: none moves, and fuzz21 p31's 24.11.5 line is sbatch's idle test, not the retry), a CPU
         * job's what the core filter left.
         */
        int baseCpus(int i, Demand d) {
            int a = d.availCpus(i);
            if (gpus && !oneSocket && a == 0
                    && Math.min(d.freeCpus(i), d.allocateScCpus(i)) < MinCpusPerNode.of(job)) {
                // below min_cpus_per_node: _can_job_run_on_node gave the node nothing, so it is not in the map
                return 0;
            }
            if (gpus && !oneSocket) {
                // _allocate_sc's step 4 caps each socket at --ntasks-per-socket's CPUs (NtasksPerSocketCpus), GPUs or
                // not, and it ends with avail_cpus = MIN(cpu_count, part_cpu_limit) (22.05 cons_common.c, 24.11
                // cons_tres job_test.c): the partition's MaxCPUsPerNode caps the count too (PartitionCpuCap)
                int free = Math.min(Math.min(d.freeCpus(i), d.allocateScCpus(i)), d.partitionCpus(i));
                a = Math.max(a, v24 ? free : free - free % Math.max(1, job.cpusPerTask()));
            } else if (gpus && a > 0) {
                // one socket per node: the free CPUs the sockets-per-node limit left, a GPU-less socket's too
                // (CoreFilter.oneSocketCpus; at most one CPU per node, so 22.05's whole tasks change nothing)
                a = Math.max(a, d.oneSocketCpus(i));
            }
            return Math.min(a, lowered(i));
        }

        /** The CPUs the evaluations wrote into node {@code i}'s {@code avail_cpus}; unbounded where none did. */
        private int lowered(int i) {
            return cpus == null || i >= cpus.length ? Integer.MAX_VALUE : cpus[i];
        }

        /** {@code avail_res_cnt}: the node's CPUs plus, for a GPU job, its usable GPUs. */
        int count(int i, Demand d) {
            if (counts != null && i < counts.length && counts[i] >= 0) {
                return counts[i];
            }
            int c = baseCpus(i, d);
            return c == 0 ? 0 : c + (gpus ? availGpus(i, d) : 0);
        }

        /**
         * The GPU term of {@code avail_res_cnt}: {@code avail_res->avail_gpus}, which {@code _can_job_run_on_node}
         * sets once per selection from {@code gres_select_filter_remove_unusable} ({@code sock_gres->total_cnt} summed;
         * 22.05 {@code select/cons_common/gres_select_filter.c}, 24.11 {@code select/cons_tres/gres_select_filter.c}):
         * the node's free GPUs, under enforce-binding none of a socket without a free core, not capped by
         * {@code --gpus-per-node} nor by the CPUs per GPU ({@code max_node_gres} holds that cap, not {@code total_cnt});
         * no evaluation rewrites it ({@code eval_nodes_cpus_to_use} only adds it to the lowered CPUs). A job given one
         * socket per node ({@link #oneSocket}) has only the kept socket's GPUs in its {@code sock_gres} list
         * ({@code _build_sock_gres_by_topo}'s s_p_n limit), which the filter's count is.
         */
        private int availGpus(int i, Demand d) {
            return Math.max(0, oneSocket ? d.gpusFor(i) : d.nodeGpus(i));
        }

        /**
         * Node {@code i} was added giving {@code given} of the {@code offered} CPUs: {@code _cpus_to_use} writes a
         * lowered count into {@code avail_cpus} and sets {@code avail_res_cnt} from it (not for {@code --exclusive},
         * whose count stays {@code _can_job_run_on_node}'s); 24.11's {@code eval_nodes_gres} then writes what the
         * node gives a job with a GPU total into {@code avail_cpus} whether lowered or not.
         */
        void gave(int i, int offered, int given, boolean written, Demand d) {
            if (cpus == null || i >= cpus.length) {
                // sized by the highest node added so far: most selections lower a few nodes, or none
                int n = Math.max(i + 1, cpus == null ? 64 : cpus.length * 2);
                int old = cpus == null ? 0 : cpus.length;
                cpus = cpus == null ? new int[n] : Arrays.copyOf(cpus, n);
                counts = counts == null ? new int[n] : Arrays.copyOf(counts, n);
                Arrays.fill(cpus, old, n, Integer.MAX_VALUE);
                Arrays.fill(counts, old, n, -1);
            }
            // 22.05 _cpus_to_use (select/cons_tres/job_test.c) writes avail_res->avail_cpus whenever the node's
            // offer exceeds rem_max_cpus, also when the count it writes equals that offer: an offer the GPU filter
            // had cut (1 CPU for -N2 -n2 -c1) still lowers the node's free CPUs to it (probe c10a1, fuzz79 p23:
            // a1 offers its 128 free CPUs, gives 1, and the next evaluation's filter finds no core on it). 24.11 is
            // left as it was measured: lowered only below the offer
            if (writtenCounts == null || i >= writtenCounts.length) {
                int old = writtenCounts == null ? 0 : writtenCounts.length;
                writtenCounts = writtenCounts == null ? new int[cpus.length] : Arrays.copyOf(writtenCounts, cpus.length);
                Arrays.fill(writtenCounts, old, writtenCounts.length, -1);
            }
            writtenCounts[i] = written ? given + (gpus ? availGpus(i, d) : 0) : -1;
            boolean lowers = v24 ? given < offered : written;
            if (lowers && given < cpus[i]) {
                cpus[i] = given;
                lowered.set(i);
                unfiltered.set(i);
            }
            if (!job.exclusive() || counts[i] < 0) {
                // --exclusive (whole_node): 22.05's _cpus_to_use returns and 24.11's eval_nodes_cpus_to_use jumps to
                // check_gres_per_job before "avail_res->avail_res_cnt = avail_res->avail_cpus + avail_gpus", so the
                // count stays _can_job_run_on_node's, also after eval_nodes_gres lowered avail_cpus below
                counts[i] = baseCpus(i, d) + (gpus ? availGpus(i, d) : 0);
            }
            if (v24 && job.gpuTotal() != null) {
                cpus[i] = Math.min(cpus[i], given);
            }
        }

        /**
         * Node {@code i} was of no use after it gave its CPUs ({@code eval_nodes_gres}: {@code use_node} false): its
         * {@code avail_cpus} is 0 from now on, and its {@code avail_res_cnt} the one {@code eval_nodes_cpus_to_use}
         * wrote just before ({@code avail_res->avail_cpus + avail_gpus} after the lowering branch, which
         * {@code eval_nodes_gres} does not touch): the CPUs it gave plus its GPUs where the branch ran. So refused
         * nodes leave the retry before nodes never walked, which keep {@code _can_job_run_on_node}'s count (lead's
         * featfz2 f17, 24.11.5 "node": the last round still holds b3 and b4, whose leaf is the top switch).
         */
        void refuse(int i) {
            refused.set(i);
            if (writtenCounts != null && i < writtenCounts.length && writtenCounts[i] >= 0) {
                counts[i] = writtenCounts[i];
            }
        }

        /**
         * Before an evaluation of the second pass (22.05 and 24.11), the core filter of every node an earlier
         * evaluation lowered runs again from the lowered count ({@code _select_cores} sets {@code alloc_tasks} and
         * {@code *avail_cpus} from {@code avail_res->avail_cpus}; {@code choose_nodes} restores the cores between
         * evaluations, not that count), so the cores it keeps are those of the lowered task count, spread over the
         * GPUs' sockets. Own case fuzz35 p3 ({@code -n2 -c4 --gpus=6} enforce-binding): the failed first pass
         * gave p2 8 CPUs, and 22.05.8 runs it there on CPUs 0-3 and 16-19 with all three GPUs, where the filter on
         * every free core packed 8 CPUs on socket 0 and left GPU 2 out. 24.11's {@code eval_nodes_select_cores}
         * ({@code topology/common/eval_nodes.c}) reads {@code avail_res->avail_cpus} the same way: own case fuzz19 p8
         * ({@code -N3 --gpus=10}) gives p1 its one task on CPU 16 (GPUs 0 and 2) in 24.11.5 as in 22.05.8.
         */
        void beforeEvaluation(Demand d) {
            for (int i = unfiltered.nextSetBit(0); i >= 0; i = unfiltered.nextSetBit(i + 1)) {
                d.refilter(i, cpus[i]);
            }
            unfiltered.clear();
        }

        /** A new pass filters every node afresh: the lowered ones are to be filtered again before its evaluation. */
        void newPass() {
            unfiltered.or(lowered);
        }

        /** {@code d} as the evaluations see it after the lowering so far. */
        Demand view(Demand d) {
            AvailRes res = this;
            return new Demand.Delegating(d) {
                @Override
                public int availCpus(int i) {
                    return refused.get(i) ? 0 : Math.min(d.availCpus(i), lowered(i));
                }

                @Override
                public int freeCpus(int i) {
                    return refused.get(i) ? 0 : Math.min(d.freeCpus(i), lowered(i));
                }

                @Override
                public void refused(int i) {
                    res.refuse(i);
                    d.refused(i);
                }

                @Override
                public void gave(int i, int offered, int given) {
                    gave(i, offered, given, given < offered);
                }

                @Override
                public void gave(int i, int offered, int given, boolean written) {
                    res.gave(i, offered, given, written, d);
                    // and the first pass's writes for the required nodes' filter of the second (FirstPassAvailCpus)
                    d.gave(i, offered, given);
                }
            };
        }
    }
}
