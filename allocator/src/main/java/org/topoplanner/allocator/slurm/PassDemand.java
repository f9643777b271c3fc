package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.List;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What each node offers a job in one of {@link SlurmAllocation}'s passes, as the node choice asks it
 * ({@link NodeChooser.Demand}): the pass's core filter verdicts ({@code avail_res_array} after {@code _select_cores},
 * cons_tres {@code job_test.c}), the GPUs {@code gres_sched_add} credits, and what the evaluations write back.
 *
 * @param job the job
 * @param version the Slurm release emulated
 * @param firstPass whether this is the first pass (GPU-local cores only)
 * @param nodes the partition's nodes, by index
 * @param uses each node's free resources for the job, before the core filter
 * @param freeCpus each node's free CPUs as {@code _can_job_run_on_node} leaves {@code avail_res->avail_cpus}
 * @param weights each node's scheduling weight ({@link SchedWeight})
 * @param required the job's required ({@code -w}) nodes
 * @param carried the first pass's {@code avail_cpus} the second starts from ({@link FirstPassAvailCpus}); {@code
 *     null} where the release does not carry them
 * @param firstPassGpus 22.05's first-pass GPU totals ({@link FirstPassGpuTotal}); {@code null} where they do not
 *     carry
 * @param view this pass's verdicts, copied when a node is looked at again
 */
record PassDemand(SlurmJobSpec job, SlurmVersion version, boolean firstPass, List<SlurmNode> nodes, NodeUse[] uses,
                  int[] freeCpus, long[] weights, BitSet required, FirstPassAvailCpus carried,
                  FirstPassGpuTotal firstPassGpus, PassView view) implements NodeChooser.Demand {

    @Override
    public int availCpus(int i) {
        return view.get(i) == null ? 0 : view.get(i).availCpus();
    }

    @Override
    public void recount(int i, long credited) {
        view.own();
        view.creditedBefore(credited);
        view.set(i, job.exclusive() ? PassFilter.exclusive(nodes.get(i), uses[i], job, firstPass, version)
                : CoreFilter.select(nodes.get(i), uses[i], job, firstPass, job.enforceBinding(), version, credited));
    }

    @Override
    public void refilter(int i, int availCpus) {
        view.own();
        // a node looked at with GPUs the required ones gave already counted keeps its verdict
        if (!job.exclusive() && view.get(i) != null && (required.isEmpty() || job.gpuTotal() == null)) {
            view.set(i, CoreFilter.select(nodes.get(i), uses[i], job, firstPass, job.enforceBinding(), version, 0, 0,
                    availCpus));
        }
    }

    @Override
    public int nodeGpus(int i) {
        return job.enforceBinding() ? NodeGpuCredit.bindable(nodes.get(i), uses[i], uses[i].freeGpus())
                : uses[i].freeGpus().cardinality();
    }

    @Override
    public int gpusFor(int i) {
        CoreFilter.Result r = view.get(i);
        int free = r == null ? uses[i].freeGpus().cardinality()
                : job.enforceBinding() ? NodeGpuCredit.bindable(nodes.get(i), uses[i], r.gpus(uses[i]))
                : r.gpus(uses[i]).cardinality();
        if (job.cpusPerGpu() != null && r != null) {
            free = Math.min(free, r.availCpus() / job.cpusPerGpu());
        } else if (r != null) {
            free = Math.min(free, r.gpuCap());
        }
        if (r != null && version == SlurmVersion.V22_05 && job.enforceBinding()) {
            // 22.05's gres_sched_add (cons_tres/gres_sched.c) adds sock_data->total_cnt, which
            // gres_select_filter_sock_core (cons_common/gres_select_filter.c) zeroed for every socket whose free cores
            // serve no GPU at cpus_per_gres under enforce-binding (max_gres_socket): own case featfz5 f44 (--gpus=5
            // --ntasks-per-gpu=3 enforce-binding; a2 has 15 free cores by GPUs 0-3, 1 by GPU 7) credits a2 with 4,
            // so a3 adds the fifth (22.05.8), where the replay counted GPU 7 and kept the job on a2
            free = (int) Math.min(free, r.totalCnt());
        }
        if (r != null && (version.atLeast(SlurmVersion.V26_05)
                || version == SlurmVersion.V24_11 && job.gpuTotal() != null)) {
            // gres_sched_add credits what the core filter left (sock_gres->total_cnt): the sockets it
            // counted, so none of a socket whose cores are all busy (first pass); 24.11 too for the
            // per-job count gres_sched_consec sums (own case fuzz27 p24, -N3 --gpus=9: g1 counts 2 on the
            // first pass, which fails, RequiredNodesInTurnTest)
            free = (int) Math.min(free, r.gresCap());
        }
        return firstPassGpus == null ? free : firstPassGpus.credit(i, free, firstPass);
    }

    @Override
    public long gresCap(int i) {
        return view.get(i) == null ? Long.MAX_VALUE : view.get(i).gresCap();
    }

    @Override
    public void gave(int i, int offered, int given) {
        if (firstPass && carried != null) {
            carried.gave(i, offered, given, gpusFor(i), job);
        }
    }

    @Override
    public void refused(int i) {
        if (firstPass && carried != null) {
            carried.refused(i);
        }
    }

    @Override
    public long creditedBefore() {
        return view.creditedBefore();
    }

    @Override
    public int freeCpus(int i) {
        return freeCpus[i];
    }

    @Override
    public int partitionCpus(int i) {
        return job.partitionCpusPerNode() == null ? PartitionCpuCap.NONE
                : PartitionCpuCap.limit(nodes.get(i), uses[i], job);
    }

    @Override
    public PerSocketGres.Offer perSocketOffer(int i) {
        return job.gpusPerSocket() == null ? null
                : PerSocketGres.offer(nodes.get(i), uses[i], freeCpus[i], job.gpusPerSocket(), job.enforceBinding());
    }

    @Override
    public int allocateScCpus(int i) {
        return NtasksPerSocketCpus.of(nodes.get(i), uses[i].freeCores(), job, freeCpus[i]);
    }

    @Override
    public int oneSocketCpus(int i) {
        return CoreFilter.oneSocketCpus(nodes.get(i), uses[i], job);
    }

    @Override
    public long weight(int i) {
        return weights[i];
    }

    @Override
    public int gresMaxTasks(int i) {
        return view.get(i) == null ? CoreFilter.NO_VAL : view.get(i).maxTasks();
    }

    @Override
    public int gresMinCpus(int i) {
        return version.atLeast(SlurmVersion.V24_11) && view.get(i) != null
                ? view.get(i).minCores() * nodes.get(i).threadsPerCore() : 0;
    }
}
