package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.resources.ShippedData;

/**
 * A plan's state records the partition each placed job certainly runs in, so that a capped partition counts only
 * its own jobs' cores against {@code MaxCPUsPerNode} as Slurm does ({@code _allocate_sc}'s {@code part_core_map},
 * h21d), and none where Slurm's choice is not known (a job of several partitions that each hold its hosts), which
 * then counts against every asking job's partition as before.
 */
class PlanStatesPartitionTest {
    private static final Cluster CLUSTER = withPartitions(ShippedData.exampleCluster());

    private static Cluster withPartitions(Cluster c) {
        Map<String, String> keys = new LinkedHashMap<>(c.slurm().keys());
        keys.put("PartitionName.gpu", "Nodes=ALL Default=YES State=UP");
        keys.put("PartitionName.cap", "Nodes=" + String.join(",", c.hostNames().subList(0, 2))
                + " MaxCPUsPerNode=4 State=UP");
        return new Cluster(c.name(), c.fabric(), c.nodes(), c.hosts(),
                new SlurmSettings(c.slurm().nodeLines(), c.slurm().gres(), keys), c.kubernetes(), c.nvlink());
    }

    private static Placement on(String job, String host) {
        return new Placement(job, List.of(HostAllocation.of(host, List.of(), CpuSet.of(0))));
    }

    @Test
    void eachPlacedJobRunsInTheOnePartitionItCertainlyRunsIn() {
        List<String> hosts = CLUSTER.hostNames();
        Plan plan = Plan.of(CLUSTER)
                .withJob(new Job("dflt", List.of("-n1")), on("dflt", hosts.get(0)))
                .withJob(new Job("capped", List.of("-p", "cap", "-n1")), on("capped", hosts.get(1)))
                .withJob(new Job("either", List.of("-p", "cap,gpu", "-n1")), on("either", hosts.get(0)))
                .withJob(new Job("outside", List.of("-p", "cap,gpu", "-n1")), on("outside", hosts.get(2)));
        var state = plan.state();
        assertThat(state.partitionOf("dflt")).isEqualTo("gpu");
        assertThat(state.partitionOf("capped")).isEqualTo("cap");
        // both partitions hold the host: Slurm's choice is not known, so none is recorded
        assertThat(state.partitionOf("either")).isNull();
        // only gpu holds the host
        assertThat(state.partitionOf("outside")).isEqualTo("gpu");
    }
}
