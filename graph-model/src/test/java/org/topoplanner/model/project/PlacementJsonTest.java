package org.topoplanner.model.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/** The one placement codec: what it writes it reads back, and bad placement files are located errors. */
class PlacementJsonTest {
    /** Characters JSON must escape or that JSON pointers encode ({@code ~}, {@code /}), and non-ASCII. */
    private static final String NAME_CHARS = "abn01-_.\"\\/~ é";

    @Property(tries = 300)
    void readsBackEveryPlacementItWrote(@ForAll("placementLists") List<Placement> placements) {
        String text = PlacementJson.text(placements);
        PlacementJson.Result back = PlacementJson.read("p.json", text);
        assertThat(back.diagnostics()).isEmpty();
        assertThat(back.placements()).isEqualTo(placements);
        assertThat(PlacementJson.text(back.placements())).isEqualTo(text);
    }

    @Provide
    Arbitrary<List<Placement>> placementLists() {
        return Arbitraries.randoms().map(PlacementJsonTest::placements);
    }

    /** One to four jobs of distinct names, each on one to three distinct hosts, with GPUs, CPUs and NICs. */
    private static List<Placement> placements(Random r) {
        List<Placement> out = new ArrayList<>();
        Set<String> jobs = new LinkedHashSet<>();
        int count = 1 + r.nextInt(4);
        while (jobs.size() < count) {
            jobs.add(name(r));
        }
        for (String job : jobs) {
            Set<String> hostNames = new LinkedHashSet<>();
            int hostCount = 1 + r.nextInt(3);
            while (hostNames.size() < hostCount) {
                hostNames.add("n" + name(r));
            }
            List<HostAllocation> hosts = new ArrayList<>();
            for (String host : hostNames) {
                List<Integer> gpus = new ArrayList<>();
                Map<Integer, String> nics = new LinkedHashMap<>();
                for (int g = 0; g < 8; g++) {
                    if (r.nextBoolean()) {
                        int id = r.nextInt(10) == 0 ? PlacementJson.MAX_GPU_ID - g : g;
                        gpus.add(id);
                        if (r.nextBoolean()) {
                            nics.put(id, "NIC" + name(r));
                        }
                    }
                }
                List<Integer> cpus = new ArrayList<>();
                for (int c = r.nextInt(12); c > 0; c--) {
                    cpus.add(r.nextInt(256));
                }
                HostAllocation share = new HostAllocation(host, gpus, CpuSet.of(cpus), nics);
                // a scheduler's own count on some hosts (0 and the largest int included), none on the rest
                int counted = r.nextInt(4);
                hosts.add(counted == 0 ? share : share.withCountedCpus(switch (r.nextInt(10)) {
                    case 0 -> 0;
                    case 1 -> Integer.MAX_VALUE;
                    default -> r.nextInt(256);
                }));
            }
            out.add(new Placement(job, hosts));
        }
        return out;
    }

