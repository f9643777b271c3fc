package org.topoplanner.model.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class SbatchOptionsPropertiesTest {

    @Property(tries = 500)
    void readsBackWhatItWrites(@ForAll("requests") JobRequest r) throws Exception {
        assertThat(SbatchOptions.parse(r.toSbatchArgs(), "other")).isEqualTo(r);
    }

    @Property(tries = 500)
    void readsBackAWrittenLine(@ForAll("requests") JobRequest r) throws Exception {
        String line = String.join(" ", r.toSbatchArgs().stream().map(a -> "'" + a.replace("'", "'\\''") + "'").toList());
        assertThat(SbatchOptions.parseLine(line)).isEqualTo(r);
    }

    @Property(tries = 500)
    void reportsRatherThanThrows(@ForAll("noise") List<String> args) {
        try {
            SbatchOptions.parse(args);
        } catch (JobRequestException e) {
            assertThat(e.problems()).isNotEmpty();
        }
    }

    @Provide
    Arbitrary<JobRequest> requests() {
        Arbitrary<Integer> small = Arbitraries.integers().between(1, 64).injectNull(0.5);
        Arbitrary<Integer> gpus = Arbitraries.integers().between(0, 16).injectNull(0.6);
        Arbitrary<Duration> wait = Arbitraries.longs().between(0, 400_000).map(Duration::ofSeconds).injectNull(0.5);
        Arbitrary<List<String>> hosts = Arbitraries.integers().between(1, 40).list().ofMaxSize(5)
                .map(l -> l.stream().map(i -> String.format("node%02d", i)).toList());
        Arbitrary<JobRequest.Builder> counts = Combinators.combine(small, small, small, small, small, small, small,
                        Arbitraries.integers().between(0, 8).injectNull(0.5))
                .as((n, extra, nt, ntpn, ntps, cpt, seg, sw) -> JobRequest.builder()
                        .nodes(n, n == null || extra == null ? null : n + extra % 5)
                        .ntasks(nt).ntasksPerNode(ntpn).ntasksPerSocket(ntps).cpusPerTask(cpt).segment(seg)
                        .switches(sw == null || sw == 0 ? null : sw, null));
        return Combinators.combine(counts, gpus, gpus, gpus, Arbitraries.of("h100", "a100", "1g.10gb").injectNull(0.5),
                        wait, Combinators.combine(hosts, hosts, Arbitraries.integers().between(0, 127),
                                Arbitraries.of("job", "train run", "it's")).as(List::of))
                .as((b, g, gpn, gpt, type, w, rest) -> {
                    @SuppressWarnings("unchecked") List<String> nl = (List<String>) rest.get(0);
                    @SuppressWarnings("unchecked") List<String> ex = (List<String>) rest.get(1);
                    int flags = (Integer) rest.get(2);
                    JobRequest base = b.build();
                    // sbatch refuses fewer --gpus than nodes (-N, else the -w list's nodes, after -n lowered it): keep
                    // the request valid
                    Integer asked = base.minNodes() != null ? base.minNodes()
                            : nl.isEmpty() ? null : Integer.valueOf(new java.util.HashSet<>(nl).size());
                    Integer nodes = asked == null ? null
                            : base.ntasks() == null ? asked : Integer.valueOf(Math.min(asked, base.ntasks()));
                    Integer perJob = g == null || g == 0 || nodes == null ? g : Integer.valueOf(Math.max(g, nodes));
                    b.gpus(perJob).gpusPerNode(gpn).gpusPerTask(gpt)
                            .gpuType(perJob == null && gpn == null && gpt == null ? null : type)
                            .switches(base.switches(), base.switches() == null ? null : w)
                            .enforceBinding((flags & 1) != 0).exclusive((flags & 2) != 0)
                            .exclusiveTopo((flags & 2) == 0 && (flags & 4) != 0).nodelist(nl).exclude(ex)
                            .overcommit((flags & 64) != 0)
                            .name((String) rest.get(3)).partition((flags & 16) != 0 ? ((flags & 32) != 0 ? "gpu-blk,cpu" : "gpu-blk") : null);
                    if ((flags & 8) != 0 && base.cpusPerTask() == null) {
                        b.cpusPerGpu(1 + flags);
                    }
                    return b;
                }).flatMap(b -> notes().map(n -> b.notes(n).build()));
    }

    /** Notes of options placement ignores, each once, with values that hold '=', ',' and blanks. */
    private static Arbitrary<List<String>> notes() {
        List<SbatchOption> noteOptions = SbatchOptionTable.all().stream()
                .filter(o -> o.use() == SbatchOption.Use.NOTE).toList();
        Arbitrary<String> value = Arbitraries.of("01:00:00", "out.%j", "END,FAIL", "a=b", "two words", "", "5");
        return Combinators.combine(Arbitraries.of(noteOptions), value).as((o, v) -> switch (o.arg()) {
            case NONE -> o.longName();
            case REQUIRED -> o.longName() + "=" + v;
            case OPTIONAL -> v.isEmpty() ? o.longName() : o.longName() + "=" + v;
        }).list().ofMaxSize(4).uniqueElements(n -> n.indexOf('=') < 0 ? n : n.substring(0, n.indexOf('=')));
    }

    /** Option lines of real option names, short letters and values, cut and spliced at random places. */
    @Property(tries = 1000)
    void readsMutatedLinesWithoutThrowingAndNamesTheWord(@ForAll("mutated") String line) {
        try {
            SbatchOptions.parseLine(line);
        } catch (JobRequestException e) {
            assertThat(e.problems()).isNotEmpty().allMatch(p -> !p.isBlank());
        }
    }

    /** A word sbatch cannot read is named with its position. */
    @Property(tries = 300)
    void namesThePositionOfAWordSbatchCannotRead(@ForAll("requests") JobRequest r,
                                                  @ForAll("badWords") String bad) {
        List<String> args = new java.util.ArrayList<>(r.toSbatchArgs());
        int at = args.size();
        args.add(bad);
        try {
            SbatchOptions.parse(args);
            throw new AssertionError("read " + bad);
        } catch (JobRequestException e) {
            assertThat(e.problems()).anyMatch(p -> p.contains("(word " + (at + 1) + ")"));
        }
    }

    @Provide
    Arbitrary<String> badWords() {
        return Arbitraries.of("--frobnicate", "--tim=5", "--gpus-per=2", "-y", "--hold=1", "script.sh",
                "--constraint=a100", "-C", "--mem-bind=local", "--co");
    }

    @Provide
    Arbitrary<String> mutated() {
        Arbitrary<String> option = Arbitraries.of(SbatchOptionTable.all()).flatMap(o -> Arbitraries.of(
                o.longName(), o.longName() + "=", o.longName() + "=1", o.longName() + " 2",
                o.shortName() == SbatchOption.NO_SHORT ? "-" + o.name().charAt(0) : "-" + o.shortName() + "4",
                o.longName().substring(0, Math.max(3, o.longName().length() / 2))));
        Arbitrary<String> line = option.list().ofMaxSize(8).map(l -> String.join(" ", l));
        return Combinators.combine(line, Arbitraries.integers().between(0, 200), Arbitraries.integers().between(0, 200),
                Arbitraries.strings().withChars("-=@:,[]0123456789 \"'").ofMaxLength(4))
                .as((l, cut, at, splice) -> {
                    String head = l.substring(0, Math.min(cut, l.length()));
                    int pos = Math.min(at, head.length());
                    return head.substring(0, pos) + splice + head.substring(pos);
                });
    }

    @Provide
    Arbitrary<List<String>> noise() {
        Arbitrary<String> word = Arbitraries.oneOf(
                Arbitraries.of("-N", "-n", "-c", "-G", "-w", "-x", "-J", "--nodes", "--gpus", "--gres", "--switches",
                        "--exclusive", "--gres-flags", "--", "-", "--segment", "--cpus-per-gpu", "-c2", "-p",
                        "--partition"),
                Arbitraries.strings().withChars("-=@:,[]0123456789abgpu").ofMaxLength(12));
        return word.list().ofMaxSize(8);
    }
}
