package org.topoplanner.allocator.replay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/** Scratch (o22v, not committed): the emulation's lines for a jobs file on a case's cluster. */
class ScratchO22vPredictTest {
    @Test
    void print() throws Exception {
        String c = System.getProperty("scratch.case", "c22o1");
        String jobs = Files.readString(Path.of(System.getProperty("scratch.jobs")));
        for (SlurmVersion v : List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            var cluster = OracleCase.cluster(c);
            var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            var lines = ReplayLine.lines(new Replayer(cluster, policy, PassTiming.of(v), MeasuredRun.NONE)
                    .run(JobScriptReader.read("jobs.txt", jobs).script()));
            for (var j : OracleComparison.jobLines(lines)) {
                System.out.println("PRED " + v.label() + " " + OracleComparison.summary(j));
            }
        }
    }
}
