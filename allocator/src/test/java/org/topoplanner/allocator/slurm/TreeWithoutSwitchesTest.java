package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A cluster imported from {@code slurm.conf} and {@code gres.conf} alone (no {@code topology.conf}, no fabric dump)
 * has no switch: Slurm selects its nodes without a topology (22.05 {@code _eval_nodes} takes
 * {@code _eval_nodes_topo} only when {@code switch_record_cnt} is set), so slurm-tree places jobs there as
 * {@link FlatSelector} does instead of refusing every one ("Requested node configuration is not available").
 */
class TreeWithoutSwitchesTest {

    @Test
    void jobsArePlacedOnAClusterWithoutSwitchesInEveryRelease() {
        Cluster withTree = OracleCase.cluster("memgpu1");
        FabricBuilder hostsOnly = new FabricBuilder();
        withTree.hostNames().forEach(hostsOnly::addHost);
        Cluster noSwitches = new Cluster(withTree.name(), hostsOnly.build(), withTree.nodes(), withTree.hosts(),
                withTree.slurm(), null);
        JobRequest cpu = JobRequest.builder().name("c").nodes(1).ntasks(1).cpusPerTask(1).build();
        JobRequest gpu = JobRequest.builder().name("g").nodes(2).ntasks(2).cpusPerTask(1).gpusPerNode(1).build();
        for (SlurmVersion v : SlurmVersion.values()) {
            SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            for (JobRequest job : List.of(cpu, gpu)) {
                Suggestion onTree = policy.suggest(ClusterState.empty(withTree), job);
                Suggestion flat = policy.suggest(ClusterState.empty(noSwitches), job);
                assertThat(flat).as("%s under %s", job.name(), v.label()).isInstanceOf(Suggestion.Placed.class);
                // one leaf holds every node of memgpu1: the tree and the flat selection agree on the idle cluster
                assertThat(((Suggestion.Placed) flat).placement()).as("%s under %s", job.name(), v.label())
                        .isEqualTo(((Suggestion.Placed) onTree).placement());
            }
        }
    }
}
