package org.topoplanner.app.cli;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.JobLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;

/**
 * The job: sbatch options after {@code --}, or Kubernetes pods given directly ({@code --pods 4 --container
 * gpu=8,cpu=64,mem=512Gi,rdma=8}), or both (the sbatch options then give the name, node list, partition).
 */
public final class JobArgs {
    @Parameters(paramLabel = "SBATCH-OPTIONS", arity = "0..*",
            description = {"The job in sbatch's own spelling, after --: -N 4 --gpus-per-node=8 --switches=1@5:00 ...",
                    "The pod shape options below may be given there too."})
    List<String> sbatch = new ArrayList<>();

    @Option(names = "--pods", paramLabel = "N", description = "The job as N Kubernetes pods (with --container).")
    Integer pods;

    @Option(names = "--container", paramLabel = "SPEC",
            description = "A container of each pod, repeatable: gpu=4,cpu=16,mem=64Gi,hugepages=2Gi,rdma=1.")
    List<String> containers = new ArrayList<>();

    @Option(names = "--pods-per-node", paramLabel = "one|any",
            description = "one (default): a required anti-affinity keeps the pods on distinct nodes; any: they may share.")
    String podsPerNode;

    @Option(names = "--min-member", paramLabel = "N", description = "The gang: PodGroup minMember (default all pods).")
    Integer minMember;

    @Option(names = "--slice-size", paramLabel = "N", description = "Kueue podset-slice-size (with --slice-level).")
    Integer sliceSize;

    @Option(names = "--slice-level", paramLabel = "LEVEL",
            description = "Kueue podset-slice-required-topology: the level each slice must fit in.")
    String sliceLevel;

    JobRequest request(CommandSpec spec) {
        List<String> line = new ArrayList<>(sbatch);
        add(line, "--pods", pods);
        containers.forEach(c -> line.add("--container=" + c));
        add(line, "--pods-per-node", podsPerNode);
        add(line, "--min-member", minMember);
        add(line, "--slice-size", sliceSize);
        add(line, "--slice-level", sliceLevel);
        if (line.isEmpty()) {
            throw new ParameterException(spec.commandLine(),
                    "no job: give sbatch options after -- (-- -N 4 --gpus-per-node=8) or pods (--pods 4 --container gpu=8)");
        }
        try {
            return JobLine.parse(line, "job");
        } catch (JobRequestException e) {
            throw new ParameterException(spec.commandLine(), "bad job request: " + String.join("; ", e.problems()));
        }
    }

    private static void add(List<String> line, String option, Object value) {
        if (value != null) {
            line.add(option + "=" + value);
        }
    }
}
