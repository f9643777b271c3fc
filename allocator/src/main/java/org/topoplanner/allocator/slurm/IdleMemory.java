package org.topoplanner.allocator.slurm;

import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/**
 * What sbatch's test of a job sees of consumable memory: {@code select_nodes} with {@code test_only} runs cons_tres
 * {@code _select_nodes}, whose {@code _get_res_avail} asks {@code _can_job_run_on_node} of every node before the
 * topology plugin evaluates them ({@code topology_g_eval_nodes}: tree and block alike), and with {@code test_only}
 * a node's {@code avail_mem} is its {@code RealMemory} less {@code MemSpecLimit}, no running job's memory taken
 * (24.11.5 {@code job_test.c} lines 584-585, 26.05 lines 618-620). So the test caps each node's GPUs at that memory
 * over a per-GPU figure and its CPU count at that memory over a per-CPU figure, as a pass does on free memory.
 *
 * @param state  the idle cluster with the GPUs the memory cannot serve held ({@link FreeMemory#withGpusMemoryCannotServe})
 * @param perCpu each node's cap for a per-CPU figure ({@link FreeMemory#perCpuMemory}), {@code null} for none
 * @param key    the request's memory options, which with the cluster's defaults decide both (a verdict's cache key)
 */
record IdleMemory(ClusterState state, PerCpuMemory.Table perCpu, Key key) {
    /** A request's memory options ({@code --mem}, {@code --mem-per-cpu}, {@code --mem-per-gpu}; null: absent). */
    record Key(Long mem, Long memPerCpu, Long memPerGpu) {
    }

    static IdleMemory of(Cluster cluster, JobRequest request) {
        ClusterState empty = ClusterState.empty(cluster);
        return new IdleMemory(FreeMemory.withGpusMemoryCannotServe(empty, request),
                FreeMemory.perCpuMemory(empty, request),
                new Key(request.memMiB(), request.memPerCpuMiB(), request.memPerGpuMiB()));
    }
}
