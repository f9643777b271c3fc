package org.topoplanner.model.job;

import java.util.List;
import java.util.Set;

/**
 * One option of real sbatch, as its {@code getopt_long} table holds it ({@code common_options[]} of
 * {@code src/common/slurm_opt.c}, the entries sbatch takes: {@code set_func} or {@code set_func_sbatch}), and what
 * TopoPlanner does with it.
 *
 * @param name      the long name without dashes ({@code time})
 * @param shortName the short letter ({@code 't'}), or {@link #NO_SHORT}
 * @param arg       whether getopt takes a value after it
 * @param releases  the sbatch releases whose table has it (22.05, 24.11, 26.05)
 * @param use       emulated, read as a note, or refused as changing placement without being emulated
 * @param why       for {@link Use#NOT_EMULATED}: how the option changes placement; else empty
 * @param target    the emulated option it is another name for ({@code tasks-per-node}: {@code ntasks-per-node});
 *                  else {@code name}
 */
public record SbatchOption(String name, char shortName, Arg arg, Set<String> releases, Use use, String why,
                           String target) {
    /** {@link #shortName} of an option without a short letter. */
    public static final char NO_SHORT = 0;
    /** The sbatch releases TopoPlanner emulates, oldest first. */
    public static final List<String> RELEASES = List.of("22.05", "24.11", "26.05");

    /** How getopt reads the option's value ({@code no_argument}, {@code required_argument}, {@code optional_argument}). */
    public enum Arg {
        /** Takes no value: {@code --hold}; {@code --hold=x} is refused, as getopt refuses it. */
        NONE,
        /** Takes a value: {@code --time=1:00}, {@code --time 1:00}, {@code -t1:00}, {@code -t 1:00}. */
        REQUIRED,
        /** Takes a value only glued on: {@code --nice=5}, {@code -k}; {@code --nice 5} leaves 5 as a word of its own. */
        OPTIONAL
    }

    /** What TopoPlanner does with the option. */
    public enum Use {
        /** Read into {@link JobRequest}'s fields and used for placement. */
        EMULATED,
        /** Kept as a note of the request: it does not change where Slurm places the job in this model. */
        NOTE,
        /** Refused: it changes where Slurm places the job and is not emulated. */
        NOT_EMULATED,
        /** Refused: sbatch prints and exits ({@code arg_set_help}, {@code arg_set_usage}, {@code arg_set_version}). */
        NO_JOB
    }

    public SbatchOption {
        releases = Set.copyOf(releases);
    }

    /** {@code --name}. */
    public String longName() {
        return "--" + name;
    }

    /** The releases of {@link #RELEASES} whose sbatch lacks the option, oldest first (empty: every one has it). */
    public List<String> lackingReleases() {
        return RELEASES.stream().filter(r -> !releases.contains(r)).toList();
    }

    /** " (sbatch 22.05 has no --segment)", or empty when every release has it. */
    public String releaseRemark() {
        List<String> lacking = lackingReleases();
        return lacking.isEmpty() ? "" : " (sbatch " + String.join(" and ", lacking) + (lacking.size() == 1 ? " has" : " have")
                + " no " + longName() + ")";
    }
}
