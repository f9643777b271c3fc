package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.RealSubmits;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * {@link SocketBindingGuard} is a bound real Slurm never breaks: every job real Slurm started at submit in the stored
 * tree cases (the random and probe cases fuzz01-46, the binding probes {@code binding}, {@code cpg22},
 * {@code pair22} and {@code plsock1}; real 22.05.8, 24.11.5 and 26.05.5 outputs, {@code oracle/results...}) passes
 * the guard on the state real Slurm had when it was submitted (the running jobs' real CPUs and GPUs). Were the guard
 * stricter than the source anywhere these outputs reach, the planner would wait where Slurm runs.
 */
class SocketBindingGuardRealPlacementsTest {

    @Test
    void everyRealPlacementPassesTheGuard() throws IOException {
        List<String> cases = new ArrayList<>(List.of("binding", "cpg22", "pair22", "plsock1"));
        for (int i = 1; i <= 46; i++) {
            cases.add(String.format("fuzz%02d", i));
        }
        int checked = 0;
        List<String> broken = new ArrayList<>();
        for (String c : cases) {
            Cluster cluster = OracleCase.cluster(c);
            for (String dir : List.of("results/", "results/new/", "results/v26.05/")) {
                String results;
                try {
                    results = OracleCase.resource(dir + c + ".jsonl");
                } catch (RuntimeException absent) {
                    continue; // a case run on some releases only
                }
                checked += check(cluster, c, dir, results, broken);
            }
        }
        System.out.printf("socket binding guard: %d real placements of guarded jobs checked%n", checked);
        assertThat(broken).as("real placements the guard refuses").isEmpty();
        assertThat(checked).as("guarded real placements").isGreaterThan(100);
    }

    private static int check(Cluster cluster, String c, String dir, String results, List<String> broken)
            throws IOException {
        int checked = 0;
        for (RealSubmits.Submit sub : RealSubmits.of(cluster, results)) {
            if (!sub.ran()) {
                continue;
            }
            Placement real = RealSubmits.placement(sub.name(), sub.line());
            JobRequest job = sub.request();
            if (job != null && SocketBindingGuard.applies(job)) {
                checked++;
                String why = SocketBindingGuard.refusal(sub.before(), job, real);
                if (why != null) {
                    broken.add(dir + c + " " + sub.name() + " " + String.join(" ", sub.args()) + ": " + why);
                }
            }
        }
        return checked;
    }
}
