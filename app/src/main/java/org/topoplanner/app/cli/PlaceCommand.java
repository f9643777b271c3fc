package org.topoplanner.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.app.plan.SuggestionSentence;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.model.job.JobRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code place --cluster SRC... --policy P [--state STATE.json] -- SBATCH-OPTIONS}. */
@Command(name = "place", mixinStandardHelpOptions = true,
        description = {"Suggest a placement for one job under a policy. Exit 1 when it cannot be placed now or ever."})
public final class PlaceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClusterAndPolicyArgs inputs = new ClusterAndPolicyArgs();

    @Mixin
    RequiredPolicy policy = new RequiredPolicy();

    @Option(names = "--state", paramLabel = "STATE.json",
            description = "What already runs: a project file, or a JSON list of placements.")
    Path state;

    @Option(names = "--json", description = "Print the suggestion as JSON.")
    boolean json;

    @Mixin
    JobArgs job = new JobArgs();

    @Override
    public Integer call() throws Exception {
        JobRequest request = job.request(spec, inputs.cluster.limits());
        if (request == null) {
            return TopoPlannerCommand.INVALID;
        }
        PolicyChoice choice = policy.choice(spec, inputs.settings);
        JobArgs.warnLacking(spec, request, choice.settings().slurmVersion().label());
        PlacementPolicy p = choice.create();
        ImportOutcome outcome = inputs.cluster.load(spec);
        if (outcome == null) {
            return TopoPlannerCommand.INVALID;
        }
        ClusterState running = ClusterState.empty(outcome.cluster());
        if (state != null) {
            RunningState.Loaded loaded = RunningState.load(outcome.cluster(), state, inputs.cluster.limits());
            loaded.diagnostics().forEach(spec.commandLine().getErr()::println);
            if (loaded.diagnostics().stream().anyMatch(d -> d.isError())) {
                return TopoPlannerCommand.INVALID;
            }
            running = loaded.state();
        }
        ClusterState others = running;
        Suggestion s = p.suggest(others, request);
        var out = spec.commandLine().getOut();
        PlacementReport report = SuggestionJson.placementOf(s)
                .map(pl -> PlacementReport.of(others, request, pl, choice)).orElse(null);
        if (json) {
            var o = SuggestionJson.of(choice.id(), request.name(), s);
            if (report != null) {
                o.put("valid", !report.hasErrors());
                o.set("metrics", report.metricsJson());
                o.set("violations", report.violationsJson());
            } else {
                o.putNull("metrics");
                o.putArray("violations");
            }
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(o));
        } else {
            out.println(choice.id() + ": " + SuggestionSentence.line(s, outcome.cluster(), request));
            if (report != null) {
                report.lines().forEach(out::println);
                if (report.hasErrors()) {
                    out.println("INVALID: " + choice.id() + "'s own placement fails validation with "
                            + report.errorCount() + " error(s); the job would not run as asked");
                }
            }
        }
        out.flush();
        // a placement that fails its own validation is no answer: the job would not run as suggested
        boolean runs = (s instanceof Suggestion.Placed || s instanceof Suggestion.Waiting)
                && (report == null || !report.hasErrors());
        return runs ? TopoPlannerCommand.OK : TopoPlannerCommand.INVALID;
    }
}
