package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _set_task_bits} ({@code cons_tres/gres_select_filter.c}): a {@code --gpus-per-task} job's GPUs on a node are
 * picked socket by socket, each socket giving up to its own tasks' GPUs (tasks counted from the chosen cores,
 * {@code _build_tasks_per_node_sock}), then GPUs bound to no socket, and only without enforce-binding the other
 * sockets' GPUs. 26.05.5 returns {@code ESLURM_INVALID_GRES} when GPUs are still needed, so the job does not start
 * ({@code Resources}); 24.11.5's same function is {@code void}, logs the shortage and runs the job on fewer GPUs.
 * Probe yamlfz24p (own case yamlfz24's files, results/v26.05/yamlfz24p.jsonl; slurmctld logged {@code _set_task_bits:
 * Insufficient gres/gpu allocated ... gres still needed 1} for y2, d and f): in partition tree2 only p2 is free (2 x 16
 * cores, GPUs 0-1 on socket 0, GPU 2 on socket 1); {@code -n3 -c1} takes cores 0, 16, 17, so socket 1 holds two tasks
 * and one GPU.
 */
class SetTaskBitsEnforceBindingTest {
    private static final Cluster YAMLFZ24 = OracleCase.clusterWithTopologyYaml("yamlfz24");

    /** The state after the probe's y0 (exclusive on g1, g2, p1, p3) and y1 (m1, p4). */
    private static ClusterState onlyP2FreeInTree2() {
        return ClusterState.empty(YAMLFZ24)
                .with(new Placement("y0", List.of(
                        HostAllocation.of("g1", List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.range(0, 31)),
                        HostAllocation.of("g2", List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.range(0, 31)),
                        HostAllocation.of("p1", List.of(0, 1, 2), CpuSet.range(0, 31)),
                        HostAllocation.of("p3", List.of(0, 1, 2), CpuSet.range(0, 31)))))
                .with(new Placement("y1", List.of(HostAllocation.of("m1", List.of(0, 1), CpuSet.range(0, 1)),
                        HostAllocation.of("p4", List.of(0, 1), CpuSet.range(0, 0)))));
    }

    private static Suggestion suggest(SlurmVersion v, String args) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(onlyP2FreeInTree2(), SbatchOptions.parseLine(args, "y"));
    }

    private static HostAllocation onP2(Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        List<HostAllocation> hosts = ((Suggestion.Placed) s).placement().hosts();
        assertThat(hosts).extracting(HostAllocation::host).containsExactly("p2");
        return hosts.get(0);
    }

    @Test
    void twentySixWaitsWhenASocketHoldsMoreTasksThanGpusUnderEnforceBinding() throws Exception {
        for (String args : List.of("-p tree2 -n3 -c1 --gpus-per-task=1 --gres-flags=enforce-binding",
                "-p tree2 -N1 -n3 -c1 --gpus-per-task=1 --gres-flags=enforce-binding",
                "-p flat -w p2 -n3 -c1 --gpus-per-task=1 --gres-flags=enforce-binding")) {
            Suggestion s = suggest(SlurmVersion.V26_05, args);
            assertThat(s).as(args).isInstanceOf(Suggestion.Pending.class);
            assertThat(((Suggestion.Pending) s).reason()).as(args).isEqualTo(PendingReason.RESOURCES);
        }
    }

    @Test
    void withoutEnforceBindingTheOtherSocketsGpusMakeUpTheShortage() throws Exception {
        HostAllocation a = onP2(suggest(SlurmVersion.V26_05, "-p tree2 -n3 -c1 --gpus-per-task=1"));
        assertThat(a.gpus()).containsExactly(0, 1, 2);
        assertThat(a.cpus()).isEqualTo(CpuSet.parse("0,16-17"));
    }

    @Test
    void tasksThatMatchTheirSocketsGpusRun() throws Exception {
        // -n2: both tasks on socket 0 with GPUs 0 and 1 (26.05.5: CPUs 0-1)
        HostAllocation b = onP2(suggest(SlurmVersion.V26_05,
                "-p tree2 -n2 -c1 --gpus-per-task=1 --gres-flags=enforce-binding"));
        assertThat(b.gpus()).containsExactly(0, 1);
        assertThat(b.cpus()).isEqualTo(CpuSet.range(0, 1));
        // --gpus=3 is a per-job count (_set_job_bits1), not this rule: 26.05.5 runs it on CPUs 0, 16, 17
        HostAllocation c = onP2(suggest(SlurmVersion.V26_05, "-p tree2 -n3 -c1 --gpus=3 --gres-flags=enforce-binding"));
        assertThat(c.gpus()).containsExactly(0, 1, 2);
    }
}
