package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.job.SbatchOptions;

/**
 * A {@code --gpus=N} job on more nodes than N: {@code _set_job_bits1}'s {@code MIN(max_gres, total_cnt)} compares
 * an {@code int} with a {@code uint64_t}, so in 24.11 and 26.05 a negative rest takes the node's whole credit
 * ({@link PerJobGpuPick#ceiling}); 22.05 has no such {@code MIN} and picks one GPU. Own probe g9c z3 on its idle
 * cluster (real 22.05.8, 24.11.5, 26.05.5).
 */
class PerJobGpuCeilingTest {
    private static final String Z3 = "-n10 --ntasks-per-socket=1 -c3 --gpus=4";
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("g9c"));

    private Map<String, List<Integer>> gpus(SlurmVersion v) throws Exception {
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(idle, SbatchOptions.parseLine(Z3, "z3"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hosts().stream()
                .collect(Collectors.toMap(HostAllocation::host, HostAllocation::gpus));
    }

    @Test
    void aNegativeRestTakesTheNodesCreditFrom2411() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            Map<String, List<Integer>> g = gpus(v);
            assertThat(g.get("a1")).as("%s a1", v).containsExactly(0, 1, 2, 3);
            assertThat(g.get("f1")).as("%s f1", v).containsExactly(0, 1, 2, 3);
            assertThat(g.get("s1")).as("%s s1", v).containsExactly(0, 1);
            assertThat(g.values().stream().mapToInt(List::size).sum()).as("%s GPUs of a job of 4", v).isEqualTo(22);
        }
    }

    @Test
    void twentyTwoOhFivePicksOneGpuWhereTheRestIsNegative() throws Exception {
        Map<String, List<Integer>> g = gpus(SlurmVersion.V22_05);
        assertThat(g.get("a1")).containsExactly(4);
        assertThat(g.get("s2")).containsExactly(0);
        assertThat(g.get("f1")).isEmpty();
    }

    @Test
    void theCeilingIsUnsignedOnlyFrom2411() {
        assertThat(PerJobGpuPick.ceiling(-2, 4, SlurmVersion.V24_11)).isEqualTo(4);
        assertThat(PerJobGpuPick.ceiling(-2, 4, SlurmVersion.V26_05)).isEqualTo(4);
        assertThat(PerJobGpuPick.ceiling(0, 4, SlurmVersion.V24_11)).isZero();
        assertThat(PerJobGpuPick.ceiling(3, 2, SlurmVersion.V24_11)).isEqualTo(2);
        assertThat(PerJobGpuPick.ceiling(-2, 4, SlurmVersion.V22_05)).isEqualTo(-2);
        assertThat(PerJobGpuPick.ceiling(3, 2, SlurmVersion.V22_05)).isEqualTo(3);
    }
}
