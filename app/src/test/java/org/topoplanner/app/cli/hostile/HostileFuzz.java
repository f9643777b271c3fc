package org.topoplanner.app.cli.hostile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The long fuzz run, outside CI: {@code benchmarks/fuzz-hostile.sh [SEED] [MUTANTS]} (see
 * BENCHMARKS.md). Mutates every sample copy of the app's tests and runs each mutant through every
 * subcommand; prints each run that answered badly and a summary line, and exits 1 when any did.
 */
public final class HostileFuzz {
    private HostileFuzz() {
    }

    public static void main(String[] args) throws Exception {
        long seed = args.length > 0 ? Long.parseLong(args[0]) : 1;
        int count = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        Path seeds = Path.of(args.length > 2 ? args[2] : "app/src/test/resources/inputs");
        Path dir = Files.createTempDirectory("topoplanner-fuzz");
        List<Path> files;
        try (Stream<Path> s = Files.walk(seeds)) {
            files = s.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".gz")).sorted().toList();
        }
        List<HostileCorpus.Case> cases = new ArrayList<>(HostileCorpus.fixed(dir));
        cases.addAll(HostileCorpus.mutants(dir, files, seed, count));
        int runs = 0;
        int bad = 0;
        long slowest = 0;
        String slowestRun = "";
        long start = System.nanoTime();
        for (HostileCorpus.Case c : cases) {
            for (List<String> cmd : HostileRun.commandsFor(c.file(), dir)) {
                HostileRun r = HostileRun.of(cmd);
                runs++;
                if (r.millis() > slowest) {
                    slowest = r.millis();
                    slowestRun = String.join(" ", cmd);
                }
                if (!r.problems().isEmpty()) {
                    bad++;
                    System.out.println("BAD " + r.problems() + "\n" + r);
                }
            }
        }
        long total = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("seed %d: %d inputs (%d mutants), %d runs, %d bad, %.1f s, slowest %d ms (%s), max heap %d MiB%n",
                seed, cases.size(), count, runs, bad, total / 1000.0, slowest, slowestRun,
                Runtime.getRuntime().maxMemory() >> 20);
        try (Stream<Path> s = Files.walk(dir)) {
            // deepest first; the sparse files take no disk but their names would stay behind
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        System.exit(bad == 0 ? 0 : 1);
    }
}
