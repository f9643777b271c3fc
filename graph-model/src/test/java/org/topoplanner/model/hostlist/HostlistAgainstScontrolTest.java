package org.topoplanner.model.hostlist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.model.CiExpectation;

/**
 * Compares {@link Hostlist} with the real Slurm on a few hundred generated cases (seeded, so every
 * run asks the same questions). Runs where Slurm is installed ({@code .ci/run} installs
 * slurm-client and gcc) and is skipped elsewhere, saying why; under CI ({@code CI=true}) a missing
 * tool fails instead. A probe that does not build where the compiler and library are there fails
 * with the compiler's message. What it taught us lives on in the tables of {@code hostlist/*.tsv},
 * which run without Slurm.
 *
 * <ul>
 *   <li>{@code scontrol show hostnames} against {@link Hostlist#expand};</li>
 *   <li>{@code scontrol show hostlist} against {@link Hostlist#compress};</li>
 *   <li>libslurm's {@code hostlist_uniq} (through {@code src/test/oracle/hostlist/hostlist-uniq-probe.c},
 *       built here when a C compiler is there) against {@link Hostlist#compressSorted}.</li>
 * </ul>
 */
class HostlistAgainstScontrolTest {
    private static final Path LIBSLURM_DIR = Path.of("/usr/lib/x86_64-linux-gnu/slurm-wlm");
    private static final Path PROBE_SOURCE = Path.of("src/test/oracle/hostlist/hostlist-uniq-probe.c");

    @TempDir
    Path dir;

    @Test
    void expandsLikeScontrolShowHostnames() throws Exception {
        Path conf = slurmConf();
        Random r = new Random(20261202);
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            String expr = HostlistCaseGenerator.expression(r);
            String real = scontrol(conf, "hostnames", expr);
            // With three or more brackets Slurm drops a name whose early bracket is invalid, logs
            // "error: ... Invalid range" and goes on with the rest; we refuse the whole expression.
            boolean realError = real.contains("Invalid hostlist") || real.contains("error:");
            String ours;
            try {
                ours = String.join("\n", Hostlist.expand(expr));
            } catch (HostlistSyntaxException e) {
                ours = "ERROR";
            }
            if (realError ? !ours.equals("ERROR")
                    : !real.equals(ours) && !(ours.equals("ERROR") && HostlistCaseGenerator.acceptedByAccident(expr))) {
                mismatches.add("expand '" + expr + "': scontrol [" + real.replace('\n', ' ') + "], ours ["
                        + ours.replace('\n', ' ') + "]");
            }
        }
        assertThat(mismatches).isEmpty();
    }

    @Test
    void compressesLikeScontrolShowHostlist() throws Exception {
        Path conf = slurmConf();
        Random r = new Random(1202);
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            List<String> names = HostlistCaseGenerator.names(r);
            String joined = String.join(",", names);
            String real = scontrol(conf, "hostlist", joined);
            String ours = Hostlist.compress(names);
            if (!real.equals(ours)) {
                mismatches.add("compress " + joined + ": scontrol " + real + ", ours " + ours);
            }
        }
        assertThat(mismatches).isEmpty();
    }

    @Test
    void compressesSortedLikeLibslurmsHostlistUniq() throws Exception {
        CiExpectation.require(onPath("scontrol"), "scontrol is not installed: install slurm-client to compare with real Slurm");
        CiExpectation.require(Files.isReadable(LIBSLURM_DIR.resolve("libslurmfull.so")),
                "no " + LIBSLURM_DIR.resolve("libslurmfull.so") + " (package slurm-wlm-basic-plugins): cannot build the hostlist_uniq probe");
        CiExpectation.require(onPath("cc"), "no C compiler (cc): install gcc to build the hostlist_uniq probe");
        Path probe = dir.resolve("probe");
        // The compiler and the library are there: a probe that does not build is a failure, not a skip.
        Process cc = new ProcessBuilder("cc", "-O", "-o", probe.toString(), PROBE_SOURCE.toAbsolutePath().toString(),
                "-L" + LIBSLURM_DIR, "-lslurmfull", "-Wl,-rpath," + LIBSLURM_DIR).redirectErrorStream(true).start();
        String ccOutput = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        cc.waitFor();
        assertThat(cc.exitValue()).as("building the hostlist_uniq probe:%n%s", ccOutput).isZero();

        Random r = new Random(512);
        List<List<String>> cases = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            cases.add(HostlistCaseGenerator.names(r));
        }
        Process p = new ProcessBuilder(probe.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> answers = new ArrayList<>();
        try (PrintWriter in = new PrintWriter(p.getOutputStream(), true, StandardCharsets.UTF_8);
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (List<String> names : cases) {
                in.println(String.join(",", names));
                answers.add(out.readLine());
            }
        } finally {
            p.destroy();
        }
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            String[] real = answers.get(i).split("\t", -1);
            String given = Hostlist.compress(cases.get(i));
            String sorted = Hostlist.compressSorted(cases.get(i));
            if (!real[0].equals(given) || !real[1].equals(sorted)) {
                mismatches.add(String.join(",", cases.get(i)) + ": libslurm " + real[0] + " / " + real[1]
                        + ", ours " + given + " / " + sorted);
            }
        }
        assertThat(mismatches).isEmpty();
    }

    private Path slurmConf() throws IOException {
        CiExpectation.require(onPath("scontrol"), "scontrol is not installed: install slurm-client to compare with real Slurm");
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, "ClusterName=x\nSlurmctldHost=localhost\n");
        return conf;
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
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }
}
