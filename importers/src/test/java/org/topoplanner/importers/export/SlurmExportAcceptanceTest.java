package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.ProjectDocument;

/**
 * The real consumer: the bundle's Slurm files fed to a real {@code slurmctld} and one {@code slurmd} per
 * node (the harness in the project's shared {@code oracle/slurm}), on Slurm 22.05 ({@code run.sh}), 24.11
 * ({@code run-new.sh} on the Debian 13 root of {@code setup-new.sh}) and 26.05 ({@code run-new.sh} on the
 * Debian unstable root of {@code SUITE=sid setup-new.sh /var/tmp/sid-root}), for the fixture plans and for
 * generated clusters that are not in the repository. It must start without a fatal error, an error or
 * warning line, a topology warning or a node that is not idle (INVAL), {@code slurmd -G} must read
 * gres.conf cleanly, and the exported job scripts, submitted in plan order with exactly their
 * {@code #SBATCH} options, must land on the planned nodes, GPUs and CPUs.
 *
 * <p>Runs only with {@code -Dslurm.oracle=DIR} (the harness folder) as root; {@code .ci/slurm-acceptance.sh}
 * does both. Otherwise every case is skipped with the reason. {@code -Dslurm.cases=NAME,...} runs only the named
 * cases. A bundle with {@code topology.yaml} (case {@code example-yaml}, 26.05 only) goes through
 * {@code .ci/oracle-yaml/run-yaml.sh}, since the shared harness copies {@code topology.conf} only.
 *
 * <p>Each bundle is written for the release it is fed to ({@code export --slurm-version}, {@link SlurmRelease}):
 * cases {@code xv-pick-*} write one named topology for a release without topology.yaml, and
 * {@link #realSlurmRefusesWhatTheExportRefusesForThatRelease} feeds a release what its export refuses (blocks on
 * 22.05, topology.yaml on 22.05 and 24.11), which its real slurmctld must refuse to start on.
 */
class SlurmExportAcceptanceTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    enum Version {
        V22_05("run.sh", "22.05", null), V24_11("run-new.sh", "24.11", "/var/tmp/trixie-root"),
        V26_05("run-new.sh", "26.05", "/var/tmp/sid-root");

        /** The release the export is written for. */
        org.topoplanner.model.slurm.SlurmVersion release() {
            return org.topoplanner.model.slurm.SlurmVersion.parse(label).orElseThrow();
        }

        final String script;
        final String label;
        /** The chroot run-new.sh uses ({@code SLURM_ROOT}); {@code null} for the host's own Slurm. */
        final String defaultRoot;

        Version(String script, String label, String defaultRoot) {
            this.script = script;
            this.label = label;
            this.defaultRoot = defaultRoot;
        }

        /** {@code -Dslurm.root.24.11=DIR} / {@code -Dslurm.root.26.05=DIR} override the default root. */
        String root() {
            return defaultRoot == null ? null : System.getProperty("slurm.root." + label, defaultRoot);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        Map<String, Supplier<ProjectDocument>> trees = new java.util.LinkedHashMap<>();
        trees.put("example", ExportFixtures::example);
        trees.put("ft2-8x16-4s", ExportFixtures::fatTree);
        trees.put("rail-32x8", ExportFixtures::rail);
        trees.put("roce-2su", ExportFixtures::roce);
        trees.put("example-blocks", ExportFixtures::exampleWithBlocks);
        // Clusters that are not in the repository: fat trees of random size and host names.
        for (long seed : new long[] {101, 202}) {
            trees.put("generated-" + seed, () -> GeneratedPlans.plan(seed));
        }
        for (Version v : Version.values()) {
            trees.forEach((name, plan) -> out.add(Arguments.of(name, v, plan)));
        }
        // topology/block exists from Slurm 23.11 on; 22.05 refuses the plugin.
        out.add(Arguments.of("blocks-only", Version.V24_11, (Supplier<ProjectDocument>) ExportFixtures::blocksOnly));
        out.add(Arguments.of("blocks-only", Version.V26_05, (Supplier<ProjectDocument>) ExportFixtures::blocksOnly));
        // topology.yaml exists from Slurm 25.05 on; older Slurm ignores the file and refuses Topology=.
        out.add(Arguments.of("example-yaml", Version.V26_05,
                (Supplier<ProjectDocument>) ExportFixtures::exampleWithTopologies));
        // export/convert --topology NAME: one named topology as topology.conf, for a Slurm without topology.yaml
        for (Version v : Version.values()) {
            out.add(Arguments.of("xv-pick-fabric", v, (Supplier<ProjectDocument>) () -> picked("fabric", true)));
            if (v.release().hasBlockTopology()) {
                out.add(Arguments.of("xv-pick-nvl", v, (Supplier<ProjectDocument>) () -> picked("nvl", false)));
            }
        }
        // -Dslurm.cases=example-yaml,blocks-only runs only those cases (all versions of each)
        String only = System.getProperty("slurm.cases", "");
        List<String> names = only.isBlank() ? List.of() : List.of(only.split(","));
        return out.stream().filter(a -> names.isEmpty() || names.contains((String) a.get()[0]));
    }

