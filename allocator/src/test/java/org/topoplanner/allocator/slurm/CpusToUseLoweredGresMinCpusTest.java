package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05's {@code dist_tasks_gres_min_cpus} ({@code select/cons_common/dist_tasks.c}) raises a node's CPUs to the cores
 * its GPUs' sockets need ({@code gres_min_cores} from {@code gres_select_filter_sock_core}) only as far as the node's
 * {@code avail_res->avail_cpus}, which {@code _cpus_to_use} ({@code select/cons_tres/job_test.c}) rewrites whenever the
 * CPUs the node offers exceed what the job still wants ({@code *avail_cpus > rem_max_cpus}), even to the very count
 * the node offered. Lead case cmx11 m64 ({@code -N2 -n2 -c1 --gpus-per-node=3 --gres-flags=enforce-binding}) on
 * cmx11's state at m64: b2 (2 x 8 cores, two threads a core; GPUs 1-3 free, on both sockets) is added first with
 * {@code rem_max_cpus} 2 less one core's 2 CPUs kept for the next node, so it is given 1 CPU (its offer after the
 * filter, 1) and keeps one core, CPUs 4-5, in real 22.05.8 (stored run and an unchanged rerun); b3 (not lowered) gets
 * a core on each of its GPUs' three sockets. The lines come from replaying cmx11's own script (the replay's state at
 * m64 is the real one: every earlier line matches).
 */
class CpusToUseLoweredGresMinCpusTest {

    /** m64's line when lead case cmx11's script is replayed through the policy of {@code version}. */
    private static Placement m64(SlurmVersion version) throws Exception {
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/cmx11/jobs.txt")).script();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version));
        List<ReplayEvent.Job> lines = new Replayer(OracleCase.cluster("cmx11"), policy).run(script).stream()
                .filter(e -> e instanceof ReplayEvent.Job j && j.name().equals("m64")
                        && j.moment() == ReplayEvent.Moment.SUBMIT)
                .map(e -> (ReplayEvent.Job) e).toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0).placement()).as("m64 starts at submission").isNotNull();
        return lines.get(0).placement();
    }

    private static HostAllocation on(Placement p, String host) {
        return p.hosts().stream().filter(h -> h.host().equals(host)).findFirst().orElseThrow();
    }

    @Test
    void theFirstNodeLoweredToItsOwnOfferKeepsOneCoreIn2205() throws Exception {
        Placement p = m64(SlurmVersion.V22_05);
        assertThat(p.hosts()).extracting(HostAllocation::host).containsExactly("b2", "b3");
        assertThat(on(p, "b2").cpus().toList()).containsExactly(4, 5);
        assertThat(on(p, "b2").gpus()).containsExactly(1, 2, 3);
        // b3 was not lowered (the 1 CPU still wanted is all it offers): a core on each of its GPUs' sockets
        assertThat(on(p, "b3").cpus().toList()).containsExactly(0, 8, 16);
    }

    @Test
    void twentySixOhFiveRaisesTheLoweredNodeToItsGpusCores() throws Exception {
        // 26.05's eval_nodes_cpus_to_use never lowers a node below its own gres_min_cpus: b2 gets a core on each
        // GPU socket (real 26.05.5: b2 CPUs 0,1,16,17 with GPUs 0-2, b3 0,8,16)
        Placement p = m64(SlurmVersion.V26_05);
        assertThat(on(p, "b2").cpus().toList()).containsExactly(0, 1, 16, 17);
    }
}
