package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/** The topology plugin's part of Slurm's selection: which nodes, given what each node offers the job. */
interface NodeChooser {

    /** What the choice needs to know about the job on each node (Slurm node indices). */
    interface Demand {
        /** Usable CPUs of node {@code i} for this job after the core filter, 0 when unusable. */
        int availCpus(int i);

        /** GPUs node {@code i} adds toward a per-job GPU count ({@code --gpus}). */
        int gpusFor(int i);

        /**
         * The most GPUs node {@code i}'s core filter lets it add toward a per-job count ({@code sock_gres->total_cnt}
         * after {@code gres_filter_sock_core}); unbounded unless a filter said otherwise.
         */
        default long gresCap(int i) {
            return Long.MAX_VALUE;
        }

        /**
         * The GPUs node {@code i} has for this job, not capped by what the job asks of one node: cons_tres's
         * {@code avail_gpus} ({@code sock_gres->total_cnt} summed in {@code gres_select_filter_remove_unusable}, so with
         * enforce-binding none of a socket without a free core), which {@code avail_res_prod} multiplies with the CPUs.
         */
        default int nodeGpus(int i) {
            return gpusFor(i);
        }

        /** Free CPUs of node {@code i} before any filtering (24.11 counts them per switch). */
        int freeCpus(int i);

        /**
         * The CPUs the job's partition lets it have on node {@code i} ({@link PartitionCpuCap#limit}: {@code
         * _allocate_sc}'s {@code part_cpu_limit}, 0 when its used CPUs reach {@code MaxCPUsPerNode}); {@link
         * PartitionCpuCap#NONE} without a cap.
         */
        default int partitionCpus(int i) {
            return PartitionCpuCap.NONE;
        }

        /**
         * What node {@code i} offers a {@code --gpus-per-socket} job before the topology plugin ({@link
         * PerSocketGres#offer}); {@code null} where it is not known (then only {@link #freeCpus} and {@link #nodeGpus}
         * say whether the node is usable).
         */
        default PerSocketGres.Offer perSocketOffer(int i) {
            return null;
        }

        /**
         * The CPUs node {@code i} offers to 22.05's {@code avail_res_cnt}: its free CPUs, fewer with
         * {@code --ntasks-per-socket} ({@link NtasksPerSocketCpus}).
         */
        default int allocateScCpus(int i) {
            return freeCpus(i);
        }

        /**
         * The CPUs node {@code i} offers to 22.05's and 24.11's {@code avail_res_cnt} when the job is given one socket
         * per node ({@link CoreFilter#oneGpuSocket}): its free CPUs less the cores of the GPU sockets the
         * sockets-per-node limit cleared ({@link CoreFilter#oneSocketCpus}); the filtered CPUs where not known.
         */
        default int oneSocketCpus(int i) {
            return availCpus(i);
        }

        /** Node {@code i}'s scheduling weight for this job ({@link SchedWeight}); lower goes first. */
        long weight(int i);

        /**
         * Whether this is the core filter's first pass (GPU-local cores only); the topology step's retries over
         * fewer nodes come in the second one ({@code common_topo_choose_nodes}).
         */
        default boolean firstPass() {
            return false;
        }

        /**
         * Looks at node {@code i} again with {@code credited} GPUs of the job's per-job count already counted
         * ({@code gres_js->total_gres}, which lowers what the core filter lets the node give, {@code _set_max_gres});
         * afterwards {@link #availCpus} and {@link #gpusFor} answer for node {@code i} as looked at last, and a
         * choice of node {@code i} takes these cores. 26.05's one-node test counts on from node to node
         * ({@link FirstFitOneNode}).
         */
        void recount(int i, long credited);

        /**
         * The GPUs counted toward the per-job count before the node looked at last with {@link #recount} (0 when
         * none was): the chosen node is credited only the rest ({@code gres_sched_add}).
         */
        long creditedBefore();

        /**
         * Node {@code i}'s {@code gres_min_cpus}: the CPUs of the cores its GPUs need (enforce-binding or
         * {@code --cpus-per-gpu}), which 24.11's {@code eval_nodes_cpus_to_use} keeps; 0 where there is none or
         * the version does not keep it (22.05's {@code _cpus_to_use} reads only the job's {@code min_gres_cpu}).
         */
        default int gresMinCpus(int i) {
            return 0;
        }