    /** {@code exampleWithTopologies} reduced to its topology {@code name}, with its placed jobs or none. */
    private static ProjectDocument picked(String name, boolean jobs) {
        ProjectDocument doc = ExportFixtures.exampleWithTopologies();
        return new ProjectDocument(doc.cluster().withTopologyAlone(name).orElseThrow(),
                jobs ? doc.jobs() : List.of(), jobs ? doc.placements() : List.of(), doc.view());
    }

    /**
     * What the export refuses for a release, fed to that release anyway: the files as the newest release gets them
     * (topology/block for a cluster of blocks; topology.yaml and the partitions' Topology=), which the release's
     * real slurmctld must refuse to start on, as {@link SlurmRelease} says. -Dslurm.cases selects by name too.
     */
    static Stream<Arguments> refusedCases() {
        List<Arguments> out = new ArrayList<>();
        out.add(Arguments.of("xv-blocks-2205", Version.V22_05,
                (Supplier<ProjectDocument>) ExportFixtures::blocksOnly, "topology plugin"));
        for (Version v : List.of(Version.V22_05, Version.V24_11)) {
            out.add(Arguments.of("xv-yaml-" + v.label.replace(".", ""), v,
                    (Supplier<ProjectDocument>) ExportFixtures::exampleWithTopologies, "unrecognized key: Topology"));
        }
        String only = System.getProperty("slurm.cases", "");
        List<String> names = only.isBlank() ? List.of() : List.of(only.split(","));
        return out.stream().filter(a -> names.isEmpty() || names.contains((String) a.get()[0]));
    }

