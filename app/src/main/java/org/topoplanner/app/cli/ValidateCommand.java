package org.topoplanner.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.input.InputFile;
import org.topoplanner.model.input.InputLimits;
import org.topoplanner.model.input.InputRefusal;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.JobLine;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.project.PlacementJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code validate --cluster SRC... --placement P.json [--policy P]}: check a given placement. P.json
 * is one placement or a list, each {@code {"job": "a", "sbatch": ["-N", "2", ...], "hosts": [{"host":
 * "node01", "gpus": [0, 1], "cpus": "0-3", "nics": {"0": "NIC0"}}]}} ({@code sbatch} may hold pod shape options,
 * {@code --pods=2 --container=gpu=4}, see {@link JobLine}); without {@code sbatch} the request
 * is what the placement holds (its node count and GPUs per node). Placements are checked in order,
 * each against the ones before it.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Check a given placement: violations with codes, severities and sentences, and its metrics.",
                "Exit 1 when any violation is an error."})
public final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClusterAndPolicyArgs inputs = new ClusterAndPolicyArgs();

    @Mixin
    PodShapeArgs shape = new PodShapeArgs();

    @Option(names = "--placement", required = true, paramLabel = "P.json", description = "The placement(s) to check.")
    Path placementFile;

    @Option(names = "--policy", paramLabel = "P", converter = SettingWords.Policies.class,
            completionCandidates = SettingWords.Policies.class,
            description = "Check against this policy too (${COMPLETION-CANDIDATES}; a Kubernetes policy adds the"
                    + " kubelet's admission).")
    PolicyId policy;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Option(names = "--claim", paramLabel = "F", arity = "1..*",
            description = {"DRA files: the ResourceClaim or ResourceClaimTemplate to check every placement against (the",
                    "first one found), with the ResourceSlices and DeviceClasses it needs (any of the files). Each host",
                    "is reported as the DRA allocator would serve the claim there; a host where it cannot is an error."})
    List<Path> claimFiles = new ArrayList<>();

    private record Given(JobRequest request, Placement placement) {
    }

    @Override
    public Integer call() throws Exception {
        var err = spec.commandLine().getErr();
        // the settings are checked whether or not a policy is given: a wrong one is a mistake either way
        PolicyOptions settings = inputs.settings.options(spec);
        PolicyChoice choice = policy == null ? null : new PolicyChoice(policy, settings);
        List<String> shapeLine = shape.checkedLine(spec);
        List<Given> given = new ArrayList<>();
        String text;
        try {
            text = InputFile.readText(placementFile, inputs.cluster.limits().limit(InputLimits.MEDIUM),
                    "a placement list");
        } catch (InputRefusal r) {
            err.println(r.toDiagnostic());
            return TopoPlannerCommand.INVALID;
        }
        PlacementJson.Result read = PlacementJson.read(placementFile.toString(), text);
        List<Diagnostic> problems = new ArrayList<>(read.diagnostics());
        for (PlacementJson.Entry e : read.entries()) {
            Placement p = e.placement();
            // the command line's pod shape is the job of an entry that names none, and shapes an sbatch one
            List<String> line = e.sbatch() == null ? (shapeLine.isEmpty() ? null : shapeLine) : shape.onto(e.sbatch());
            if (line == null) {
                int gpusPerNode = p.hosts().stream().mapToInt(h -> h.gpus().size()).max().orElse(0);
                given.add(new Given(JobRequest.nodesWithGpus(p.job(), p.hosts().size(), gpusPerNode), p));
                continue;
            }
            try {
                JobRequest parsed = JobLine.parse(line, p.job());
                given.add(new Given(parsed, p));
                SbatchOptions.noteMessages(parsed).forEach(n -> problems.add(Diagnostic.info(placementFile.toString(),
                        e.sbatchAt()[0], e.sbatchAt()[1], p.job() + ": " + n)));
            } catch (JobRequestException ex) {
                problems.add(Diagnostic.error(placementFile.toString(), e.sbatchAt()[0], e.sbatchAt()[1],
                        "bad sbatch options of " + p.job() + ": " + String.join("; ", ex.problems())));
            }
        }
        problems.forEach(err::println);
        if (problems.stream().anyMatch(Diagnostic::isError)) {
            return TopoPlannerCommand.INVALID;
        }
        ImportOutcome outcome = inputs.cluster.load(spec);
        if (outcome == null) {
            return TopoPlannerCommand.INVALID;
        }
        DraClaimReport dra = null;
        if (!claimFiles.isEmpty()) {
            dra = DraClaimReport.load(claimFiles, inputs.cluster.limits(), err);
            if (dra == null) {
                return TopoPlannerCommand.INVALID;
            }
        }
        ClusterState state = ClusterState.empty(outcome.cluster());
        boolean errors = false;
        ArrayNode results = new ObjectMapper().createArrayNode();
        var out = spec.commandLine().getOut();
        for (Given g : given) {
            PlacementReport r = PlacementReport.of(state, g.request(), g.placement(), choice);
            errors |= r.hasErrors();
            if (json) {
                var o = results.addObject().put("job", g.placement().job()).put("valid", !r.hasErrors());
                o.set("violations", r.violationsJson());
                o.set("metrics", r.metricsJson());
                if (dra != null) {
                    o.set("claim", dra.json(g.placement()));
                }
            } else {
                out.println(g.placement().job() + ": " + (r.hasErrors() ? "INVALID" : "valid") + " on "
                        + org.topoplanner.model.hostlist.Hostlist.compress(g.placement().hostNames()));
                r.lines().forEach(out::println);
                if (dra != null) {
                    dra.lines(g.placement()).forEach(out::println);
                }
            }
            errors |= dra != null && !dra.satisfied(g.placement());
            state = state.with(g.placement());
        }
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(results));
        }
        out.flush();
        return errors ? TopoPlannerCommand.INVALID : TopoPlannerCommand.OK;
    }

}
