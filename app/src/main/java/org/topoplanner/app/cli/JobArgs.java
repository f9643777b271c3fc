package org.topoplanner.app.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.input.InputFile;
import org.topoplanner.model.input.InputLimits;
import org.topoplanner.model.input.InputRefusal;
import org.topoplanner.model.job.JobLine;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.job.SbatchScript;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;

/**
 * The job: sbatch options after {@code --}, a batch script ({@code --script FILE}: its {@code #SBATCH} lines, with
 * the options after {@code --} overriding them as sbatch's command line does), or Kubernetes pods given directly
 * ({@code --pods 4 --container gpu=8,cpu=64,mem=512Gi,rdma=8}), or both (the sbatch options then give the name,
 * node list, partition). Options sbatch takes that do not place the job ({@code --time}, {@code --output}, ...) are
 * said on stderr as read and not used.
 */
public final class JobArgs {
    @Parameters(paramLabel = "SBATCH-OPTIONS", arity = "0..*",
            description = {"The job in sbatch's own spelling, after --: -N 4 --gpus-per-node=8 --switches=1@5:00 ...",
                    "Every sbatch option is read: --time, --output, --account, mail, ... are noted and not used",
                    "for placement; one that changes placement and is not emulated (--constraint) is an error.",
                    "The pod shape options below may be given there too."})
    List<String> sbatch = new ArrayList<>();

    @Option(names = "--script", paramLabel = "FILE",
            description = {"A batch script: the job is what its #SBATCH lines ask for (read as sbatch reads them, up",
                    "to the first command); options after -- override the script's. Named after the file without -J."})
    Path script;

    @Mixin
    PodShapeArgs shape = new PodShapeArgs();

    /**
     * The job, or {@code null} after printing why on stderr when the script cannot be read or asks for what
     * cannot be placed (exit 1: invalid input). Bad options of the command line are a usage error.
     */
    JobRequest request(CommandSpec spec, InputLimits limits) {
        List<String> line = new ArrayList<>(sbatch);
        line.addAll(shape.line());
        JobRequest r = script == null ? fromLine(spec, line) : fromScript(spec, limits, line);
        if (r != null) {
            String where = script == null ? "-" : script.toString();
            SbatchOptions.noteMessages(r).forEach(n -> spec.commandLine().getErr().println(
                    Diagnostic.info(where, 0, 0, n)));
        }
        return r;
    }

    /**
     * Warns that sbatch {@code release} does not take the job as written: it lacks an option the job gives (real
     * 22.05.8 answers {@code unrecognized option '--oom-kill-step=1'}, and reads {@code --extra=x} as a prefix of its
     * {@code --extra-node-info}); the job is still placed as the newer releases read it.
     */
    static void warnLacking(CommandSpec spec, JobRequest r, String release) {
        for (String option : SbatchOptions.lackedBy(r, release)) {
            spec.commandLine().getErr().println(Diagnostic.warning("-", 0, 0, "sbatch " + release + " has no "
                    + option + " and does not take this job as written (unrecognized option, or a prefix of another)"));
        }
    }

    private static JobRequest fromLine(CommandSpec spec, List<String> line) {
        if (line.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "no job: give sbatch options after -- (-- -N 4"
                    + " --gpus-per-node=8), a batch script (--script FILE) or pods (--pods 4 --container gpu=8)");
        }
        try {
            return JobLine.parse(line, "job");
        } catch (JobRequestException e) {
            throw new ParameterException(spec.commandLine(), "bad job request: " + String.join("; ", e.problems()));
        }
    }

    private JobRequest fromScript(CommandSpec spec, InputLimits limits, List<String> line) {
        var err = spec.commandLine().getErr();
        String text;
        try {
            text = InputFile.readText(script, limits.limit(InputLimits.MEDIUM), "a batch script");
        } catch (InputRefusal r) {
            err.println(r.toDiagnostic());
            return null;
        }
        SbatchScript read = SbatchScript.read(text);
        String path = script.toString();
        if (read.words().isEmpty() && read.problems().isEmpty()) {
            err.println(Diagnostic.warning(path, 0, 0, "no #SBATCH line before the first command: the job is what"
                    + " sbatch gives a script without options (one task on one node)"
                    + (line.isEmpty() ? "" : " with the options after --")));
        }
        Path file = script.getFileName();
        try {
            return read.request(line, file == null ? "job" : file.toString());
        } catch (JobRequestException e) {
            for (String p : e.problems()) {
                int[] at = read.place(p);
                err.println(Diagnostic.error(path, at[0], at[1], p));
            }
            return null;
        }
    }
}
