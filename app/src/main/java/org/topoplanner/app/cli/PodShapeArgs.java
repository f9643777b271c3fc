package org.topoplanner.app.cli;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.job.JobLine;
import org.topoplanner.model.job.JobRequestException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The pod shape options of the command line ({@code --pods 4 --container gpu=8,cpu=64 --min-member 2 ...}),
 * shared by every command that takes a job, as the job line options of {@link JobLine} spell them.
 */
final class PodShapeArgs {
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

    /** The options given, as job line arguments ({@code --pods=4}, {@code --container=gpu=8}); empty when none. */
    /**
     * The shape options as a job line, refused as a usage error when they do not make a job (for commands
     * that write or check a shape without a job line of their own).
     */
    List<String> checkedLine(CommandSpec spec) {
        List<String> line = line();
        if (!line.isEmpty()) {
            try {
                JobLine.parse(line, "job");
            } catch (JobRequestException ex) {
                throw new ParameterException(spec.commandLine(), "bad pod shape: " + String.join("; ", ex.problems()));
            }
        }
        return line;
    }

    List<String> line() {
        List<String> line = new ArrayList<>();
        add(line, "--pods", pods);
        containers.forEach(c -> line.add("--container=" + c));
        add(line, "--pods-per-node", podsPerNode);
        add(line, "--min-member", minMember);
        add(line, "--slice-size", sliceSize);
        add(line, "--slice-level", sliceLevel);
        return line;
    }

    /**
     * {@code job} with these options added, unless it gives a pod shape of its own (a job's own shape
     * is what it was planned as, so the command line does not reshape it).
     */
    List<String> onto(List<String> job) {
        if (JobLine.hasShapeOptions(job)) {
            return job;
        }
        List<String> all = new ArrayList<>(job);
        all.addAll(line());
        return all;
    }

    private static void add(List<String> line, String option, Object value) {
        if (value != null) {
            line.add(option + "=" + value);
        }
    }
}
