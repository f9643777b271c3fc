package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _top_priority} ({@code job_mgr.c}) at a submission behind a pending job, per release: 22.05 decides by
 * priority alone for jobs without a reservation (its "same reservation" branch holds for two NULL names), 24.11 and
 * 26.05 let a job whose lowest {@code PriorityTier} is above the pending job's highest go first, and otherwise hold it
 * back when their partitions share a node. Cluster: own probe c12g1 ({@code gpu} g1-g4 tier 1, {@code hi} g3 g4 c1
 * tier 5, {@code cpu} c1 c2 tier 1).
 */
class TopPriorityByPartitionsTest {
    private static final Cluster C12G1 = OracleCase.cluster("c12g1");

    private static String submitted(String jobs, String name, SlurmVersion v) {
        var script = JobScriptReader.read("jobs.txt", jobs).script();
        List<String> lines = ReplayLine.lines(new Replayer(C12G1,
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))).run(script));
        return lines.stream().filter(l -> l.contains("\"when\":\"submit\",\"name\":\"" + name + "\"")).findFirst()
                .orElseThrow();
    }

    private static final String BEHIND_GPU = """
            job y0 -p gpu -N4 --exclusive
            job y1 -p gpu -N1 -n1
            """;

    @Test
    void aHigherTierGoesFirstIn2411And2605() {
        String jobs = BEHIND_GPU + "job b2 -p hi -n1\n";
        assertThat(submitted(jobs, "b2", SlurmVersion.V24_11)).contains("\"state\":\"RUNNING\"");
        assertThat(submitted(jobs, "b2", SlurmVersion.V26_05)).contains("\"state\":\"RUNNING\"");
        // 22.05 compares priorities only: y1 ahead holds it back
        assertThat(submitted(jobs, "b2", SlurmVersion.V22_05)).contains("\"reason\":\"Priority\"");
    }

    @Test
    void apartFromTheirPartitionsOnlyPriorityCountsIn2205() {
        // cpu shares no node with gpu: 24.11 and 26.05 let it go first, 22.05 does not (own probe c12g1 a11 kind)
        String jobs = BEHIND_GPU + "job b4 -p cpu -n1\n";
        assertThat(submitted(jobs, "b4", SlurmVersion.V22_05)).contains("\"reason\":\"Priority\"");
        assertThat(submitted(jobs, "b4", SlurmVersion.V24_11)).contains("\"state\":\"RUNNING\"");
        assertThat(submitted(jobs, "b4", SlurmVersion.V26_05)).contains("\"state\":\"RUNNING\"");
    }
}
