package org.topoplanner.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.whatif.JobRecord;
import org.topoplanner.allocator.whatif.QueueDiscipline;
import org.topoplanner.allocator.whatif.SlowdownModel;
import org.topoplanner.allocator.whatif.WhatIfSummary;
import org.topoplanner.app.whatif.WhatIfFiles;
import org.topoplanner.app.whatif.WhatIfStudy;
import org.topoplanner.app.whatif.WorkloadSource;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.workload.SacctJob;
import org.topoplanner.importers.workload.SacctWriter;
import org.topoplanner.model.input.InputLimits;
import org.topoplanner.model.input.InputRefusal;
import org.topoplanner.model.project.AtomicFiles;
import org.topoplanner.model.workload.WorkloadGenerator;
import org.topoplanner.model.workload.WorkloadSpecException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code whatif --workload F|gen:... --cluster A [--cluster B] --policies p1,p2 --out DIR}: one workload on each
 * design under each policy, written as CSV files and a self-contained HTML report.
 */
@Command(name = "whatif", mixinStandardHelpOptions = true,
        description = {"Replay a workload (sacct --parsable2 output, a job script, or gen:PROFILE[:key=value...])"
                + " on one or more cluster designs under each policy, and write per-job records, series and an HTML"
                + " report with charts to --out.",
                "Profiles: philly, helios, pai, large-training; keys jobs, seed, rate (jobs/h), median (s), gpn."})
