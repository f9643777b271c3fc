package org.topoplanner.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.importers.ImportOutcome;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code validate --cluster SRC... --placement P.json [--policy P]}: check a given placement. P.json
 * is one placement or a list, each {@code {"job": "a", "sbatch": ["-N", "2", ...], "hosts": [{"host":
 * "node01", "gpus": [0, 1], "cpus": "0-3", "nics": {"0": "NIC0"}}]}}; without {@code sbatch} the request
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
    ClusterArgs cluster = new ClusterArgs();

    @Mixin
    PolicyArgs policyArgs = new PolicyArgs();

    @Option(names = "--placement", required = true, paramLabel = "P.json", description = "The placement(s) to check.")
    Path placementFile;

    @Option(names = "--policy", paramLabel = "P",
            description = "Check against this policy too (a Kubernetes policy adds the kubelet's admission).")
    String policy;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    private record Given(JobRequest request, Placement placement) {
    }

    @Override
    public Integer call() throws Exception {
        var err = spec.commandLine().getErr();
        if (policy != null) {
            PolicyArgs.policy(spec, policy, policyArgs.options(spec));
        }
        List<Given> given;
        try {
            given = read(Files.readString(placementFile));
        } catch (IOException | IllegalArgumentException | JobRequestException e) {
            err.println(placementFile + ":1:1: error: " + e.getMessage());
            return TopoPlannerCommand.INVALID;
        }
        ImportOutcome outcome = cluster.load(spec);
        if (outcome == null) {
            return TopoPlannerCommand.INVALID;
        }
        ClusterState state = ClusterState.empty(outcome.cluster());
        boolean errors = false;
        ArrayNode results = new ObjectMapper().createArrayNode();
        var out = spec.commandLine().getOut();
        for (Given g : given) {
            PlacementReport r = PlacementReport.of(state, g.request(), g.placement(), policy, policyArgs.options(spec));
            errors |= r.hasErrors();
            if (json) {
                var o = results.addObject().put("job", g.placement().job()).put("valid", !r.hasErrors());
                o.set("violations", r.violationsJson());
                o.set("metrics", r.metricsJson());
            } else {
                out.println(g.placement().job() + ": " + (r.hasErrors() ? "INVALID" : "valid") + " on "
                        + org.topoplanner.model.hostlist.Hostlist.compress(g.placement().hostNames()));
                r.lines().forEach(out::println);
            }
            state = state.with(g.placement());
        }
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(results));
        }
        out.flush();
        return errors ? TopoPlannerCommand.INVALID : TopoPlannerCommand.OK;
    }

    private static List<Given> read(String text) throws IOException, JobRequestException {
        JsonNode root = new ObjectMapper().readTree(text);
        List<JsonNode> items = new ArrayList<>();
        if (root != null && root.isArray()) {
            root.forEach(items::add);
        } else if (root != null && root.isObject()) {
            items.add(root);
        } else {
            throw new IllegalArgumentException("expected a placement object or a list of them");
        }
        List<Given> out = new ArrayList<>();
        for (JsonNode n : items) {
            String job = n.path("job").asText("job" + (out.size() + 1));
            List<HostAllocation> hosts = new ArrayList<>();
            for (JsonNode h : n.path("hosts")) {
                List<Integer> gpus = new ArrayList<>();
                h.path("gpus").forEach(x -> gpus.add(x.asInt()));
                java.util.Map<Integer, String> nics = new java.util.LinkedHashMap<>();
                h.path("nics").fields().forEachRemaining(e -> nics.put(Integer.parseInt(e.getKey()), e.getValue().asText()));
                hosts.add(new HostAllocation(h.path("host").asText(), gpus, CpuSet.parse(h.path("cpus").asText("")), nics));
            }
            if (hosts.isEmpty()) {
                throw new IllegalArgumentException("placement of " + job + " lists no hosts");
            }
            Placement p = new Placement(job, hosts);
            JobRequest request;
            if (n.has("sbatch")) {
                List<String> args = new ArrayList<>();
                n.get("sbatch").forEach(a -> args.add(a.asText()));
                request = SbatchOptions.parse(args, job);
            } else {
                int gpusPerNode = hosts.stream().mapToInt(h -> h.gpus().size()).max().orElse(0);
                request = JobRequest.nodesWithGpus(job, hosts.size(), gpusPerNode);
            }
            out.add(new Given(request, p));
        }
        return out;
    }
}
