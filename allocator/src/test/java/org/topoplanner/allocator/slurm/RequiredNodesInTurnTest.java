package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 24.11's and 26.05's tree selection of a {@code --gpus=N} job, read in 24.11.5's and 26.05.5's
 * {@code _eval_nodes_topo}
 * ({@code topology/tree/eval_nodes_tree.c}), {@code gres_filter_sock_core} / {@code _set_max_gres}
 * ({@code topology/common/gres_filter.c}) and {@code gres_sched_add} ({@code topology/common/gres_sched.c}):
 * <ul>
 * <li>the required nodes ({@code -w}) are filtered one by one in node order, each with the GPUs the ones before it
 * were credited ({@code total_gres}) and the node count left after them ({@code min_rem_nodes--}), and the other
 * nodes with what is left after all of them; {@code _set_max_gres} keeps one GPU back for each node still to count,
 * and the credit is no more than that cap ({@code sock_gres->total_cnt});</li>
 * <li>every node counts toward the job's total only the GPUs its filter left ({@code total_cnt}): on the first pass a
 * socket without a free core counts none, so a job those GPUs were needed for fails the first pass and is placed by
 * the second, with other credits.</li>
 * </ul>
 * 22.05's {@code _eval_nodes_topo} ({@code select/cons_tres/job_test.c}) filters its required nodes in turn too,
 * with the GPUs still wanted and no GPU kept back per node.
 * The credits are the ceilings {@code _set_job_bits1} picks under, node by node, before {@code _set_job_bits2} fills
 * the rest from the first node on. Rows are real 24.11.5 and 26.05.5 placements of own cases (results/new,
 * results/v26.05), replayed whole; the first-pass count (fuzz27 p24) is 24.11's, 26.05 had it already.
 */
class RequiredNodesInTurnTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "{0} {1} under {2}: {3}")
    @CsvSource(delimiter = ';', value = {
        // -w p5,p4,g2 -N3 --gpus=8 -n4 -c3: g2 (first by name) is credited 8 - 2 = 6, p4 then 8 - 6 - 1 = 1 and p5 1;
        // g2's CPUs lie on socket 0, so _set_job_bits1 gives it 4 there and _set_job_bits2 the other 2
        "fuzz37; p11; 24.11; g2=0,1,2,3,4,5 p4=0 p5=0",
        "fuzz37; p11; 26.05; g2=0,1,2,3,4,5 p4=0 p5=0",
        // -w q5 -N2 -n3 -c2 --gpus=10: q5's free GPUs lie on a socket without free cores, so the first pass fails;
        // the second credits q5 3 and g3, looked at with one node left, 10 - 3 = 7
        "fuzz25; p30; 24.11; g3=0,1,2,3,4,5,6,7 q5=1,2",
        // -w p3,h3,g3 -N3 --gpus=4: g3 first is credited 4 - 2 = 2, then h3 and p3 one each
        // -w p1,h10 -N2 --gpus=5 -n2 -c4: 22.05 (no GPU kept back per node) filters h10 after p1 was credited 2
        "fuzz45; p14; 22.05; h10=1,2,3 p1=0,1",
        "fuzz36; p35; 24.11; g3=0,1 h3=2 p3=2",
        "fuzz36; p35; 26.05; g3=0,1 h3=2 p3=2",
        // -N3 -n3 -c1 --gpus=9, no -w: g1's 4 free GPUs of socket 0 have no free core, so on the first pass g1
        // counts 2 and three nodes hold 6; the second pass credits g1 6, s3 2 and s5 the 1 still lacking
        "fuzz27; p24; 24.11; g1=0,1,2,3,6,7 s3=0,1 s5=0",
    })
    void eachNodeIsCreditedWhatItsFilterLeftInTurn(String caseName, String job, String version, String gpus) {
        assertThat(gpusBySubmitLine(caseName, job, SlurmVersion.parse(version).orElseThrow())).isEqualTo(parse(gpus));
    }

    private static Map<String, String> gpusBySubmitLine(String caseName, String job, SlurmVersion version) {
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/" + caseName + "/jobs.txt")).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster(caseName),
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version))).run(script));
        for (String l : lines) {
            JsonNode j = read(l);
            if ("job".equals(j.path("type").asText()) && job.equals(j.path("name").asText())
                    && "submit".equals(j.path("when").asText())) {
                Map<String, String> out = new TreeMap<>();
                for (JsonNode a : j.path("alloc")) {
                    List<String> g = new java.util.ArrayList<>();
                    a.path("gpus").forEach(x -> g.add(x.asText()));
                    out.put(a.path("node").asText(), String.join(",", g));
                }
                return out;
            }
        }
        throw new AssertionError("no submit line for " + job + " in the replay of " + caseName);
    }

    private static Map<String, String> parse(String gpus) {
        Map<String, String> out = new TreeMap<>();
        for (String part : gpus.split(" ")) {
            String[] kv = part.split("=");
            out.put(kv[0], kv[1]);
        }
        return out;
    }

    private static JsonNode read(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
