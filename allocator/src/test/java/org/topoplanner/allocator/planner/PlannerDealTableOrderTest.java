package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner's 22.05 task deal walks Slurm's node table, which 22.05's {@code _sort_node_record_table_ptr}
 * ({@code slurmctld/read_config.c}) sorts by name ({@code strnatcmp}; topology/tree ranks no node), not the order the
 * cluster defines its nodes in. mem2f defines u4 before f3: {@code -w u4,f3 -N2 -n8 --mem-per-cpu=500} under 22.05
 * is f3 6 CPUs (lowered to 8 less one core of u4's) + u4 2 in slurm-tree; dealt in definition order the planner held
 * u4 7 + f3 2 (one task), and u4's memory 3500 MB where Slurm holds 1000 (d25p's scan of 300 random
 * {@code -N -n [-O] --mem[-per-cpu]} jobs on the CR_CPU_Memory clusters: 20 such nodes, all on mem2f).
 */
class PlannerDealTableOrderTest {
    private static final PolicyOptions OPTIONS = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05);

    @Test
    void dealsInSlurmsNodeTableOrder() throws Exception {
        Cluster c = OracleCase.cluster("mem2f");
        ClusterState s = ClusterState.empty(c);
        JobRequest job = PlannerPolicyTest.job("-w u4,f3 -N2 -n8 --mem-per-cpu=500");
        Placement slurm = ((Suggestion.Placed) new SlurmTreePolicy(OPTIONS).suggest(s, job)).placement();
        Placement mine = ((Suggestion.Placed) new PlannerPolicy(OPTIONS).suggest(s, job)).placement();
        assertThat(cpus(slurm)).containsEntry("f3", 6).containsEntry("u4", 2);
        assertThat(cpus(mine)).isEqualTo(cpus(slurm));
    }

    private static Map<String, Integer> cpus(Placement p) {
        return p.hosts().stream().collect(Collectors.toMap(HostAllocation::host, a -> a.cpus().size()));
    }
}