        /** Node {@code i}'s {@code gres_max_tasks}: the tasks its GPUs allow ({@link CoreFilter#NO_VAL}: no limit). */
        default int gresMaxTasks(int i) {
            return CoreFilter.NO_VAL;
        }

        /**
         * The evaluation added node {@code i}, which gives {@code given} of the {@code offered} CPUs
         * ({@code _cpus_to_use}, 24.11 {@code eval_nodes_cpus_to_use}). Slurm writes that into the node's
         * {@code avail_res}, which later evaluations of the same selection read ({@link KnapsackRetry.AvailRes});
         * nothing to do where no retry reads it.
         */
        default void gave(int i, int offered, int given) {
        }

        /**
         * As {@link #gave(int, int, int)}, told whether {@code _cpus_to_use} took its {@code *avail_cpus >
         * rem_max_cpus} branch ({@code written}, {@link CpusToUse#lowers}): 22.05 writes the count into
         * {@code avail_res->avail_cpus} there even when it equals what the node offered, an offer the GPU filter
         * had already cut below the node's {@code avail_res->avail_cpus} ({@link KnapsackRetry.AvailRes}).
         */
        default void gave(int i, int offered, int given, boolean written) {
            gave(i, offered, given);
        }

        /**
         * Runs node {@code i}'s core filter again from {@code availCpus}, the {@code avail_res->avail_cpus} an earlier
         * evaluation of this selection lowered it to (22.05 {@code _select_cores} starts from it); afterwards
         * {@link #availCpus} and the chosen cores answer from that filter. Nothing to do where no filter runs.
         */
        default void refilter(int i, int availCpus) {
        }

        /**
         * The evaluation found no use for node {@code i} after {@code _cpus_to_use} ({@code eval_nodes_gres},
         * 24.11/26.05 {@code topology/common/eval_nodes.c}: {@code use_node} false), and wrote
         * {@code avail_res->avail_cpus = 0}, which later evaluations of the same selection read
         * ({@link KnapsackRetry.AvailRes}, {@link FirstPassAvailCpus}); nothing to do where no retry reads it.
         */
        default void refused(int i) {
        }

        /** A demand that answers as {@code inner} except where a subclass says otherwise. */
        abstract class Delegating implements Demand {
            private final Demand inner;

            protected Delegating(Demand inner) {
                this.inner = inner;
            }

            @Override
            public int availCpus(int i) {
                return inner.availCpus(i);
            }

            @Override
            public int gpusFor(int i) {
                return inner.gpusFor(i);
            }

            @Override
            public int nodeGpus(int i) {
                return inner.nodeGpus(i);
            }

            @Override
            public long gresCap(int i) {
                return inner.gresCap(i);
            }

            @Override
            public int freeCpus(int i) {
                return inner.freeCpus(i);
            }

            @Override
            public int partitionCpus(int i) {
                return inner.partitionCpus(i);
            }

            @Override
            public PerSocketGres.Offer perSocketOffer(int i) {
                return inner.perSocketOffer(i);
            }

            @Override
            public int allocateScCpus(int i) {
                return inner.allocateScCpus(i);
            }

            @Override
            public int oneSocketCpus(int i) {
                return inner.oneSocketCpus(i);
            }

            @Override
            public long weight(int i) {
                return inner.weight(i);
            }

            @Override
            public boolean firstPass() {
                return inner.firstPass();
            }

            @Override
            public void recount(int i, long credited) {
                inner.recount(i, credited);
            }

            @Override
            public long creditedBefore() {
                return inner.creditedBefore();
            }

            @Override
            public int gresMinCpus(int i) {
                return inner.gresMinCpus(i);
            }

            @Override
            public int gresMaxTasks(int i) {
                return inner.gresMaxTasks(i);
            }

            @Override
            public void gave(int i, int offered, int given) {
                inner.gave(i, offered, given);
            }

            @Override
            public void refilter(int i, int availCpus) {
                inner.refilter(i, availCpus);
            }

            @Override
            public void refused(int i) {
                inner.refused(i);
            }
        }
    }

    /** The chosen nodes, or {@code null} when the job does not fit now. */
    NodePick select(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus);
}
