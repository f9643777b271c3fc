package org.topoplanner.allocator.slurm;

import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The CPUs a chosen node's cores are laid out for, once its tasks are known: the tasks' CPUs (or the CPUs its GPUs
 * ask for), raised to {@code pn_min_cpus}, 22.05's dealt-out count, and the cores the GPUs' sockets need
 * ({@code dist_tasks_gres_min_cpus}). What {@code cons_tres}'s cyclic or block core layout then takes.
 */
final class NodeCpuCount {
    private NodeCpuCount() {
    }

    /**
     * The CPUs of the {@code k}-th chosen node {@code n} (node index {@code i}), given every node's {@code tasks} and,
     * the dealt-out CPUs ({@code cpus22}: 22.05's layout, or a plane's in every release; else null).
     */
    static int of(SlurmNode n, int i, int k, int[] tasks, int[] cpus22, NodePick sel, CoreFilter.Result[] results,
                  SlurmJobSpec job, SlurmVersion version) {
        int cpus = tasks[k] * job.cpusPerTask();
        if (version == SlurmVersion.V22_05 && job.overcommitTasks() != null && !job.enforceBinding()) {
            // 22.05 -O: dist_tasks_compute_c_b (cons_tres/dist_tasks.c) lays one task per node out of a fresh
            // job_res->cpus (one_task_per_node: maxtasks = 0 after the first task and the fill of its core), and
            // dist_tasks_gres_min_cpus never runs, as gres_select_filter_sock_core sets min_cores_this_node only
            // with enforce-binding: neither --cpus-per-gpu nor _cpus_to_use's dealt count is kept (own probe c16g1
            // h1: -N1 -n8 --gpus=1 --cpus-per-gpu=3 -O runs on CPU 0 alone in 22.05.8)
            return Math.min(job.cpusPerTask(), results[i].availCpus());
        }
        if (job.cpusPerGpu() != null) {
            int g = job.gpusPerNode() != null ? job.gpusPerNode()
                    : job.gpusPerTask() != null ? job.gpusPerTask() * tasks[k] : 0;
            cpus = Math.max(cpus, g * job.cpusPerGpu());
        }
        if (job.minCpusPerNode() > cpus) {
            // 22.05's pn_min_cpus set apart from the tasks (MaxMemPer.perNodeMinimum22): _cpus_to_use gave
            // the node that many and the layout keeps them (own case mem2g g8: CPUs 0-4 for two tasks)
            cpus = Math.min(job.minCpusPerNode(), sel.cpusOr(i, results[i].availCpus()));
        }
        if (cpus22 != null) {
            // the dealt-out count is what the node gets, even below GPUs x CPUs-per-GPU (fuzz01 f1: 16
            // and 15 CPUs for 3 GPUs x 7 on the nodes after the first)
            cpus = cpus22[k];
        }
        if (version.atLeast(SlurmVersion.V24_11) && results[i].minCores() > 0) {
            // 24.11 raises a node's CPUs to the cores its GPUs need (dist_tasks_gres_min_cpus, called
            // from the cyclic layout): an enforce-binding job gets every usable core of its GPUs'
            // sockets (tree32 s4b: CPUs 16-31 for one task), but only as far as the CPUs gres_sched_add left the
            // node (GresSchedCpus; own probe c28d1 p4: h1 keeps one of its two cores in 26.05.5)
            int gresMin = results[i].minCores() * n.threadsPerCore();
            cpus = Math.max(cpus, Math.min(gresMin, GresSchedCpus.ceiling(results[i], sel.tasksOr(i, tasks[k]), job)));
        } else if (version == SlurmVersion.V22_05 && job.enforceBinding() && results[i].minCores() > 0) {
            // 22.05 raises them too (dist_tasks_compute_c_b ends with dist_tasks_gres_min_cpus), but
            // only as far as the CPUs _cpus_to_use gave the node: tree32 s4b keeps its 1 CPU, while the
            // first node of own case binding x8 (-N2 --gpus-per-node=3 --cpus-per-gpu=8, enforce-binding)
            // is raised to its 32 cores and the second stays at the 24 it was given. The ceiling is
            // avail_res->avail_cpus, which 22.05's _select_cores leaves at the CPUs before the GPU filter
            // and only _cpus_to_use lowers: a node it did not lower gets every core its GPUs need (own case
            // fuzz28 p3, -N3 -n3 -c1 --gpus-per-node=2 enforce-binding: g3's GPUs 3 and 5 on two sockets
            // give it CPUs 3 and 20 for its one task in 22.05.8). A node _cpus_to_use lowered keeps that count even
            // when it equals what the filter offered: the first node of lead case cmx11's m64 (-N2 -n2 -c1
            // --gpus-per-node=3 enforce-binding, b2: two threads a core, GPUs 1-3 on both sockets) is given 1 CPU
            // (2 - one core kept for b3), so dist_tasks_gres_min_cpus ("greater than avail_cpus") leaves it at one
            // core, CPUs 4-5, in 22.05.8, where the second node b3 (not lowered) gets its 3 sockets' cores
            int gresMin = results[i].minCores() * n.threadsPerCore();
            int given = sel.cpusOr(i, results[i].availCpus());
            boolean lowered = sel.loweredOr(i, given < results[i].availCpus());
            cpus = Math.max(cpus, lowered ? Math.min(gresMin, given) : gresMin);
        }
        return cpus;
    }
}
