package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * The sbatch options of an exported job: exactly the job's own request (its GPUs, tasks, CPUs,
 * {@code --gres-flags=enforce-binding}, {@code --switches}, {@code --exclusive} as the user asked them,
 * nothing added), pinned to the placement: {@code --nodes} is the planned node count and
 * {@code --nodelist} the planned nodes (compressed as {@code scontrol show hostlist} prints it), in
 * place of the request's own {@code -N}, {@code -w} and {@code -x}. The plan's GPU indices and CPU ids are
 * what Slurm picks for that request on those nodes (that is what the plan emulated); Slurm has no option
 * for them, and the job script's rank wrapper reports any difference at run time.
 *
 * @param request  the job's request as recorded in the plan
 * @param switches leaves of the written topology.conf the planned nodes sit under, {@code null} without a tree
 */
record SbatchPin(String name, List<String> hosts, JobRequest request, Integer switches) {

    static SbatchPin of(Placement p, JobRequest request, Map<String, String> leafOf) {
        List<String> hosts = p.hostNames();
        Integer switches = null;
        if (!leafOf.isEmpty() && hosts.stream().allMatch(leafOf::containsKey)) {
            switches = (int) hosts.stream().map(leafOf::get).distinct().count();
        }
        return new SbatchPin(p.job(), hosts, request, switches);
    }

    /** The request, renamed and pinned to the planned nodes. */
    JobRequest pinned() {
        return request.toBuilder().name(name).nodes(hosts.size(), null).nodelist(hosts).exclude(List.of()).build();
    }

    /** The options in sbatch spelling, one per {@code #SBATCH} line. */
    List<String> options() {
        return pinned().toSbatchArgs();
    }

    /**
     * The tasks Slurm starts on a planned node for this request: {@code --ntasks-per-node}; else
     * {@code --ntasks} spread over the nodes as Slurm's block distribution does; else one per
     * {@code --gpus-per-task} share of the node's GPUs; else one (sbatch's default: one task per node).
     */
    int tasksOn(Placement p, HostAllocation h) {
        if (request.ntasksPerNode() != null) {
            return request.ntasksPerNode();
        }
        int nodes = p.hosts().size();
        if (request.ntasks() != null) {
            int index = p.hosts().indexOf(h);
            int base = request.ntasks() / nodes;
            return base + (index < request.ntasks() % nodes ? 1 : 0);
        }
        if (request.gpusPerTask() != null && request.gpusPerTask() > 0) {
            return Math.max(1, h.gpus().size() / request.gpusPerTask());
        }
        return 1;
    }

    List<Integer> tasks(Placement p) {
        List<Integer> out = new ArrayList<>();
        p.hosts().forEach(h -> out.add(tasksOn(p, h)));
        return out;
    }
}
