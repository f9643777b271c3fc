package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A {@code -w} list with more nodes than {@code -n} has tasks ({@link NodeListCount}, {@link SbatchNodeList}):
 * {@code sbatch}'s {@code _opt_verify} sets the node count to the task count; 22.05's {@code sbatch} then keeps the first names of
 * the sorted list as required nodes, 24.11's and 26.05's {@code _job_create} make the list an exclusion of every
 * other node. Own probe fuzz49 p9 ({@code -w q2,h6,s4 -N3 --gpus=2 -n2 -c3}) on fuzz49's cluster: real 22.05.8 runs
 * it on h6 and q2, 24.11.5 and 26.05.5 on h6 and s4 (a state with busy nodes); taken as three required nodes it was
 * refused in every version.
 */
class NodeListMoreThanTasksTest {
    private static final String JOB = "-w q2,h6,s4 -N3 --gpus=2 -n2 -c3";

    @Test
    void slurm2205KeepsTheFirstNamesOfTheSortedList() throws Exception {
        assertThat(suggest(SlurmVersion.V22_05)).isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(
                p.placement().hosts()).extracting(HostAllocation::host).containsExactlyInAnyOrder("h6", "q2"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"24.11", "26.05"})
    void laterReleasesChooseTwoOfTheNamedNodes(String version) throws Exception {
        Suggestion s = suggest(SlurmVersion.parse(version).orElseThrow());
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(p.placement().hosts())
                .extracting(HostAllocation::host).hasSize(2).isSubsetOf("q2", "h6", "s4"));
    }

    private static Suggestion suggest(SlurmVersion version) throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version));
        return slurm.suggest(ClusterState.empty(OracleCase.cluster("fuzz49")), SbatchOptions.parseLine(JOB, "j"));
    }
}
