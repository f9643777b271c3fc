package org.topoplanner.allocator.slurm;

import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A partition's {@code MaxNodes} as the bound of a job's pick. {@code get_node_cnts} ({@code node_scheduler.c}, the same
 * in 22.05, 24.11 and 26.05) gives a job without a maximum of its own ({@code details->max_nodes} 0: no {@code -N})
 * the partition's {@code max_nodes}; {@code job_limits_check} does not test such a job against {@code MaxNodes}
 * ({@link JobLimitsCheck}), but the pick may then take no more nodes. A job whose CPUs the partition's largest nodes,
 * {@code MaxNodes} of them, cannot hold is never runnable there ({@code _pick_best_nodes}' {@code runable_ever}
 * false): sbatch's test refuses it, "Requested node configuration is not available" (own probe c18d1 a4,
 * {@code -p gpu -n20} on two nodes of 8 CPUs at most: refused by 22.05.8, 24.11.5 and 26.05.5). Only this CPU bound
 * is read here; the pick keeps to {@code MaxNodes} nodes through {@link #applied} ({@code max_nodes}).
 */
final class PartitionMaxNodes {
    private PartitionMaxNodes() {
    }

    /**
     * {@code job} with its partition's {@code MaxNodes} as the bound of its pick ({@link SlurmJobSpec#maxNodesOr}):
     * {@code get_node_cnts} gives a job without a maximum the partition's {@code max_nodes} and otherwise
     * {@code MIN(details->max_nodes, part_ptr->max_nodes)}, and {@code select_nodes} hands that {@code max_nodes} to
     * cons_tres; in 26.05 a {@code max_nodes} of 1 also takes {@code _get_one_res} ({@link FirstFitOneNode}). Own
     * case featfz11 f30 ({@code -p fat -n4 -c2 --gpus-per-task=1}, fat {@code MaxNodes=1}, 26.05.5): a1, a3 and a4
     * hold two such tasks each and no node four, so the job waits with {@code Resources}; the emulation spread it
     * over the three nodes.
     */
    static SlurmJobSpec applied(Cluster cluster, SlurmJobSpec job) {
        PartitionTable table = PartitionTable.of(cluster);
        if (table.partitions().isEmpty()) {
            return job;
        }
        return job.withPartitionMaxNodes(table.limits(table.partitionNamed(job.partition())).maxNodes());
    }

    /**
     * The refusal of a job without {@code -N} that {@code MaxNodes} nodes of its partition never hold, or null. The
     * CPUs counted are {@code details->min_cpus} ({@link PartitionCpuTotal#limitMinCpus}): every release's
     * {@code _copy_job_desc_to_job_record} ({@code slurmctld/job_mgr.c}) sets it and {@code orig_min_cpus} from one
     * {@code job_desc->min_cpus}, after {@code validate_job_create_req} raised it to a {@code --ntasks-per-gpu} job's
     * task CPUs, and the test-only pick's {@code eval_nodes} starts {@code rem_cpus} from it
     * ({@code cons_tres/job_test.c} in 22.05.8, {@code topology/common/eval_nodes.c} in 24.11.5 and 26.05).
     */
    static String refusal(Cluster cluster, JobRequest request, SlurmVersion version) {
        if (request.minNodes() != null) {
            return null;
        }
        SlurmPartition partition = PartitionTable.of(cluster).partitionOf(request);
        PartitionLimits limits = PartitionLimits.of(cluster, partition);
        if (partition == null || limits.maxNodes() == null) {
            return null;
        }
        long perNode = NodeMemory.mostCpusInPartition(cluster, request);
        if (limits.maxCpusPerNode() != null) {
            perNode = Math.min(perNode, limits.maxCpusPerNode());
        }
        // the test-only pick (_pick_best_nodes' runable_ever) counts details->min_cpus (eval_nodes' rem_cpus), which
        // _copy_job_desc_to_job_record sets with orig_min_cpus from the same job_desc->min_cpus: the figure
        // job_limits_check reads, raised for a --ntasks-per-gpu job's tasks (validate_job_create_req)
        long asked = PartitionCpuTotal.limitMinCpus(request, version);
        return asked > perNode * limits.maxNodes() ? "Requested node configuration is not available" : null;
    }
}
