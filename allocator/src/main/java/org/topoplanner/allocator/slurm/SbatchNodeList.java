package org.topoplanner.allocator.slurm;

import java.util.List;
import org.topoplanner.model.hostlist.NaturalOrder;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The node list 22.05's {@code sbatch} sends for a job that names more nodes ({@code -w}) than it has tasks
 * ({@code -n}). {@code _opt_verify} ({@code src/sbatch/opt.c}) makes the node list's size the minimum node count
 * ({@code hostlist_uniq}, which also sorts it), and with fewer tasks than that warns "can't run 2 processes on 3
 * nodes, setting nnodes to 2", sets the node count to the task count and pops the hosts past it off the end of the
 * sorted list. So the job asks for the first {@code -n} of the named nodes only. Own case fuzz41 p23
 * ({@code -w g2,g5,h3 --gpus=3 -n2 -c3} enforce-binding) runs on g2 and g5 in 22.05.8. 24.11's and 26.05's sbatch
 * lower the count without touching the list (their {@code _opt_verify} has no {@code hostlist_pop}); they are left
 * as they are.
 */
final class SbatchNodeList {
    private SbatchNodeList() {
    }

    /** {@code request} as 22.05's sbatch sends it; unchanged in other versions and where the tasks cover the list. */
    static JobRequest sent(JobRequest request, SlurmVersion version) {
        if (version != SlurmVersion.V22_05 || request.ntasks() == null || request.nodelist().isEmpty()) {
            return request;
        }
        List<String> hosts = request.nodelist().stream().distinct().sorted(NaturalOrder.INSTANCE).toList();
        int tasks = request.ntasks();
        int minNodes = Math.max(hosts.size(), request.minNodes() == null ? 0 : request.minNodes());
        if (tasks >= minNodes || hosts.size() <= tasks) {
            return request;
        }
        return request.toBuilder().nodes(tasks, tasks).nodelist(hosts.subList(0, tasks)).build();
    }
}
