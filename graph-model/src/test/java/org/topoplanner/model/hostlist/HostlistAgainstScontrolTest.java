package org.topoplanner.model.hostlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compares expansion and compression with the real {@code scontrol} on generated cases. Runs where
 * {@code scontrol} is installed ({@code .ci/run} installs slurm-client); skipped elsewhere. What it
 * taught us lives on as tables in {@code hostlist/*.tsv}.
 */
class HostlistAgainstScontrolTest {
    private static final int CASES = 200;

    @Test
    void agreesWithScontrol(@TempDir Path dir) throws Exception {
        assumeTrue(onPath("scontrol"), "scontrol is not installed: install slurm-client to compare with real Slurm");
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, "ClusterName=x\nSlurmctldHost=localhost\n");
        Random r = new Random(20261202);
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            List<String> names = randomNames(r);
            String joined = String.join(",", names);
            String real = scontrol(conf, "hostlist", joined);
            String ours = Hostlist.compress(names);
            if (!real.equals(ours)) {
                mismatches.add("compress " + joined + ": scontrol " + real + ", ours " + ours);
            }
            String expr = randomExpression(r);
            if (!balanced(expr)) {
                // Deliberate difference (see Hostlist): Slurm 22.05 turns an unclosed bracket into odd
                // host names; we refuse it.
                assertThat(expandFails(expr)).as(expr).isTrue();
                continue;
            }
            String realHosts = scontrol(conf, "hostnames", expr);
            String ourHosts;
            try {
                ourHosts = String.join("\n", Hostlist.expand(expr));
            } catch (HostlistSyntaxException e) {
                ourHosts = "ERROR";
            }
            boolean realError = realHosts.contains("Invalid hostlist") || realHosts.contains("error");
            if (realError ? !ourHosts.equals("ERROR") : !realHosts.equals(ourHosts)) {
                mismatches.add("expand " + expr + ": scontrol [" + realHosts + "], ours [" + ourHosts + "]");
            }
        }
        assertThat(mismatches).isEmpty();
    }

    private static boolean balanced(String expr) {
        int depth = 0;
        for (char c : expr.toCharArray()) {
            depth += c == '[' ? 1 : c == ']' ? -1 : 0;
            if (depth < 0 || depth > 1) {
                return false;
            }
        }
        return depth == 0;
    }

    private static boolean expandFails(String expr) {
        try {
            Hostlist.expand(expr);
            return false;
        } catch (HostlistSyntaxException e) {
            return true;
        }
    }

    private static List<String> randomNames(Random r) {
        String[] prefixes = {"node", "n", "gpu-", "10.0.0.", "rack1-n", "sw.2.", "x"};
        List<String> out = new ArrayList<>();
        int n = 1 + r.nextInt(12);
        String prefix = prefixes[r.nextInt(prefixes.length)];
        int num = r.nextInt(120);
        for (int i = 0; i < n; i++) {
            if (r.nextInt(5) == 0) {
                prefix = prefixes[r.nextInt(prefixes.length)];
            }
            num = r.nextInt(4) == 0 ? r.nextInt(120) : num + 1;
            out.add(prefix + Hostlist.pad(num, r.nextInt(4) == 0 ? 3 : r.nextInt(2) + 1));
        }
        return out;
    }

    private static String randomExpression(Random r) {
        String[] prefixes = {"node", "n", "gpu-", "10.0.0.", "a", ""};
        StringBuilder sb = new StringBuilder();
        int parts = 1 + r.nextInt(3);
        for (int p = 0; p < parts; p++) {
            if (p > 0) {
                sb.append(r.nextInt(6) == 0 ? " " : ",");
            }
            sb.append(prefixes[r.nextInt(prefixes.length)]);
            if (r.nextInt(4) == 0) {
                sb.append(r.nextInt(50));
                continue;
            }
            sb.append('[');
            int ranges = 1 + r.nextInt(3);
            for (int k = 0; k < ranges; k++) {
                if (k > 0) {
                    sb.append(',');
                }
                int lo = r.nextInt(30);
                int width = r.nextInt(3) + 1;
                sb.append(Hostlist.pad(lo, width));
                if (r.nextBoolean()) {
                    sb.append('-').append(Hostlist.pad(lo + r.nextInt(5) - (r.nextInt(10) == 0 ? 8 : 0), width));
                }
            }
            sb.append(r.nextInt(20) == 0 ? "x" : "]");
            if (r.nextInt(8) == 0) {
                sb.append(r.nextBoolean() ? "-b[1-2]" : "z");
            }
        }
        return sb.toString();
    }

    private static String scontrol(Path conf, String what, String arg) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("scontrol", "show", what, arg).redirectErrorStream(true);
        pb.environment().put("SLURM_CONF", conf.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        return out;
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
