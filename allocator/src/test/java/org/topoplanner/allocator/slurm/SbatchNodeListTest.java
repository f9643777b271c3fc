package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05's sbatch ({@code _opt_verify}, "can't run 2 processes on 3 nodes, setting nnodes to 2") pops the named
 * nodes past the task count off the end of the sorted node list. Own case fuzz41 p23: 22.05.8 runs
 * {@code -w g2,g5,h3 --gpus=3 -n2 -c3} enforce-binding on g2 and g5.
 */
class SbatchNodeListTest {
    private static final String JOB = "-w h3,g5,g2 --gpus=3 -n2 -c3 --gres-flags=enforce-binding";

    @Test
    void slurm2205KeepsTheFirstNodesOfTheSortedListUpToTheTaskCount() throws Exception {
        JobRequest sent = SbatchNodeList.sent(SbatchOptions.parseLine(JOB, "p23"), SlurmVersion.V22_05);
        assertThat(sent.nodelist()).containsExactly("g2", "g5");
        assertThat(sent.minNodes()).isEqualTo(2);
        assertThat(sent.maxNodes()).isEqualTo(2);
    }

    @Test
    void laterVersionsAndListsTheTasksCoverAreSentAsGiven() throws Exception {
        JobRequest named = SbatchOptions.parseLine(JOB, "p23");
        assertThat(SbatchNodeList.sent(named, SlurmVersion.V24_11)).isSameAs(named);
        JobRequest covered = SbatchOptions.parseLine("-w g2,g5 -n2 --gpus=2", "q");
        assertThat(SbatchNodeList.sent(covered, SlurmVersion.V22_05)).isSameAs(covered);
    }

    @Test
    void slurmTree2205RunsOnTheNodesSbatchKept() throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        Suggestion s = slurm.suggest(ClusterState.empty(OracleCase.cluster("fuzz41")),
                SbatchOptions.parseLine(JOB, "p23"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(p.placement().hosts())
                .extracting(HostAllocation::host).containsExactly("g2", "g5"));
    }
}
