package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What sbatch prints, word for word, when a submission is refused: its own option checks ({@code sbatch/opt.c}
 * {@code _opt_verify}, {@code common/slurm_opt.c}) or slurmctld's answer ({@code slurm_strerror} of an {@code
 * ESLURM_*} code, after the {@code err_msg} slurmctld sent back), per release. The emulation's refusal says why in
 * its own words ("; " between the option problems, an explanation after the {@code slurm_strerror} text); this turns
 * it into the lines a user of that release reads. Which jobs are refused is not decided here.
 */
final class RejectionWords {
    static final String CPUS_PER_GPU_WITH_C = "--cpus-per-gpu is mutually exclusive with --cpus-per-task";
    static final String GPUS_BELOW_NODES = "Failed to validate job spec, --gpus < -N";
    /** {@code slurm_strerror(ESLURM_INVALID_GRES)}, {@code common/slurm_errno.c}, 22.05 to 26.05. */
    static final String INVALID_GRES = "Invalid generic resource (gres) specification";
    /** {@code _set_err_msg} ({@code slurmctld/node_scheduler.c}, 22.05 to 26.05) when {@code mem_ok} is false. */
    static final String MEMORY_ERR_MSG = "Memory specification can not be satisfied";
    /** {@code _set_err_msg} when {@code cpus_ok} is false (slurm.NodeConfigFilter carries it). */
    static final String CPU_ERR_MSG = "CPU count per node can not be satisfied";
    /** The {@code slurm_strerror} texts the emulation's refusals begin with ({@code common/slurm_errno.c}). */
    private static final List<String> STRERRORS = List.of(
            "Requested node configuration is not available",
            "Requested topology configuration is not available",
            "Invalid node name specified",
            "Invalid partition name specified");
    /** The {@code err_msg} slurmctld sends back with the code, which sbatch prints on a line of its own. */
    private static final List<String> ERR_MSGS = List.of(MEMORY_ERR_MSG, CPU_ERR_MSG,
            "invalid partition specified: ");
    /**
     * sbatch's {@code _opt_verify} errors that end it before it lowers {@code -N} to {@code -n} (so no warning):
     * 22.05 to 26.05 {@code sbatch/opt.c}, the plane distribution check.
     */
    private static final List<String> OWN_BEFORE_LOWERING = List.of(
            "Too few processes for the requested {plane,node} distribution");
    /** slurm_opt.c _validate_memory_options (22.05 to 26.05), a fatal() in _opt_verify. */
    static final String MEM_OPTIONS = "--mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.";
    private static final Pattern BELOW_ONE =
            Pattern.compile("(--[a-z-]+)=(\\S*): must be at least 1");
    private static final String MEM_PER_TRES = "Requested mem_per_tres=";
    private static final String PER_SOCKET = "--gpus-per-socket option requires --sockets-per-node specification";
    private static final String ERROR = "sbatch: error: ";
    private static final String FAILED = ERROR + "Batch job submission failed: ";

    private RejectionWords() {
    }

