package org.topoplanner.app.cli;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.JobLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
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

    @Mixin
    PodShapeArgs shape = new PodShapeArgs();

    JobRequest request(CommandSpec spec) {
        List<String> line = new ArrayList<>(sbatch);
        line.addAll(shape.line());
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
}