    private static String name(Random r) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1 + r.nextInt(6); i > 0; i--) {
            sb.append(NAME_CHARS.charAt(r.nextInt(NAME_CHARS.length())));
        }
        return sb.toString();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // placement file (\n = new line)                                          | line | column | message part
        "[{\"job\": \"a\",\\n  \"hosts\": [{\"host\": \"n1\", \"gpus\": [0, \"x\"]}]}] | 2    | 40     | a GPU id is a whole number",
        "{\"job\": \"a\", \"hosts\": [{\"host\": \"n1\", \"cpus\": \"0-3,x\"}]}       | 1    | 52     | bad CPU list '0-3,x'",
        "[\\n {\"job\": \"a\", \"hosts\": []}]                                        | 2    | 24     | lists no hosts",
        "[{\"job\": \"a\", \"hosts\": [{\"host\": \"n1\"}]},\\n {\"job\": \"a\", \"hosts\": [{\"host\": \"n2\"}]}] | 2 | 10 | job a is given twice",
        "[{\"job\": \"a\", \"hosts\": [{\"host\": \"n1\", \"gpus\": [1], \"nics\": {\"0\": \"NIC0\"}}]}] | 1 | 67 | NIC for GPU 0",
        "[{\"job\": \"a\", \"hosts\": [{\"host\": \"n1\"}]}                           | 1    | 41     | not valid JSON",
        "[]                                                                        | 1    | 1      | the list holds no placement",
        "[{\"job\": \"a\", \"hosts\": [{\"host\": \"n1\", \"countedCpus\": -1}]}]         | 1    | 55     | countedCpus -1 is out of range",
        "[{\"job\": \"a\",\\n \"hosts\": [{\"host\": \"n1\", \"countedCpus\": 2.5}]}]      | 2    | 42     | countedCpus is a whole number of CPUs, not the number 2.5",
        "[{\"job\": \"a\", \"hosts\": [{\"host\": \"n1\", \"countedCpus\": \"4\"}]}]      | 1    | 55     | countedCpus is a whole number of CPUs, not the string \"4\"",
        "[{\"job\": \"a\", \"hosts\": [{\"host\": \"n1\", \"countedCpus\": 4294967296}]}] | 1    | 55     | countedCpus 4294967296 is out of range",
        "[{\"job\": \"a\", \"hosts\": [{\"host\": \"n1\", \"countedCpus\": null}]}]       | 1    | 55     | countedCpus is a whole number of CPUs, not null",
    })
    void reportsABadPlacementFileAtItsLineAndColumn(String text, int line, int column, String message) {
        PlacementJson.Result r = PlacementJson.read("plan.json", text.replace("\\n", "\n"));
        assertThat(r.hasErrors()).isTrue();
        Diagnostic d = r.diagnostics().get(0);
        assertThat(d.path()).isEqualTo("plan.json");
        assertThat(d.line()).isEqualTo(line);
        assertThat(d.column()).isEqualTo(column);
        assertThat(d.message()).contains(message);
    }

    /** A file written before {@code countedCpus} existed reads as it did: no count, so readers work it out from the CPU ids. */
    @Test
    void readsTheCountedCpusWhereGivenAndNoneWhereAbsent() {
        PlacementJson.Result r = PlacementJson.read("plan.json", """
                [{"job": "old", "hosts": [{"host": "n1", "gpus": [0], "cpus": "0-3", "nics": {}}]},
                 {"job": "new", "hosts": [{"host": "n1", "gpus": [1], "cpus": "4-7", "countedCpus": 3, "nics": {}}]}]
                """);
        assertThat(r.diagnostics()).isEmpty();
        assertThat(r.placements().get(0).hosts().get(0).countedCpus()).isNull();
        assertThat(r.placements().get(1).hosts().get(0).countedCpus()).isEqualTo(3);
        assertThat(PlacementJson.text(r.placements())).contains("\"countedCpus\" : 3").containsOnlyOnce("countedCpus");
    }

    /** Cut, spliced or doubled placement text with counts in it: never a throw, every problem at a real place. */
    @Property(tries = 300)
    void neverThrowsOnMutatedPlacementText(@ForAll("mutatedPlacements") String text) {
        PlacementJson.Result r = PlacementJson.read("m.json", text);
        assertThat(r.diagnostics()).allSatisfy(d -> {
            assertThat(d.line()).isPositive();
            assertThat(d.column()).isPositive();
        });
        r.placements().forEach(p -> p.hosts().forEach(h -> assertThat(h.countedCpus() == null || h.countedCpus() >= 0).isTrue()));
    }

    @Provide
    Arbitrary<String> mutatedPlacements() {
        String base = PlacementJson.text(List.of(new Placement("a", List.of(
                HostAllocation.of("n1", List.of(0, 1), CpuSet.range(0, 7)).withCountedCpus(5),
                HostAllocation.of("n2", List.of(2), CpuSet.range(8, 11))))));
        List<String> inserts = List.of("-", "1.5", "\"x\"", "null", "9999999999", "\"countedCpus\": -2, ", "[", "}");
        return Arbitraries.integers().between(0, base.length() - 1).tuple3().map(t -> {
            int a = Math.min(t.get1(), t.get2());
            int b = Math.max(t.get1(), t.get2());
            return switch (t.get3() % 4) {
                case 0 -> base.substring(0, a);
                case 1 -> base.substring(0, a) + base.substring(b);
                case 2 -> base.substring(0, a) + inserts.get(t.get3() % inserts.size()) + base.substring(a);
                default -> base.replace("5", inserts.get(t.get3() % inserts.size()));
            };
        });
    }

    @Test
    void keepsTheGoodPlacementsBesideABadOne() {
        PlacementJson.Result r = PlacementJson.read("plan.json", """
                [{"job": "a", "hosts": [{"host": "n1", "gpus": [0, 1], "cpus": "0-3"}]},
                 {"job": "b", "hosts": [{"host": "n2", "gpus": [-1]}]}]
                """);
        assertThat(r.placements()).containsExactly(new Placement("a",
                List.of(HostAllocation.of("n1", List.of(0, 1), CpuSet.range(0, 3)))));
        assertThat(r.diagnostics()).extracting(Diagnostic::line).containsExactly(2);
    }

    @Test
    void aProjectReportsABadPlacementThroughTheSameCodecAtItsPlace() {
        ProjectDocument doc = documentWithPlacements();
        String text = new ProjectCodec().write(doc);
        int gpus = text.indexOf("\"gpus\" : ", text.indexOf("\"placements\""));
        String broken = text.substring(0, gpus) + "\"gpus\" : \"zero\", \"unused\" : "
                + text.substring(gpus + "\"gpus\" : ".length());
        int line = (int) broken.substring(0, gpus).chars().filter(c -> c == '\n').count() + 1;
        assertThatThrownBy(() -> new ProjectCodec().read(broken, "p.topoplanner.json"))
                .isInstanceOfSatisfying(ProjectFormatException.class, e -> assertThat(e.diagnostics())
                        .anySatisfy(d -> {
                            assertThat(d.path()).isEqualTo("p.topoplanner.json");
                            assertThat(d.line()).isEqualTo(line);
                            assertThat(d.message()).contains("gpus is a list of GPU ids [0, 1], not the string \"zero\"");
                        }));
    }

    /** The first generated document (by seed) that places a job on a host. */
    private static ProjectDocument documentWithPlacements() {
        for (long seed = 1; seed < 100; seed++) {
            ProjectDocument doc = ClusterGenerators.document(2, 2, 4, org.topoplanner.model.fabric.LinkSpeed.HDR, 1, seed);
            if (doc.placements().stream().anyMatch(p -> !p.hosts().isEmpty())) {
                return doc;
            }
        }
        throw new IllegalStateException("no generated document with a placement in 99 seeds");
    }
}
