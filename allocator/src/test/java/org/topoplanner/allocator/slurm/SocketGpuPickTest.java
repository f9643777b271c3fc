package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@link SocketGpuPick} ({@code _set_sock_bits}) against real Slurm: given the CPUs real Slurm gave a
 * {@code --gpus-per-socket} job on a node, and the GPUs the jobs still running there held, the pick is the GPUs real
 * Slurm gave, on every node of every placed line of own cases g9b, sb7a and c11f1 (idle and busy nodes, two nodes,
 * enforce-binding, q1's four sockets), in every release.
 */
class SocketGpuPickTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String arg(List<String> args, String option) {
        return args.stream().filter(a -> a.startsWith(option + "=")).map(a -> a.substring(option.length() + 1))
                .findFirst().orElse(null);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "g9b, results/g9b.jsonl, V22_05, 9", "g9b, results/new/g9b.jsonl, V24_11, 9",
        "g9b, results/v26.05/g9b.jsonl, V26_05, 9",
        "sb7a, results/sb7a.jsonl, V22_05, 8", "sb7a, results/new/sb7a.jsonl, V24_11, 8",
        "sb7a, results/v26.05/sb7a.jsonl, V26_05, 8",
        "c11f1, results/c11f1.jsonl, V22_05, 17", "c11f1, results/new/c11f1.jsonl, V24_11, 17",
        "c11f1, results/v26.05/c11f1.jsonl, V26_05, 17",
    })
    void picksTheGpusRealSlurmGaveForItsCpus(String caseName, String results, SlurmVersion version, int lines)
            throws Exception {
        Map<String, SlurmNode> nodes = new HashMap<>();
        SlurmNode.of(OracleCase.cluster(caseName)).forEach(n -> nodes.put(n.name(), n));
        Map<String, JsonNode> running = new HashMap<>();
        int checked = 0;
        for (String text : OracleCase.resource(results).lines().toList()) {
            JsonNode line = JSON.readTree(text);
            if ("cancel".equals(line.path("type").asText())) {
                line.path("names").forEach(n -> running.remove(n.asText()));
                continue;
            }
            if (!"job".equals(line.path("type").asText()) || !"submit".equals(line.path("when").asText())) {
                continue;
            }
            List<String> args = new java.util.ArrayList<>();
            line.path("args").forEach(a -> args.add(a.asText()));
            String perSocket = arg(args, "--gpus-per-socket");
            if (perSocket != null && "RUNNING".equals(line.path("state").asText())) {
                int spn = Integer.parseInt(arg(args, "--sockets-per-node"));
                boolean binding = args.contains("--gres-flags=enforce-binding");
                for (JsonNode alloc : line.path("alloc")) {
                    SlurmNode node = nodes.get(alloc.path("node").asText());
                    BitSet free = new BitSet();
                    free.set(0, node.gpus().size());
                    for (JsonNode other : running.values()) {
                        for (JsonNode a : other.path("alloc")) {
                            if (a.path("node").asText().equals(node.name())) {
                                a.path("gpus").forEach(g -> free.clear(g.asInt()));
                            }
                        }
                    }
                    BitSet cores = new BitSet();
                    alloc.path("cpus").forEach(c -> cores.set(c.asInt() / node.threadsPerCore()));
                    BitSet real = new BitSet();
                    alloc.path("gpus").forEach(g -> real.set(g.asInt()));
                    SocketGpuPick.Pick pick = SocketGpuPick.pick(node, free, cores, Integer.parseInt(perSocket), spn,
                            binding, version);
                    assertThat(pick.gpus()).as("%s %s %s", results, line.path("name").asText(), node.name())
                            .isEqualTo(real);
                    assertThat(pick.shortfall()).isZero();
                }
                checked++;
            }
            if ("RUNNING".equals(line.path("state").asText())) {
                running.put(line.path("name").asText(), line);
            }
        }
        assertThat(checked).isEqualTo(lines);
    }

    /** The "fewer sockets than used" branch keeps every used socket (the exclusion loop cannot run there). */
    @Test
    void fewerSocketsAskedThanUsedKeepsEveryUsedSocket() {
        SlurmNode g1 = SlurmNode.of(OracleCase.cluster("g9b")).stream().filter(n -> n.name().equals("g1"))
                .findFirst().orElseThrow();
        BitSet all = new BitSet();
        all.set(0, 4);
        BitSet cores = new BitSet();
        cores.set(0);
        cores.set(8);
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(SocketGpuPick.pick(g1, all, cores, 1, 1, false, v).gpus()).as("%s", v)
                    .isEqualTo(BitSet.valueOf(new long[] {0b101}));
        }
    }
}
