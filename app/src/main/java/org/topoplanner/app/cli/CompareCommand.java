package org.topoplanner.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.Callable;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.app.plan.SuggestionSentence;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.model.job.JobRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code compare --cluster SRC... -- SBATCH-OPTIONS}: the same job under every policy. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Place the same job under every policy and show the answers side by side."})
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClusterAndPolicyArgs inputs = new ClusterAndPolicyArgs();

    @Option(names = "--json", description = "Print the comparison as JSON.")
    boolean json;

    @Mixin
    JobArgs job = new JobArgs();

    @Override
    public Integer call() throws Exception {
        JobRequest request = job.request(spec, inputs.cluster.limits());
        if (request == null) {
            return TopoPlannerCommand.INVALID;
        }
        PolicyOptions options = inputs.settings.options(spec);
        JobArgs.warnLacking(spec, request, options.slurmVersion().label());
        ImportOutcome outcome = inputs.cluster.load(spec);
        if (outcome == null) {
            return TopoPlannerCommand.INVALID;
        }
        ClusterState empty = ClusterState.empty(outcome.cluster());
        var out = spec.commandLine().getOut();
        // the mapper only where JSON is written: making one loads ~380 databind classes, a fifth of a compare's
        ArrayNode rows = JsonNodeFactory.instance.arrayNode();
        for (PolicyId policy : PolicyCatalog.policies()) {
            String id = policy.id();
            PolicyChoice choice = new PolicyChoice(policy, options);
            Suggestion s = choice.create().suggest(empty, request);
            // each policy's answer is checked as `place` checks it, so a broken answer is marked, not hidden
            PlacementReport report = SuggestionJson.placementOf(s)
                    .map(pl -> PlacementReport.of(empty, request, pl, choice)).orElse(null);
            if (json) {
                ObjectNode row = SuggestionJson.of(id, request.name(), s);
                if (report != null) {
                    row.put("valid", !report.hasErrors());
                    ArrayNode errors = row.putArray("errors");
                    report.errorCodes().forEach(errors::add);
                }
                rows.add(row);
            } else {
                String mark = report != null && report.hasErrors()
                        ? "  INVALID: " + String.join(", ", report.errorCodes()) : "";
                out.printf("%-12s %s%s%n", id, SuggestionSentence.line(s, outcome.cluster(), request), mark);
            }
        }
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(rows));
        }
        out.flush();
        return TopoPlannerCommand.OK;
    }
}