    @ParameterizedTest(name = "{0} on Slurm {1}")
    @MethodSource("refusedCases")
    void realSlurmRefusesWhatTheExportRefusesForThatRelease(String name, Version version,
                                                            Supplier<ProjectDocument> plan, String fatal,
                                                            @TempDir Path dir) throws Exception {
        Path harness = harness(version);
        ProjectDocument doc = plan.get();
        java.util.EnumSet<ExportTarget> slurm = java.util.EnumSet.of(ExportTarget.SLURM);
        List<Diagnostic> refused = ExportBundle.build(doc, slurm, ExportOptions.DEFAULT.withSlurmVersion(
                version.release())).stream().flatMap(f -> f.validation().stream()).filter(Diagnostic::isError).toList();
        assertThat(refused).as("the export's verdict for Slurm " + version).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("Slurm " + version.label));
        Map<String, String> text = ExportBundle.build(doc, slurm).stream()
                .collect(Collectors.toMap(ExportFile::relativePath, ExportFile::text));
        Path caseDir = Files.createDirectories(dir.resolve(name));
        harness = writeCase(caseDir, text, harness);
        JsonNode ctld = only(run(version, harness, "--check", caseDir.toString()), "slurmctld");
        assertThat(ctld.path("started").asBoolean()).as("slurmctld started: " + ctld).isFalse();
        List<String> errors = new ArrayList<>();
        ctld.path("errors").forEach(e -> errors.add(e.asText()));
        assertThat(errors).as("slurmctld log").anySatisfy(e -> assertThat(e).contains("fatal"))
                .anySatisfy(e -> assertThat(e).contains(fatal));
    }

    @ParameterizedTest(name = "{0} on Slurm {1}")
    @MethodSource("cases")
    void realSlurmAcceptsTheExportAndPlacesTheJobsAsPlanned(String name, Version version,
                                                           Supplier<ProjectDocument> plan, @TempDir Path dir)
            throws Exception {
        Path harness = harness(version);
        ProjectDocument doc = plan.get();
        // written for the release it is fed to (export --slurm-version)
        List<ExportFile> files = ExportBundle.build(doc, java.util.EnumSet.of(ExportTarget.SLURM, ExportTarget.JOBS),
                ExportOptions.DEFAULT.withSlurmVersion(version.release()));
        assertThat(files).allSatisfy(f -> assertThat(f.validation()).as(f.relativePath()).isEmpty());
        Map<String, String> text = files.stream().collect(Collectors.toMap(ExportFile::relativePath, ExportFile::text));
        Path caseDir = Files.createDirectories(dir.resolve(name));
        harness = writeCase(caseDir, text, harness);
        ArrayNode jobs = JSON.createArrayNode();
        for (Placement p : doc.placements()) {
            ArrayNode args = jobs.addObject().put("name", p.job()).putArray("sbatch");
            text.get("jobs/" + ExportBundle.fileName(p.job()) + ".sbatch").lines()
                    .filter(l -> l.startsWith("#SBATCH ")).forEach(l -> args.add(l.substring(8).strip()));
        }
        Path jobsFile = Files.writeString(caseDir.resolve("jobs.json"), JSON.writeValueAsString(jobs));

        List<JsonNode> check = run(version, harness, "--check", caseDir.toString());
        JsonNode ctld = only(check, "slurmctld");
        assertThat(ctld.path("started").asBoolean()).as("slurmctld started: " + ctld).isTrue();
        assertThat(aboutTheConfiguration(ctld.path("errors"))).as("slurmctld log (fatal, error, warning)").isEmpty();
        JsonNode probe = only(check, "gres_probe");
        assertThat(probe.path("rc").asInt()).as("slurmd -G: " + probe).isZero();
        // 24.11's slurmd -G also logs errors about the harness's sandbox (no spool socket dir, no hwloc);
        // what concerns the export are its GRES errors ("Invalid GRES data for gpu, Cores=8-11").
        List<String> gresErrors = new ArrayList<>();
        probe.path("lines").forEach(l -> {
            String s = l.asText().toLowerCase(java.util.Locale.ROOT);
            if ((s.contains("error") || s.contains("warning")) && s.contains("gres")) {
                gresErrors.add(l.asText());
            }
        });
        assertThat(gresErrors).as("slurmd -G on gres.conf").isEmpty();

        List<JsonNode> replay = run(version, harness, caseDir.toString(), "--jobs", jobsFile.toString());
        assertThat(aboutTheConfiguration(only(replay, "slurmctld").path("errors"))).as("slurmctld log").isEmpty();
        JsonNode slurmd = only(replay, "slurmd");
        assertThat(slurmd.path("not_idle")).as("nodes not idle (INVAL): " + slurmd).isEmpty();
        assertThat(slurmd.path("all_idle").asBoolean()).isTrue();
        for (Placement p : doc.placements()) {
            JsonNode job = replay.stream().filter(j -> j.path("type").asText().equals("job")
                    && j.path("when").asText().equals("submit") && j.path("name").asText().equals(p.job()))
                    .findFirst().orElseThrow(() -> new AssertionError("no record of job " + p.job()));
            assertThat(job.path("state").asText()).as(p.job() + ": " + job).isEqualTo("RUNNING");
            List<String> nodes = new ArrayList<>();
            job.path("nodes").forEach(n -> nodes.add(n.asText()));
            assertThat(nodes).as(p.job() + " nodes").containsExactlyInAnyOrderElementsOf(p.hostNames());
            for (JsonNode a : job.path("alloc")) {
                HostAllocation planned = p.on(a.path("node").asText()).orElseThrow();
                List<Integer> gpus = new ArrayList<>();
                a.path("gpus").forEach(g -> gpus.add(g.asInt()));
                List<Integer> cpus = new ArrayList<>();
                a.path("cpus").forEach(c -> cpus.add(c.asInt()));
                assertThat(gpus).as(p.job() + " GPUs on " + planned.host()).isEqualTo(planned.gpus());
                assertThat(CpuSet.of(cpus)).as(p.job() + " CPUs on " + planned.host()).isEqualTo(planned.cpus());
            }
        }
    }

    /**
     * {@code _check_core_range_matches_sock} ({@code src/interfaces/gres.c}): nodes of two sockets x 16 cores with
     * two NUMA nodes per socket (sub-NUMA clustering), a GPU near NUMA node 1 and one near NUMA node 2. A gres.conf
     * giving each GPU its NUMA node's cores ({@code Cores=8-15}) splits a socket: 24.11 and 26.05 set the nodes
     * INVALID ("doesn't match socket boundaries"), 22.05 runs them, and the export check warns. What the export
     * writes instead (whole sockets, {@code Cores=0-15} and {@code Cores=16-31}) registers idle on every version.
     */
    @ParameterizedTest(name = "sub-socket Cores= on Slurm {0}")
    @org.junit.jupiter.params.provider.EnumSource(Version.class)
    void realSlurmRefusesCoresThatSplitASocketAndAcceptsTheExportedWholeSockets(Version version, @TempDir Path dir)
            throws Exception {
        Path harness = harness(version);
        org.topoplanner.model.fabric.FabricBuilder fabric = new org.topoplanner.model.fabric.FabricBuilder()
                .addSwitch("leaf1");
        Map<String, org.topoplanner.model.node.NodeTopology> nodes = new java.util.LinkedHashMap<>();
        org.topoplanner.model.node.NodeTopologyBuilder b = new org.topoplanner.model.node.NodeTopologyBuilder()
                .derivePcieLinks(false).cpuLayout(2, 2, 16, 1, 32000);
        b.gpu(new org.topoplanner.model.node.Gpu("GPU0", 0, null, List.of(1), CpuSet.range(8, 15), null, null, null));
        b.gpu(new org.topoplanner.model.node.Gpu("GPU1", 1, null, List.of(2), CpuSet.range(16, 23), null, null, null));
        for (String h : List.of("snc01", "snc02")) {
            fabric.addHost(h).cable("leaf1", h);
            nodes.put(h, b.build());
        }
        org.topoplanner.model.cluster.Cluster c = new org.topoplanner.model.cluster.Cluster("snc", fabric.build(),
                nodes, Map.of(), null, null);
        ProjectDocument doc = new ProjectDocument(c, List.of(), List.of(),
                org.topoplanner.model.project.ViewState.DEFAULT);
        Map<String, String> text = ExportBundle.build(doc, java.util.EnumSet.of(ExportTarget.SLURM)).stream()
                .collect(Collectors.toMap(ExportFile::relativePath, ExportFile::text));
        String written = text.get(SlurmFiles.GRES);
        assertThat(written).contains("Cores=0-15").contains("Cores=16-31");
        String numa = written.replace("Cores=0-15", "Cores=8-15").replace("Cores=16-31", "Cores=16-23");
        assertThat(SlurmExportCheck.check(text.get(SlurmFiles.TOPOLOGY), null, numa, text.get(SlurmFiles.NODES),
                text.get(SlurmFiles.KEYS)).get(SlurmFiles.GRES)).anyMatch(d -> d.message().contains("socket boundaries"));
        Path jobs = Files.writeString(dir.resolve("jobs.json"), "[]");
        for (boolean exported : new boolean[] {true, false}) {
            Path caseDir = Files.createDirectories(dir.resolve(exported ? "exported" : "numa"));
            Files.writeString(caseDir.resolve("nodes.conf"), text.get(SlurmFiles.KEYS) + text.get(SlurmFiles.NODES));
            Files.writeString(caseDir.resolve("topology.conf"), text.get(SlurmFiles.TOPOLOGY));
            Files.writeString(caseDir.resolve("gres.conf"), exported ? written : numa);
            JsonNode slurmd = only(run(version, harness, caseDir.toString(), "--jobs", jobs.toString()), "slurmd");
            if (exported || version == Version.V22_05) {
                assertThat(slurmd.path("not_idle")).as((exported ? "exported" : "NUMA cores") + ": " + slurmd).isEmpty();
            } else {
                assertThat(slurmd.path("not_idle").size()).as("INVAL nodes: " + slurmd).isEqualTo(2);
                slurmd.path("not_idle").forEach(n -> assertThat(n.path("reason").asText())
                        .contains("doesn't match socket boundaries"));
            }
        }
    }

    private static Path harness(Version version) {
        String dir = System.getProperty("slurm.oracle");
        Assumptions.assumeTrue(dir != null && !dir.isBlank(),
                "real Slurm harness not given: run .ci/slurm-acceptance.sh (or -Dslurm.oracle=DIR as root)");
        Path script = Path.of(dir).resolve(version.script);
        Assumptions.assumeTrue(Files.isExecutable(script), "no " + script + ": the harness is not there");
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
                "the harness needs root (namespaces, slurmd as root)");
        if (version.root() != null) {
            String root = version.root();
            Assumptions.assumeTrue(Files.isExecutable(Path.of(root, "usr/sbin/slurmctld-wlm")),
                    "no Slurm " + version.label + " in " + root + ": run " + (version == Version.V26_05
                            ? "SUITE=sid setup-new.sh " + root : "setup-new.sh") + " first");
        } else {
            Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/sbin/slurmctld-wlm")),
                    "no Slurm 22.05 installed: run setup.sh first");
        }
        return script;
    }

    /** {@code .ci/oracle-yaml/run-yaml.sh} of this checkout, running the harness beside {@code script}. */
    /**
     * The exported Slurm files as a harness case in {@code caseDir} (the keys and node lines as {@code nodes.conf},
     * the tree or block file as {@code topology.conf}); the harness to run it with: the shared one copies
     * {@code topology.conf} only, so a {@code topology.yaml} export runs under {@code .ci/oracle-yaml}, which places it
     * beside {@code slurm.conf}.
     */
    private static Path writeCase(Path caseDir, Map<String, String> text, Path harness) throws java.io.IOException {
        Files.writeString(caseDir.resolve("nodes.conf"), text.get(SlurmFiles.KEYS) + text.get(SlurmFiles.NODES));
        Files.writeString(caseDir.resolve("topology.conf"), text.getOrDefault(SlurmFiles.TOPOLOGY,
                text.get(SlurmFiles.TOPOLOGY_BLOCK)));
        Files.writeString(caseDir.resolve("gres.conf"), text.get(SlurmFiles.GRES));
        if (!text.containsKey(SlurmFiles.TOPOLOGY_YAML)) {
            return harness;
        }
        Files.writeString(caseDir.resolve("topology.yaml"), text.get(SlurmFiles.TOPOLOGY_YAML));
        return yamlHarness(harness);
    }

    private static Path yamlHarness(Path script) {
        Path wrapper = Path.of("..", ".ci", "oracle-yaml", "run-yaml.sh").toAbsolutePath().normalize();
        assertThat(wrapper).as("the topology.yaml wrapper of the harness").isRegularFile();
        return wrapper;
    }

    private static List<JsonNode> run(Version version, Path script, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", script.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        if (version.root() != null) {
            pb.environment().put("SLURM_ROOT", version.root());
        }
        pb.environment().put("ORACLE_SHARED", System.getProperty("slurm.oracle", ""));
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(600, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the harness did not finish in 600 s: " + cmd);
        }
        List<JsonNode> lines = new ArrayList<>();
        for (String l : new String(out, StandardCharsets.UTF_8).split("\n")) {
            if (l.startsWith("{")) {
                lines.add(JSON.readTree(l));
            }
        }
        assertThat(lines).as("harness output of " + cmd).noneMatch(l -> l.path("type").asText().equals("error"));
        return lines;
    }

    private static JsonNode only(List<JsonNode> lines, String type) {
        return lines.stream().filter(l -> l.path("type").asText().equals(type)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type + " line in " + lines));
    }

    /**
     * slurmctld's log lines that can concern the exported files: all but its start-up clock check ("High latency for
     * 1000 calls to gettimeofday()", slurmctld/controller.c, 26.05), which times the host's clock calls and is logged
     * whenever the machine is busy, whatever the configuration.
     */
    private static List<String> aboutTheConfiguration(JsonNode errors) {
        List<String> lines = new ArrayList<>();
        errors.forEach(e -> {
            if (!e.asText().contains("High latency for 1000 calls to gettimeofday()")) {
                lines.add(e.asText());
            }
        });
        return lines;
    }
}
