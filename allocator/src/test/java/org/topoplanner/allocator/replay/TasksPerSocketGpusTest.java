package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The lead batch's fuzz80 p33 ({@code -N2 -n6 --ntasks-per-socket=2 -c2 --gpus-per-task=1 --mem-per-gpu=160G}) in
 * 22.05: a4's four tasks count two on each socket ({@code --ntasks-per-socket}, {@code _build_tasks_per_node_sock}),
 * so its GPUs are 0, 1 (socket 0) and 4, 5 (socket 1) as in real 22.05.8, not 0-3.
 */
class TasksPerSocketGpusTest {

    @Test
    void theBatchLineIsTheRealOne() {
        String real = OracleComparison.jobLines(OracleCase.resource("results/fuzz80.jsonl").lines().toList())
                .stream().map(OracleComparison::summary).filter(s -> s.startsWith("p33 submit")).findFirst()
                .orElseThrow();
        assertThat(real).contains("a4[c6,7,8,9,64,65,66,67 g0,1,4,5]");
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        var read = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/fuzz80/jobs.txt")).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster("fuzz80"), policy).run(read));
        assertThat(OracleComparison.jobLines(lines).stream().map(OracleComparison::summary).toList()).contains(real);
    }
}
