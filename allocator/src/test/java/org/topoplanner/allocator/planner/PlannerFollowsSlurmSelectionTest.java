package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.replay.Leaves;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Probes of the stored probe cases where whether Slurm starts the job is decided by its selection over the whole
 * cluster, not by any one node's binding rule, asked of the planner on the state real Slurm had then
 * ({@link RealProbeState}). Each failed before {@link SlurmAgreement} (planner-probes-known.txt listed it).
 */
class PlannerFollowsSlurmSelectionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Suggestion plannerOn(RealProbeState p, String version) {
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        return new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(p.state(), p.probe());
    }

    /**
     * Real Slurm left these waiting with {@code Resources} and still did after six more scheduler passes on the
     * unchanged state (case {@code held32}/{@code held27}/{@code held23}/{@code held33}, src/test/resources/oracle/PROVENANCE.md, section
     * planner-refuse), while some node or nodes would hold them: 26.05's one-node shortcut ({@code _get_one_res}:
     * the GPUs of every node it tests add to one count, and only the node where it reaches N is tried), 22.05 and
     * 24.11's tree walk for {@code -N2 -n6 -c7}. (fuzz27 p36 under 22.05, {@code -n3 -c3 --gpus=10} enforce-binding,
     * held the same way in {@code held27}, is one too, but slurm-tree places it since the 22.05 retry was rewritten:
     * known-mismatch.txt and planner-probes-known.txt list it.)
     */
    @ParameterizedTest(name = "{0} {2} under {1}")
    @CsvSource({
        "fuzz32, 26.05, p9, results/v26.05/fuzz32.jsonl, results/v26.05/held32.jsonl",
        "fuzz32, 26.05, p24, results/v26.05/fuzz32.jsonl, results/v26.05/held32.jsonl",
        "fuzz23, 26.05, p32, results/v26.05/fuzz23.jsonl, results/v26.05/held23.jsonl",
        "fuzz33, 26.05, p8, results/v26.05/fuzz33.jsonl, results/v26.05/held33.jsonl",
        "fuzz27, 26.05, p38, results/v26.05/fuzz27.jsonl, results/v26.05/held27.jsonl",
        "fuzz32, 22.05, p21, results/fuzz32.jsonl, results/held32.jsonl",
        "fuzz32, 24.11, p21, results/new/fuzz32.jsonl, results/new/held32.jsonl"})
    void whatSlurmsSelectionDoesNotStartThePlannerDoesNotPlace(String caseName, String version, String probe,
                                                              String results, String held) throws IOException {
        RealProbeState p = RealProbeState.of(caseName, results, probe);
        assertThat(p.real().path("state").asText()).isEqualTo("PENDING");
        assertThat(p.real().path("reason").asText()).isEqualTo("Resources");
        // the held re-run: the same lines up to the probe, and 12 s later (six passes) still no start
        JsonNode later = null;
        for (String l : OracleCase.resource(held).lines().toList()) {
            JsonNode j = JSON.readTree(l);
            if (probe.equals(j.path("name").asText()) && "snapshot".equals(j.path("when").asText())) {
                later = j;
            }
        }
        assertThat(later).as("snapshot of %s in %s", probe, held).isNotNull();
        assertThat(later.path("state").asText() + " " + later.path("reason").asText())
                .isEqualTo("PENDING Resources");
        assertThat(plannerOn(p, version)).as("%s %s under %s", caseName, probe, version)
                .isNotInstanceOf(Suggestion.Placed.class);
    }

    /**
     * Real Slurm ran these where the planner's own rules found no place: an uneven task split ({@code -N3 -n6 -c6
     * --gpus-per-node=1}: 4+1+1 tasks), a required node with an uneven GPU split ({@code -w q5 -N2 -n3 -c2
     * --gpus=10}: 8+2), 22.05's CPUs of {@code -N2 -n5 -c12} on two 32-core nodes, the 22.05/24.11 retry on fewer
     * nodes ({@code -N1 --gpus=4}), and 26.05 taking {@code -N3 -n6 -c6 --gpus-per-node=1} enforce-binding that
     * the planner's own submit test refused. The planner places each on no more leaves than real Slurm did.
     */
    @ParameterizedTest(name = "{0} {2} under {1}")
    @CsvSource({
        "fuzz27, 22.05, p21, results/fuzz27.jsonl",
        "fuzz27, 26.05, p21, results/v26.05/fuzz27.jsonl",
        "fuzz25, 22.05, p30, results/fuzz25.jsonl",
        "fuzz25, 24.11, p30, results/new/fuzz25.jsonl",
        "fuzz25, 26.05, p30, results/v26.05/fuzz25.jsonl",
        "fuzz29, 22.05, p29, results/fuzz29.jsonl",
        "fuzz32, 22.05, p24, results/fuzz32.jsonl",
        "fuzz32, 24.11, p24, results/new/fuzz32.jsonl",
        "fuzz21, 26.05, p31, results/v26.05/fuzz21.jsonl"})
    void whatSlurmStartsThePlannerPlacesOnNoMoreLeaves(String caseName, String version, String probe,
                                                      String results) {
        RealProbeState p = RealProbeState.of(caseName, results, probe);
        assertThat(p.real().path("state").asText()).isEqualTo("RUNNING");
        Suggestion mine = plannerOn(p, version);
        assertThat(mine).as("%s %s under %s", caseName, probe, version).isInstanceOf(Suggestion.Placed.class);
        List<String> realLeaves = new ArrayList<>();
        p.real().path("leaves").forEach(l -> realLeaves.add(l.asText()));
        assertThat(Leaves.of(p.cluster(), ((Suggestion.Placed) mine).placement()).size())
                .isLessThanOrEqualTo(realLeaves.size());
        p.probe().nodelist().forEach(h -> assertThat(((Suggestion.Placed) mine).placement().hostNames()).contains(h));
    }
}
