package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 26.05's reason for a job the tree cannot place now: {@code _pick_best_nodes} ({@code node_scheduler.c}) turns a
 * topology error of the pick on the free resources ({@code IS_TOPO_ERROR(avail_pick_code)}) into the reason text.
 * cons_tres skips the all-free "test 0" for a job that shares no row, so the pick on what is free now decides: plain
 * {@code Resources} when fewer nodes than {@code -N} have CPUs for the job ({@code _select_nodes} fails before the
 * tree), else the error of the tree's first evaluation of the second pass ({@code common_topo_choose_nodes}'
 * {@code first_ec}, {@code eval_nodes_tree.c}), whose nodes start from what the failed first pass wrote into
 * their {@code avail_res->avail_cpus} ({@link FirstPassAvailCpus}). Each row replays an own case up to the job
 * (its real outputs: 26.05.5, {@code results/v26.05}) and reads the job's reason at submit; the emulation before
 * said {@code Resources} for the first three and for the last two (their second pass was evaluated from the free
 * CPUs, not from the first pass's).
 */
class TopoErrorPendingReasonTest {

    @ParameterizedTest(name = "{0} {1}: {2}")
    @CsvSource({
        // -N3 --cpus-per-gpu=6 --gpus-per-node=4 enforce-binding: nodes with 4 free GPUs and 24 free CPUs, too few
        // of them left by the socket filter
        "fuzz40, p8,  Insufficient_resources_in_topology_unit",
        "fuzz44, p37, Insufficient_resources_in_topology_unit",
        // -N2 -n6 --ntasks-per-socket=2 -c1 --gpus-per-task=1: the two nodes taken reach max_nodes short of six tasks
        "fuzz43, p30, Exceeded_maximum_node_limit_during_topology_allocation",
        // -n3 -c6 --gpus-per-task=2: the GPU total is not under the top switch
        "fuzz05, f45, Insufficient_resources_in_topology_unit",
        // -N3 --gpus-per-node=2: only two nodes have two free GPUs, the tree is never asked
        "fuzz07, f35, Resources",
        // -N3 --gpus=9 --cpus-per-gpu=8 --switches=1@10:00: the second pass starts m3 from the 16 CPUs the first
        // pass gave it (two GPUs), so k1, k3, m3 hold 8 GPUs at max_nodes; from m3's 24 free CPUs they held 9
        "fuzz88, p17, Exceeded_maximum_node_limit_during_topology_allocation",
        // --nodes=2 --gpus=9 --cpus-per-gpu=8 --switches=1@0:05: the same carry on two nodes
        "fuzz64, p3,  Exceeded_maximum_node_limit_during_topology_allocation",
        // -N2 --sockets-per-node=2 --gpus-per-socket=2 -n3 enforce-binding: no node has two sockets of two free GPUs
        // (_build_sock_gres_by_topo's per-socket limit in _can_job_run_on_node), so _select_nodes fails before the
        // tree, which found no unit for it where the limit was left out (PerSocketGres.offer)
        "featfz8, f34, Resources",
    })
    void theTreesFirstErrorIsTheReason(String caseName, String job, String reason) throws Exception {
        assertThat(reasonAtSubmit(caseName, job)).isEqualTo(reason);
    }

    /** The case's jobs replayed under 26.05 up to and including {@code job}: its reason when it was submitted. */
    private static String reasonAtSubmit(String caseName, String job) throws Exception {
        List<String> upTo = new ArrayList<>();
        for (String line : OracleCase.resource("cases/" + caseName + "/jobs.txt").lines().toList()) {
            upTo.add(line);
            if (line.startsWith("job " + job + " ")) {
                break;
            }
        }
        var script = JobScriptReader.read("jobs.txt", String.join("\n", upTo) + "\n").script();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        return new Replayer(OracleCase.cluster(caseName), policy).run(script).stream()
                .filter(e -> e instanceof ReplayEvent.Job j && j.name().equals(job))
                .map(e -> ((ReplayEvent.Job) e).reason())
                .findFirst().orElseThrow();
    }
}
