package org.topoplanner.app.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code replay --cluster SRC... --policy P JOBS}: one JSON line per job, as the real-Slurm harness prints. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Replay a job script (the harness's JSON list or jobs.txt) under a policy and print one JSON line "
                + "per job, in the real-Slurm harness's format, so the two can be diffed."})
public final class ReplayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClusterAndPolicyArgs inputs = new ClusterAndPolicyArgs();

    @Mixin
    RequiredPolicy policy = new RequiredPolicy();

    @Parameters(paramLabel = "JOBS", description = "Job script: JSON list of steps, or jobs.txt lines.")
    Path jobs;

    @Override
    public Integer call() {
        PlacementPolicy p = policy.choice(spec, inputs.settings).create();
        var err = spec.commandLine().getErr();
        String text;
        try {
            text = org.topoplanner.model.input.InputFile.readText(jobs,
                    inputs.cluster.limits().limit(org.topoplanner.model.input.InputLimits.MEDIUM), "a job script");
        } catch (org.topoplanner.model.input.InputRefusal r) {
            err.println(r.toDiagnostic());
            return TopoPlannerCommand.INVALID;
        }
        JobScriptReader.Result script = JobScriptReader.read(jobs.toString(), text);
        script.diagnostics().forEach(err::println);
        if (script.hasErrors()) {
            return TopoPlannerCommand.INVALID;
        }
        ImportOutcome outcome = inputs.cluster.load(spec);
        if (outcome == null) {
            return TopoPlannerCommand.INVALID;
        }
        var out = spec.commandLine().getOut();
        // streamed: a long replay prints as it goes instead of holding every line
        new Replayer(outcome.cluster(), p).run(script.script(), e -> out.println(ReplayLine.text(e)));
        out.flush();
        return TopoPlannerCommand.OK;
    }
}