public final class WhatIfCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--workload", required = true, paramLabel = "FILE|gen:...",
            description = "sacct --parsable2 output, a job script, or gen:PROFILE[:key=value...].")
    String workload;

    @Option(names = "--cluster", paramLabel = "SRC[,SRC...]",
            description = "A design: its files (comma-separated), a Slurm folder or a project file. Repeat for more designs.")
    List<String> designs = new ArrayList<>();

    @Mixin
    ClusterSourceOptions source = new ClusterSourceOptions();

    @Mixin
    PolicyArgs policyArgs = new PolicyArgs();

    @Option(names = "--policies", split = ",", paramLabel = "P[,P...]",
            description = "Policies to compare (default: all of them).")
    List<String> policies = new ArrayList<>();

    @Option(names = "--discipline", defaultValue = "easy", paramLabel = "D",
            description = "Queue discipline: fifo, easy (EASY backfill) or greedy. Default: ${DEFAULT-VALUE}.")
    String discipline;

    @Option(names = "--comm-share", defaultValue = "" + SlowdownModel.DEFAULT_COMMUNICATION_SHARE, paramLabel = "C",
            description = "Share of run time in all-reduce at the best bandwidth, for the slowdown (0..1). Default: ${DEFAULT-VALUE}.")
    double commShare;

    @Option(names = "--threads", paramLabel = "N",
            description = "Runs at once (default: the machine's cores). Records do not depend on it.")
    Integer threads;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Folder for the CSV files and report.html.")
    Path out;

    @Option(names = "--sacct-out", paramLabel = "FILE",
            description = "Also write the workload as sacct --parsable2 history, with Start and End from the first run.")
    Path sacctOut;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        QueueDiscipline d = QueueDiscipline.parse(discipline).orElseThrow(() -> new ParameterException(
                spec.commandLine(), "--discipline must be fifo, easy or greedy, not " + discipline));
        if (!(commShare >= 0 && commShare <= 1)) {
            throw new ParameterException(spec.commandLine(), "--comm-share must be within 0..1, not " + commShare);
        }
        List<PolicyChoice> choices = new ArrayList<>();
        for (String p : policies.isEmpty() ? PolicyCatalog.ids() : policies) {
            PolicyId id = PolicyId.parse(p).orElseThrow(() -> new ParameterException(spec.commandLine(),
                    "unknown policy '" + p + "'; known: " + String.join(", ", PolicyCatalog.ids())));
            choices.add(policyArgs.choice(spec, id));
        }
        WorkloadSource jobs = loadWorkload(err);
        if (jobs == null) {
            return TopoPlannerCommand.INVALID;
        }
        List<WhatIfStudy.Design> loaded = new ArrayList<>();
        if (designs.isEmpty() == !source.example) {
            throw new ParameterException(spec.commandLine(), "give --cluster SRC (once per design) or --example");
        }
        if (source.example) {
            ImportOutcome outcome = source.load(spec, List.of());
            loaded.add(new WhatIfStudy.Design("example", outcome.cluster()));
        }
        for (String design : designs) {
            List<Path> files = java.util.Arrays.stream(design.split(",")).filter(s -> !s.isBlank()).map(Path::of).toList();
            ImportOutcome outcome = source.load(spec, files);
            outcome.diagnostics().forEach(err::println);
            if (outcome.cluster() == null || outcome.hasErrors()) {
                err.println("topoplanner: whatif: the design " + design + " has errors");
                return TopoPlannerCommand.INVALID;
            }
            loaded.add(new WhatIfStudy.Design(files.get(0).getFileName().toString(), outcome.cluster()));
        }
        WhatIfStudy study = new WhatIfStudy(jobs, loaded, choices, d, new SlowdownModel(commShare));
        List<SacctJob> history = new ArrayList<>();
        boolean[] firstRun = {true};
        long started = System.nanoTime();
        Map<Integer, Long> runStarted = new java.util.concurrent.ConcurrentHashMap<>();
        List<WhatIfSummary> runs = WhatIfFiles.write(study, out, c -> {
            boolean keep = sacctOut != null && firstRun[0];
            firstRun[0] = false;
            // a job that never ran has no Start for accounting to keep
            return keep ? r -> {
                if (r.ran() && r.gpus() > 0) {
                    history.add(asSacct(r));
                }
            } : r -> { };
        }, (run, total, current, done, all) -> {
            if (done == 0) {
                runStarted.put(run, System.nanoTime());
                err.printf("whatif: run %d of %d: %s (%d jobs)%n", run + 1, total, current.label(), all);
            } else if (done == all && runStarted.containsKey(run)) {
                // every job recorded: the run's wall time (told once), for throughput figures
                err.printf(java.util.Locale.ROOT, "whatif: run %d of %d done in %.1f s%n", run + 1, total,
                        (System.nanoTime() - runStarted.remove(run)) / 1e9);
            } else if (all >= 10_000 && done % (all / 10) < 500 && runStarted.containsKey(run)) {
                // a long run says how far it got about every tenth of its jobs (progress comes every 500)
                err.printf(java.util.Locale.ROOT, "whatif: run %d of %d: %d of %d jobs after %.1f s%n", run + 1,
                        total, done, all, (System.nanoTime() - runStarted.get(run)) / 1e9);
            }
        }, () -> false, threads == null ? Runtime.getRuntime().availableProcessors() : Math.max(1, threads));
        for (WhatIfSummary s : runs) {
            err.printf(java.util.Locale.ROOT, "whatif: %s: %d of %d jobs ran, makespan %.1f h, utilisation %.1f%%%n",
                    s.runCase().label(), s.ran(), s.jobs(), s.makespanSeconds() / 3600.0, 100 * s.meanUtilisation());
        }
        if (sacctOut != null) {
            history.sort(Comparator.comparing(SacctJob::submit));
            AtomicFiles.writeString(sacctOut, SacctWriter.write(history));
        }
        err.printf(java.util.Locale.ROOT, "whatif: %d run(s) in %.1f s; report %s%n", runs.size(),
                (System.nanoTime() - started) / 1e9, out.resolve(WhatIfFiles.REPORT));
        return TopoPlannerCommand.OK;
    }

    /** A record as accounting would have kept it, with times counted from 2025-01-01T00:00:00. */
    private static SacctJob asSacct(JobRecord r) {
        LocalDateTime epoch = LocalDateTime.of(2025, 1, 1, 0, 0);
        LocalDateTime submit = epoch.plusSeconds(r.submit());
        String nodeList = String.join(",", r.hosts());
        return new SacctJob(r.job(), submit, epoch.plusSeconds(r.start()), epoch.plusSeconds(r.end()), r.nodes(),
                r.gpus(), "", nodeList, "gpu", "COMPLETED", 0);
    }

    private WorkloadSource loadWorkload(PrintWriter err) {
        if (WorkloadGenerator.isSpec(workload)) {
            try {
                return WorkloadSource.generated(WorkloadGenerator.parse(workload));
            } catch (WorkloadSpecException e) {
                throw new ParameterException(spec.commandLine(), "--workload: " + e.getMessage());
            }
        }
        Path file = Path.of(workload);
        WorkloadSource w;
        try {
            w = WorkloadSource.open(file, source.limits().limit(InputLimits.LARGE));
        } catch (InputRefusal r) {
            err.println(r.toDiagnostic());
            return null;
        }
        w.diagnostics().forEach(err::println);
        if (w.hasErrors()) {
            err.println("topoplanner: whatif: the workload has errors");
            return null;
        }
        return w;
    }
}
