package org.topoplanner.allocator.slurm;

/**
 * What an {@code --exclusive} GPU job counts on a node: the node's cores whole, but the CPUs the GPU core filter left
 * it. {@code eval_nodes_select_cores} (24.11 and 26.05 {@code topology/common/eval_nodes.c}; 22.05
 * {@code _select_cores} in {@code select/cons_common/job_test.c}) has no {@code whole_node} case: for any job with
 * GRES it runs {@code gres_filter_sock_core} ({@code topology/common/gres_filter.c}), whose first pass keeps only the
 * sockets whose GPUs meet the per-node count ({@code req_sock}) and lowers {@code avail_cpus} to their cores. Only
 * afterwards does the allocation take the node whole ({@code _cpus_to_use} returns for {@code whole_node},
 * {@code gres_ctld_job_select_whole_node}).
 *
 * <p>Where it shows: 26.05's one-node test ({@code _get_one_res} in {@code select/cons_tres/job_test.c}, then
 * {@code common_test_node} in {@code topology/common/common_topo.c}: {@code min_cpus > avail_cpus} fails the node)
 * walks the nodes in its first pass and takes the first that passes, so a node whose GPU socket holds fewer cores than
 * the job's CPUs is passed over for one whose GPUs are bound to no socket ({@code cnt_any_sock}, every socket kept).
 * Lead case featfz24 f12 ({@code -N1 -n4 -c5 --gpus-per-node=1 --exclusive}, 26.05.5): a2 to a4 keep 16 of 32 CPUs
 * (GPUs 0-3 on cores 0-15), b1, b2 and b4 one socket's 16 or 8, so the job runs on c1 (4 GPUs without
 * {@code Cores=}, 32 CPUs); 24.11.5 and 22.05.8 fail that first pass on the tree (leafa's a2 alone is short of 20
 * CPUs) and take a2 whole in the second pass, where no socket is cut.
 */
final class ExclusiveGpuCount {
    private ExclusiveGpuCount() {
    }

    /** The {@code whole} node's cores with the {@code filtered} count, tasks and GPU caps. */
    static CoreFilter.Result counted(CoreFilter.Result whole, CoreFilter.Result filtered) {
        return new CoreFilter.Result(whole.availCores(), filtered.availCpus(), 0, null, filtered.maxTasks(),
                filtered.gresCap(), filtered.gpuCap(), filtered.totalCnt());
    }
}
