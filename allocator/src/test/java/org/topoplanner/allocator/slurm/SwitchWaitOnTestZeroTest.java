package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.RealSubmits;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.replay.Leaves;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05's {@code _eval_nodes_topo} sets {@code best_switch} on the pick of "test 0" too (every core free, the GPUs
 * as held), and {@code _job_test} stops there while it is false ("test 0 fail: waiting for switches"). Own case
 * fuzz64 p3 ({@code --nodes=2 --gpus=9 --cpus-per-gpu=8 --switches=1@0:05}; the background jobs b0-b14 as real
 * 22.05.8 placed them, {@code results/fuzz64.jsonl}): on the free cores a1 and q2 of leaf2 serve it, but with every
 * core free the pick spans two leaves, so 22.05.8 keeps it {@code Resources} at submit and starts it on a1 and q2
 * only once its 5 s ran out.
 */
class SwitchWaitOnTestZeroTest {
    private static final String P3 = "--nodes=2 --gpus=9 --cpus-per-gpu=8 --switches=1@0:05";

    @Test
    void slurm2205WaitsWhenTestZeroSpansMoreLeavesThanAsked() throws Exception {
        ClusterState state = background();
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05))
                .suggest(state, SbatchOptions.parseLine(P3, "p3"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Waiting.class, w -> {
            assertThat(w.maxWait().toSeconds()).isEqualTo(5);
            // where it starts once the wait ran out: one leaf, as real 22.05.8's snapshot shows
            assertThat(w.placement().hosts()).extracting(HostAllocation::host).containsExactly("a1", "q2");
            assertThat(Leaves.of(state.cluster(), w.placement())).containsExactly("leaf2");
        });
    }

    @Test
    void withoutSwitchesTheSameJobStartsAtOnce() throws Exception {
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05))
                .suggest(background(), SbatchOptions.parseLine("--nodes=2 --gpus=9 --cpus-per-gpu=8", "p3"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
    }

    /** fuzz64's jobs b0-b14, running when p3 was submitted, where real 22.05.8 put them. */
    static ClusterState background() throws Exception {
        ClusterState s = ClusterState.empty(OracleCase.cluster("fuzz64"));
        ObjectMapper json = new ObjectMapper();
        for (String line : OracleCase.resource("results/fuzz64.jsonl").lines().toList()) {
            JsonNode j = json.readTree(line);
            String name = j.path("name").asText();
            if (!"submit".equals(j.path("when").asText()) || !name.matches("b([0-9]|1[0-4])")) {
                continue;
            }
            s = s.with(RealSubmits.placement(j.path("name").asText(), j));
        }
        assertThat(s.running()).hasSize(15);
        return s;
    }
}