    /**
     * The text {@code sbatch} of {@code release} prints for a submission with {@code args} the emulation refused with
     * {@code refusal}; without a release (a policy that is no Slurm), the refusal after the RPC's prefix.
     */
    static String of(String refusal, List<String> args, SlurmVersion release) {
        if (release == null) {
            return FAILED + refusal;
        }
        SbatchArgs a = SbatchArgs.of(args);
        List<String> problems = List.of(refusal.split("; "));
        boolean cpusPerGpuWithC = problems.contains(CPUS_PER_GPU_WITH_C);
        boolean sbatchOwn = cpusPerGpuWithC || problems.contains(GPUS_BELOW_NODES);
        if (release.atLeast(SlurmVersion.V24_11) && cpusPerGpuWithC) {
            // 24.11 and 26.05: slurm_opt.c _validate_cpus_per_tres, called by validate_options_salloc_sbatch_srun at
            // the start of _opt_verify, exits sbatch before any other check or warning
            return "sbatch: fatal: --cpus-per-task, --tres-per-task=cpu:#, and --cpus-per-gpu are mutually exclusive";
        }
        if (release.atLeast(SlurmVersion.V26_05) && a.segment() != null && a.nodes() != null
                && a.nodes() > a.segment() && a.nodes() % a.segment() != 0) {
            // 26.05: slurm_opt.c _validate_segment_size (validate_options_salloc_sbatch_srun, -N as given, its
            // upper end for a range), before the -n lowering of -N; 24.11 leaves it to the block plugin
            return "sbatch: fatal: --segment=" + a.segment() + " does not fit the job size (" + a.nodes()
                    + "): node count must be evenly divisible by segment size";
        }
        if (problems.contains(MEM_OPTIONS)) {
            return "sbatch: fatal: " + MEM_OPTIONS;
        }
        var belowOne = BELOW_ONE.matcher(problems.get(0));
        if (problems.size() == 1 && belowOne.matches()) {
            // common/proc_args.c parse_int (22.05 to 26.05): the option's value, then sbatch exits
            return ERROR + "Invalid numeric value \"" + belowOne.group(2) + "\" for " + belowOne.group(1) + ".";
        }
        if (problems.size() == 1 && OWN_BEFORE_LOWERING.contains(refusal)) {
            return ERROR + refusal;
        }
        List<String> lines = new ArrayList<>();
        if (a.ntasks() != null && a.minNodes() != null && a.ntasks() < a.minNodes()) {
            // sbatch/opt.c _opt_verify: 22.05 info("Warning: ..."), 24.11 and 26.05 warning("...")
            lines.add((release.atLeast(SlurmVersion.V24_11) ? "sbatch: warning: " : "sbatch: Warning: ")
                    + "can't run " + a.ntasks() + " processes on " + a.minNodes() + " nodes, setting nnodes to "
                    + a.ntasks());
        }
        if (problems.size() == 1 && (refusal.startsWith(MEM_PER_TRES) || refusal.startsWith(PER_SOCKET))) {
            // gres_job_state_validate's other checks, through slurm_opt_create_job_desc as below; 22.05 writes a
            // job's mem_per_tres as gres:gpu:N (common/gres.c), 24.11 and 26.05 as gres/gpu:N
            String first = refusal.startsWith(PER_SOCKET) ? PER_SOCKET
                    : release.atLeast(SlurmVersion.V24_11) ? refusal : refusal.replace("gres/gpu:", "gres:gpu:");
            lines.add(ERROR + first);
            lines.add(ERROR + INVALID_GRES);
            return String.join("\n", lines);
        }
        if (sbatchOwn && problems.stream().allMatch(p -> p.equals(CPUS_PER_GPU_WITH_C) || p.equals(GPUS_BELOW_NODES))) {
            // 22.05 common/gres.c gres_job_state_validate (24.11, 26.05 interfaces/gres.c), called by sbatch's
            // slurm_opt_create_job_desc, logs its first failed check and returns; the caller logs
            // slurm_strerror(rc): the --cpus-per-task check comes before the --gpus < -N one
            lines.add(ERROR + (cpusPerGpuWithC ? CPUS_PER_GPU_WITH_C : GPUS_BELOW_NODES));
            lines.add(ERROR + INVALID_GRES);
            return String.join("\n", lines);
        }
        String strerror = STRERRORS.stream().filter(refusal::startsWith).findFirst().orElse(null);
        if (strerror != null) {
            String why = refusal.substring(strerror.length()).replaceFirst("^: ", "");
            if (ERR_MSGS.stream().anyMatch(why::startsWith)) {
                // sbatch prints the err_msg slurmctld sent back before the error code's text
                // (_set_err_msg's texts alone, the emulation's explanation after them dropped)
                String errMsg = why.startsWith(MEMORY_ERR_MSG) ? MEMORY_ERR_MSG
                        : why.startsWith(CPU_ERR_MSG) ? CPU_ERR_MSG : why;
                lines.add(ERROR + errMsg);
            }
            lines.add(FAILED + strerror);
        } else {
            lines.add(FAILED + refusal);
        }
        return String.join("\n", lines);
    }

    /** The few options whose values sbatch's messages print. */
    record SbatchArgs(Integer ntasks, Integer minNodes, Integer nodes, Integer segment) {
        static SbatchArgs of(List<String> args) {
            Integer ntasks = null;
            String nodes = null;
            Integer segment = null;
            for (int i = 0; i < args.size(); i++) {
                String t = args.get(i);
                String next = i + 1 < args.size() ? args.get(i + 1) : "";
                String n = value(t, next, "-n", "--ntasks");
                String nn = value(t, next, "-N", "--nodes");
                String sg = value(t, next, null, "--segment");
                if (n != null) {
                    ntasks = number(n);
                }
                if (nn != null) {
                    nodes = nn;
                }
                if (sg != null) {
                    segment = number(sg);
                }
            }
            if (nodes == null) {
                return new SbatchArgs(ntasks, null, null, segment);
            }
            String[] range = nodes.split("-", 2);
            Integer min = number(range[0]);
            return new SbatchArgs(ntasks, min, range.length > 1 ? number(range[1]) : min, segment);
        }

        private static String value(String t, String next, String shortName, String longName) {
            if (t.startsWith(longName + "=")) {
                return t.substring(longName.length() + 1);
            }
            if (t.equals(longName) || (shortName != null && t.equals(shortName))) {
                return next;
            }
            return shortName != null && t.startsWith(shortName) && t.length() > shortName.length()
                    && Character.isDigit(t.charAt(shortName.length())) ? t.substring(shortName.length()) : null;
        }

        private static Integer number(String s) {
            try {
                return Integer.valueOf(s.strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }
}
