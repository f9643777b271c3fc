package org.topoplanner.allocator.replay;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

// scratch, never committed: -Dcases=fuzz45:22.05,fuzz45:24.11
class ScratchDiffTest {
    @Test
    void diff() {
        for (String cv : System.getProperty("cases", "").split(",")) {
            if (cv.isBlank()) continue;
            String c = cv.split(":")[0], v = cv.split(":")[1];
            String res = switch (v) { case "22.05" -> "results/"; case "24.11" -> "results/new/"; default -> "results/v26.05/"; } + c + ".jsonl";
            var opts = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(v).orElseThrow());
            var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/" + c + "/jobs.txt")).script();
            List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster(c), new SlurmTreePolicy(opts)).run(script));
            var exp = OracleComparison.jobLines(OracleCase.resource(res).lines().toList());
            var act = OracleComparison.jobLines(lines);
            System.out.println("=== " + cv);
            for (String m : OracleComparison.mismatches(exp, act)) System.out.println(m);
        }
    }
}
