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

        /** Free CPUs of node {@code i} before any filtering (24.11 counts them per switch). */
        int freeCpus(int i);

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
    }

    /** The chosen nodes, or {@code null} when the job does not fit now. */
    NodePick select(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus);
}
