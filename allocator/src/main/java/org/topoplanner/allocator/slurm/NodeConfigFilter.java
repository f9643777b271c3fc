package org.topoplanner.allocator.slurm;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * {@code _build_node_list}'s filter of node configurations ({@code slurmctld/node_scheduler.c}, the same in 22.05.8,
 * 24.11.5 and 26.05.5), which runs before {@code _pick_best_nodes} and so before any topology plugin. Each
 * configuration with nodes in the job's partition, not all excluded, is kept only when {@code cpus_ok} (the job's
 * {@code pn_min_cpus} at most {@code adjust_cpus_nppcu(ntasks_per_core, cpus_per_task, cores, cpus)}, which without
 * {@code --ntasks-per-core} is the configuration's CPU count), {@code mem_ok} ({@code pn_min_memory} without its
 * {@code MEM_PER_CPU} flag at most {@code RealMemory}), disk and socket checks pass; a configuration it filters sets
 * {@code _set_err_msg}'s text for its first failed check ("CPU count per node can not be satisfied" before "Memory
 * specification can not be satisfied"), so the last one filtered names it. When none is left the job gets {@code
 * ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE} with that text, which sbatch prints on its own line first; when one is
 * left the text is cleared ("Clear message about any nodes which fail ..."). Only the words of a refusal the
 * emulation already makes are set here: which jobs are refused is decided elsewhere.
 */
final class NodeConfigFilter {
    /** {@code _set_err_msg}'s text when {@code cpus_ok} is false. */
    static final String CPU_ERR_MSG = "CPU count per node can not be satisfied";
    /** {@code _set_err_msg}'s text when {@code mem_ok} is false (and {@code cpus_ok} true). */
    static final String MEMORY_ERR_MSG = "Memory specification can not be satisfied";
    private static final String NODE = "Requested node configuration is not available";
    private static final String TOPOLOGY = "Requested topology configuration is not available";

    private NodeConfigFilter() {
    }

    /**
     * {@code refusal} worded as {@code _build_node_list} words it when its filter leaves no node of the job's
     * partition; any other suggestion, or a refusal by an earlier check (not one of the two node-test codes), as it
     * is.
     */
    static Suggestion worded(Cluster cluster, JobRequest request, Suggestion refusal) {
        if (!(refusal instanceof Suggestion.Impossible i)
                || !(i.reason().startsWith(NODE) || i.reason().startsWith(TOPOLOGY))) {
            return refusal;
        }
        String errMsg = errMsgOfEveryNodeFiltered(cluster, request);
        if (errMsg == null || i.reason().startsWith(NODE + ": " + errMsg)) {
            return refusal;
        }
        return new Suggestion.Impossible(NODE + ": " + errMsg + ": no node of the partition has "
                + (errMsg.equals(CPU_ERR_MSG) ? pnMinCpus(request) + " CPUs" : memoryAsked(request) + " MB"));
    }

    /**
     * {@code _set_err_msg}'s text of the last configuration filtered when the filter leaves none, else null. The
     * cluster's nodes are read in their {@code NodeName} order ({@code config_list}, one configuration a line).
     */
    static String errMsgOfEveryNodeFiltered(Cluster cluster, JobRequest request) {
        Set<String> out = new HashSet<>(request.exclude());
        PartitionTable table = PartitionTable.of(cluster);
        if (!table.partitions().isEmpty()) {
            SlurmPartition partition = table.partitionOf(request);
            if (partition == null) {
                return null;
            }
            out.addAll(table.outside(partition));
        }
        Map<String, SlurmNode> nodes = FreeMemory.nodesByName(cluster);
        NodeMemory memory = NodeMemory.of(cluster);
        long cpus = pnMinCpus(request);
        Long mem = memoryAsked(request);
        String last = null;
        for (String host : cluster.hostNames()) {
            SlurmNode node = nodes.get(host);
            if (node == null || out.contains(host)) {
                continue;
            }
            Long real = memory.realMemory(host);
            if (node.cpus() < cpus) {
                last = CPU_ERR_MSG;
            } else if (mem != null && real != null && real < mem) {
                last = MEMORY_ERR_MSG;
            } else {
                return null;
            }
        }
        return last;
    }

    /**
     * {@code details->pn_min_cpus} as {@code _copy_job_desc_to_job_record} ({@code job_mgr.c}) sets it: at least
     * {@code cpus_per_task}, raised to {@code cpus_per_task * ntasks_per_node} for a job of more than one task
     * without {@code --overcommit} (sbatch sends {@code --ntasks-per-node} times {@code -N} as the task count when
     * {@code -n} is not given). GPU options add nothing here (own case c26i1 q6, {@code --gpus-per-node=4
     * --cpus-per-gpu=24} on nodes of at most 64 CPUs: no CPU message in any release).
     */
    static long pnMinCpus(JobRequest r) {
        long cpt = r.cpusPerTask() != null ? r.cpusPerTask() : 1;
        Integer ntpn = r.ntasksPerNode();
        if (ntpn == null || r.overcommit()) {
            return cpt;
        }
        long tasks = r.ntasks() != null ? r.ntasks() : (long) ntpn * (r.minNodes() != null ? r.minNodes() : 1);
        return tasks > 1 ? Math.max(cpt, cpt * ntpn) : cpt;
    }

    /**
     * The job's {@code pn_min_memory} without its {@code MEM_PER_CPU} flag, as asked: {@code --mem} or
     * {@code --mem-per-cpu} (both compared with {@code RealMemory} as they are); null for neither (a default
     * figure, not read here).
     */
    static Long memoryAsked(JobRequest r) {
        return r.memMiB() != null ? r.memMiB() : r.memPerCpuMiB();
    }
}
