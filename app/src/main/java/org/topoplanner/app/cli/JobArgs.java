package org.topoplanner.app.cli;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;

/** The job, as sbatch options after {@code --}. */
public final class JobArgs {
    @Parameters(paramLabel = "SBATCH-OPTIONS", arity = "1..*",
            description = "The job in sbatch's own spelling, after --: -N 4 --gpus-per-node=8 --switches=1@5:00 ...")
    List<String> sbatch = new ArrayList<>();

    JobRequest request(CommandSpec spec) {
        try {
            return SbatchOptions.parse(sbatch, "job");
        } catch (JobRequestException e) {
            throw new ParameterException(spec.commandLine(), "bad job request: " + String.join("; ", e.problems()));
        }
    }
}
