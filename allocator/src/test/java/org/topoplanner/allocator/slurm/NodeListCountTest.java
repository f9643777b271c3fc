package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A {@code -w} list longer than {@code -n} ({@code sbatch}'s {@code _opt_verify} "setting nnodes to"; 24.11.5's and
 * 26.05.5's {@code _job_create} "translate this into an exclusion of all nodes except those requested"), on own case
 * fuzz41's cluster and its job p23 (22.05.8's {@code hostlist_pop}: {@link SbatchNodeList}, slurm-22c).
 */
class NodeListCountTest {
    private static final Cluster FUZZ41 = OracleCase.cluster("fuzz41");
    private static final JobRequest P23 = JobRequest.builder().name("p23").nodelist(List.of("h3", "g5", "g2"))
            .gpus(3).ntasks(2).cpusPerTask(3).enforceBinding(true).build();

    @Test
    void leaves2205ToItsSbatch() {
        // 22.05's sbatch already cut the list (SbatchNodeList); its slurmctld has no such translation
        assertThat(NodeListCount.asHeld(P23, FUZZ41, SlurmVersion.V22_05)).isSameAs(P23);
    }

    @ParameterizedTest
    @CsvSource({"24.11", "26.05"})
    void slurmctldTurnsALongerListIntoAnExclusion(String version) {
        JobRequest held = NodeListCount.asHeld(P23, FUZZ41, SlurmVersion.parse(version).orElseThrow());
        assertThat(held.nodelist()).isEmpty();
        assertThat(held.minNodes()).isEqualTo(2);
        assertThat(held.exclude()).hasSize(FUZZ41.hostNames().size() - 3).doesNotContain("g2", "g5", "h3");
    }

    @Test
    void aListNoLongerThanTheTasksOrANodeCountStaysAsAsked() {
        JobRequest enoughTasks = P23.toBuilder().ntasks(3).build();
        JobRequest withNodes = P23.toBuilder().nodes(3).build();
        assertThat(NodeListCount.asHeld(enoughTasks, FUZZ41, SlurmVersion.V24_11)).isSameAs(enoughTasks);
        assertThat(NodeListCount.asHeld(withNodes, FUZZ41, SlurmVersion.V24_11)).isSameAs(withNodes);
    }

    /** The whole case replayed: p23's real nodes (results, results/new, results/v26.05). */
    @ParameterizedTest
    @CsvSource({"22.05, g2+g5", "24.11, g2+h3", "26.05, g2+h3"})
    void fuzz41p23RunsOnTwoOfItsThreeNodes(String version, String nodes) {
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/fuzz41/jobs.txt")).script();
        List<String> lines = ReplayLine.lines(new Replayer(FUZZ41, new SlurmTreePolicy(
                PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()))).run(script));
        String p23 = lines.stream().map(l -> l.replace(" ", ""))
                .filter(l -> l.contains("\"name\":\"p23\"") && l.contains("\"when\":\"submit\"")).findFirst()
                .orElseThrow();
        String[] want = nodes.split("\\+");
        assertThat(p23).contains("\"nodes\":[\"" + want[0] + "\",\"" + want[1] + "\"]");
    }
}
