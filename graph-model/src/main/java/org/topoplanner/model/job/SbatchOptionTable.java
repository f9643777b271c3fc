package org.topoplanner.model.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.topoplanner.model.job.SbatchOption.Arg;
import org.topoplanner.model.job.SbatchOption.Use;

/**
 * Every option of real sbatch 22.05, 24.11 and 26.05, read from the {@code common_options[]} table of
 * {@code src/common/slurm_opt.c} of each release (the entries with {@code set_func} or {@code set_func_sbatch}:
 * what {@code slurm_option_table_create} gives sbatch's {@code getopt_long}), checked against each release's
 * {@code sbatch} binary (an option the table lacks is {@code unrecognized option}). Names are looked up as
 * getopt_long looks them up: the exact name, else a unique prefix ({@code --gpus-per-n} is
 * {@code --gpus-per-node}); a prefix of several options is ambiguous ({@code --tim}: {@code --time},
 * {@code --time-min}), as real sbatch says. Prefixes are judged over the union of the three tables, so a prefix is
 * refused as ambiguous when any release finds it so.
 */
public final class SbatchOptionTable {
    private static final Set<String> ALL = Set.copyOf(SbatchOption.RELEASES);
    private static final char NO_SHORT = SbatchOption.NO_SHORT;

    /** Sorted by name. */
    private static final List<SbatchOption> OPTIONS = List.of(
            new SbatchOption("account", 'A', Arg.REQUIRED, ALL, Use.NOTE, "", "account"),
            new SbatchOption("acctg-freq", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "acctg-freq"),
            new SbatchOption("array", 'a', Arg.REQUIRED, ALL, Use.NOTE, "", "array"),
            new SbatchOption("autocomplete", NO_SHORT, Arg.REQUIRED, Set.of("24.11", "26.05"), Use.NOTE, "", "autocomplete"),
            new SbatchOption("batch", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "batch"),
            new SbatchOption("bb", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "bb"),
            new SbatchOption("bbf", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "bbf"),
            new SbatchOption("begin", 'b', Arg.REQUIRED, ALL, Use.NOTE, "", "begin"),
            new SbatchOption("chdir", 'D', Arg.REQUIRED, ALL, Use.NOTE, "", "chdir"),
            new SbatchOption("cluster", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "cluster"),
            new SbatchOption("cluster-constraint", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "cluster-constraint"),
            new SbatchOption("clusters", 'M', Arg.REQUIRED, ALL, Use.NOTE, "", "clusters"),
            new SbatchOption("comment", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "comment"),
            new SbatchOption("consolidate-segments", NO_SHORT, Arg.NONE, Set.of("26.05"), Use.NOT_EMULATED, "it packs --segment segments into fewer base blocks", "consolidate-segments"),
            new SbatchOption("constraint", 'C', Arg.REQUIRED, ALL, Use.NOT_EMULATED, "node features pick the nodes; the model keeps no features", "constraint"),
            new SbatchOption("container", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "container"),
            new SbatchOption("container-id", NO_SHORT, Arg.REQUIRED, Set.of("24.11", "26.05"), Use.NOTE, "", "container-id"),
            new SbatchOption("container-type", NO_SHORT, Arg.REQUIRED, Set.of("26.05"), Use.NOTE, "", "container-type"),
            new SbatchOption("context", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "context"),
            new SbatchOption("contiguous", NO_SHORT, Arg.NONE, ALL, Use.EMULATED, "", "contiguous"),
            new SbatchOption("core-spec", 'S', Arg.REQUIRED, ALL, Use.NOT_EMULATED, "it reserves cores on each node and gives the job whole nodes", "core-spec"),
            new SbatchOption("cores-per-socket", NO_SHORT, Arg.REQUIRED, ALL, Use.NOT_EMULATED, "it leaves out nodes with fewer cores per socket and limits the cores used", "cores-per-socket"),
            new SbatchOption("cpu-freq", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "cpu-freq"),
            new SbatchOption("cpus-per-gpu", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "cpus-per-gpu"),
            new SbatchOption("cpus-per-task", 'c', Arg.REQUIRED, ALL, Use.EMULATED, "", "cpus-per-task"),
            new SbatchOption("deadline", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "deadline"),
            new SbatchOption("delay-boot", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "delay-boot"),
            new SbatchOption("dependency", 'd', Arg.REQUIRED, ALL, Use.NOTE, "", "dependency"),
            new SbatchOption("distribution", 'm', Arg.REQUIRED, ALL, Use.EMULATED, "", "distribution"),
            new SbatchOption("error", 'e', Arg.REQUIRED, ALL, Use.NOTE, "", "error"),
            new SbatchOption("exclude", 'x', Arg.REQUIRED, ALL, Use.EMULATED, "", "exclude"),
            new SbatchOption("exclusive", NO_SHORT, Arg.OPTIONAL, ALL, Use.EMULATED, "", "exclusive"),
            new SbatchOption("export", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "export"),
            new SbatchOption("export-file", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "export-file"),
            new SbatchOption("external", NO_SHORT, Arg.NONE, Set.of("26.05"), Use.NOTE, "", "external"),
            new SbatchOption("extra", NO_SHORT, Arg.REQUIRED, Set.of("24.11", "26.05"), Use.NOTE, "", "extra"),
            new SbatchOption("extra-node-info", 'B', Arg.REQUIRED, ALL, Use.NOT_EMULATED, "sockets, cores and threads per node limit the nodes and CPUs", "extra-node-info"),
            new SbatchOption("get-user-env", NO_SHORT, Arg.OPTIONAL, ALL, Use.NOTE, "", "get-user-env"),
            new SbatchOption("gid", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "gid"),
            new SbatchOption("gpu-bind", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "gpu-bind"),
            new SbatchOption("gpu-freq", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "gpu-freq"),
            new SbatchOption("gpus", 'G', Arg.REQUIRED, ALL, Use.EMULATED, "", "gpus"),
            new SbatchOption("gpus-per-node", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "gpus-per-node"),
            new SbatchOption("gpus-per-socket", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "gpus-per-socket"),
            new SbatchOption("gpus-per-task", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "gpus-per-task"),
            new SbatchOption("gres", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "gres"),
            new SbatchOption("gres-flags", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "gres-flags"),
            new SbatchOption("help", 'h', Arg.NONE, ALL, Use.NO_JOB, "", "help"),
            new SbatchOption("hint", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "hint"),
            new SbatchOption("hold", 'H', Arg.NONE, ALL, Use.NOTE, "", "hold"),
            new SbatchOption("ignore-pbs", NO_SHORT, Arg.NONE, ALL, Use.NOTE, "", "ignore-pbs"),
            new SbatchOption("input", 'i', Arg.REQUIRED, ALL, Use.NOTE, "", "input"),
            new SbatchOption("job-name", 'J', Arg.REQUIRED, ALL, Use.EMULATED, "", "job-name"),
            new SbatchOption("kill-on-invalid-dep", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "kill-on-invalid-dep"),
            new SbatchOption("licenses", 'L', Arg.REQUIRED, ALL, Use.NOTE, "", "licenses"),
            new SbatchOption("mail-type", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "mail-type"),
            new SbatchOption("mail-user", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "mail-user"),
            new SbatchOption("mcs-label", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "mcs-label"),
            new SbatchOption("mem", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "mem"),
            new SbatchOption("mem-bind", NO_SHORT, Arg.REQUIRED, ALL, Use.NOT_EMULATED, "memory binding is asked per NUMA node; the model does not bind memory", "mem-bind"),
            new SbatchOption("mem-per-cpu", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "mem-per-cpu"),
            new SbatchOption("mem-per-gpu", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "mem-per-gpu"),
            new SbatchOption("mem-update", NO_SHORT, Arg.REQUIRED, Set.of("26.05"), Use.NOTE, "", "mem-update"),
            new SbatchOption("mincpus", NO_SHORT, Arg.REQUIRED, ALL, Use.NOT_EMULATED, "it leaves out nodes with fewer free CPUs", "mincpus"),
            new SbatchOption("network", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "network"),
            new SbatchOption("nice", NO_SHORT, Arg.OPTIONAL, ALL, Use.NOTE, "", "nice"),
            new SbatchOption("no-kill", 'k', Arg.OPTIONAL, ALL, Use.NOTE, "", "no-kill"),
            new SbatchOption("no-requeue", NO_SHORT, Arg.NONE, ALL, Use.NOTE, "", "no-requeue"),
            new SbatchOption("nodefile", 'F', Arg.REQUIRED, ALL, Use.NOT_EMULATED, "a node list file; give the hosts with -w", "nodefile"),
            new SbatchOption("nodelist", 'w', Arg.REQUIRED, ALL, Use.EMULATED, "", "nodelist"),
            new SbatchOption("nodes", 'N', Arg.REQUIRED, ALL, Use.EMULATED, "", "nodes"),
            new SbatchOption("ntasks", 'n', Arg.REQUIRED, ALL, Use.EMULATED, "", "ntasks"),
            new SbatchOption("ntasks-per-core", NO_SHORT, Arg.REQUIRED, ALL, Use.NOT_EMULATED, "it caps the tasks per core and so the CPUs per node", "ntasks-per-core"),
            new SbatchOption("ntasks-per-gpu", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "ntasks-per-gpu"),
            new SbatchOption("ntasks-per-node", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "ntasks-per-node"),
            new SbatchOption("ntasks-per-socket", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "ntasks-per-socket"),
            new SbatchOption("ntasks-per-tres", NO_SHORT, Arg.REQUIRED, ALL, Use.NOT_EMULATED, "Slurm derives the task count and binds tasks to GPUs, as --ntasks-per-gpu", "ntasks-per-tres"),
            new SbatchOption("oom-kill-step", NO_SHORT, Arg.OPTIONAL, Set.of("24.11", "26.05"), Use.NOTE, "", "oom-kill-step"),
            new SbatchOption("open-mode", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "open-mode"),
            new SbatchOption("output", 'o', Arg.REQUIRED, ALL, Use.NOTE, "", "output"),
            new SbatchOption("overcommit", 'O', Arg.NONE, ALL, Use.EMULATED, "", "overcommit"),
            new SbatchOption("oversubscribe", 's', Arg.NONE, ALL, Use.NOT_EMULATED, "it lets the job share CPUs where the partition allows OverSubscribe", "oversubscribe"),
            new SbatchOption("parsable", NO_SHORT, Arg.NONE, ALL, Use.NOTE, "", "parsable"),
            new SbatchOption("partition", 'p', Arg.REQUIRED, ALL, Use.EMULATED, "", "partition"),
            new SbatchOption("power", NO_SHORT, Arg.REQUIRED, Set.of("22.05"), Use.NOTE, "", "power"),
            new SbatchOption("prefer", NO_SHORT, Arg.REQUIRED, ALL, Use.NOT_EMULATED, "preferred node features pick the nodes; the model keeps no features", "prefer"),
            new SbatchOption("priority", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "priority"),
            new SbatchOption("profile", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "profile"),
            new SbatchOption("propagate", NO_SHORT, Arg.OPTIONAL, ALL, Use.NOTE, "", "propagate"),
            new SbatchOption("qos", 'q', Arg.REQUIRED, ALL, Use.NOTE, "", "qos"),
            new SbatchOption("quiet", 'Q', Arg.NONE, ALL, Use.NOTE, "", "quiet"),
            new SbatchOption("reboot", NO_SHORT, Arg.NONE, ALL, Use.NOTE, "", "reboot"),
            new SbatchOption("requeue", NO_SHORT, Arg.OPTIONAL, ALL, Use.NOTE, "", "requeue"),
            new SbatchOption("reservation", NO_SHORT, Arg.REQUIRED, ALL, Use.NOT_EMULATED, "a reservation limits the nodes and holds others", "reservation"),
            new SbatchOption("resources", NO_SHORT, Arg.REQUIRED, Set.of("26.05"), Use.NOTE, "", "resources"),
            new SbatchOption("resv-ports", NO_SHORT, Arg.OPTIONAL, Set.of("24.11", "26.05"), Use.NOTE, "", "resv-ports"),
            new SbatchOption("segment", NO_SHORT, Arg.REQUIRED, Set.of("24.11", "26.05"), Use.EMULATED, "", "segment"),
            new SbatchOption("signal", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "signal"),
            new SbatchOption("sockets-per-node", NO_SHORT, Arg.REQUIRED, ALL, Use.NOT_EMULATED, "it leaves out nodes with fewer sockets and limits the sockets used (own case sb7a)", "sockets-per-node"),
            new SbatchOption("spread-job", NO_SHORT, Arg.NONE, ALL, Use.EMULATED, "", "spread-job"),
            new SbatchOption("spread-segments", NO_SHORT, Arg.NONE, Set.of("26.05"), Use.NOT_EMULATED, "it puts each --segment segment in its own base block", "spread-segments"),
            new SbatchOption("stepmgr", NO_SHORT, Arg.NONE, Set.of("24.11", "26.05"), Use.NOTE, "", "stepmgr"),
            new SbatchOption("switches", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "switches"),
            new SbatchOption("tasks-per-node", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "ntasks-per-node"),
            new SbatchOption("test-only", NO_SHORT, Arg.NONE, ALL, Use.NOTE, "", "test-only"),
            new SbatchOption("thread-spec", NO_SHORT, Arg.REQUIRED, ALL, Use.NOT_EMULATED, "it reserves threads on each node and gives the job whole nodes", "thread-spec"),
            new SbatchOption("threads-per-core", NO_SHORT, Arg.REQUIRED, ALL, Use.EMULATED, "", "threads-per-core"),
            new SbatchOption("time", 't', Arg.REQUIRED, ALL, Use.NOTE, "", "time"),
            new SbatchOption("time-min", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "time-min"),
            new SbatchOption("tmp", NO_SHORT, Arg.REQUIRED, ALL, Use.NOT_EMULATED, "temporary disk per node leaves out nodes; the model keeps no TmpDisk", "tmp"),
            new SbatchOption("tres-bind", NO_SHORT, Arg.REQUIRED, Set.of("24.11", "26.05"), Use.NOTE, "", "tres-bind"),
            new SbatchOption("tres-per-task", NO_SHORT, Arg.REQUIRED, Set.of("24.11", "26.05"), Use.NOT_EMULATED, "TRES per task; give GPUs per task as --gpus-per-task", "tres-per-task"),
            new SbatchOption("uid", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "uid"),
            new SbatchOption("usage", NO_SHORT, Arg.NONE, ALL, Use.NO_JOB, "", "usage"),
            new SbatchOption("use-min-nodes", NO_SHORT, Arg.NONE, ALL, Use.EMULATED, "", "use-min-nodes"),
            new SbatchOption("verbose", 'v', Arg.NONE, ALL, Use.NOTE, "", "verbose"),
            new SbatchOption("version", 'V', Arg.NONE, ALL, Use.NO_JOB, "", "version"),
            new SbatchOption("wait", 'W', Arg.NONE, ALL, Use.NOTE, "", "wait"),
            new SbatchOption("wait-all-nodes", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "wait-all-nodes"),
            new SbatchOption("wckey", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "wckey"),
            new SbatchOption("wrap", NO_SHORT, Arg.REQUIRED, ALL, Use.NOTE, "", "wrap")
);
    private static final Map<String, SbatchOption> BY_NAME = OPTIONS.stream()
            .collect(Collectors.toUnmodifiableMap(SbatchOption::name, Function.identity()));
    private static final Map<Character, SbatchOption> BY_SHORT = OPTIONS.stream()
            .filter(o -> o.shortName() != NO_SHORT)
            .collect(Collectors.toUnmodifiableMap(SbatchOption::shortName, Function.identity()));

    private SbatchOptionTable() {
    }

    /** Every option, sorted by name. */
    public static List<SbatchOption> all() {
        return OPTIONS;
    }

    /** The option of a short letter ({@code 't'}), or {@code null} when sbatch has none. */
    public static SbatchOption ofShort(char letter) {
        return BY_SHORT.get(letter);
    }

    /** What a long name given without dashes means to sbatch's getopt_long. */
    public static Lookup ofLong(String given) {
        SbatchOption exact = BY_NAME.get(given);
        if (exact != null) {
            return new Lookup.Found(exact);
        }
        List<SbatchOption> prefixed = new ArrayList<>();
        for (SbatchOption o : OPTIONS) {
            // getopt_long counts two names of one option (the same val: --tasks-per-node) as one match
            if (o.name().startsWith(given) && prefixed.stream().noneMatch(p -> p.target().equals(o.target()))) {
                prefixed.add(o);
            }
        }
        if (given.isEmpty() || prefixed.isEmpty()) {
            return new Lookup.Unknown();
        }
        return prefixed.size() == 1 ? new Lookup.Found(prefixed.get(0)) : new Lookup.Ambiguous(prefixed);
    }

    /** The answer of {@link #ofLong}. */
    public sealed interface Lookup {
        /** The option, by its exact name or a unique prefix. */
        record Found(SbatchOption option) implements Lookup {
        }

        /** A prefix of several options: sbatch says {@code option '--tim' is ambiguous}. */
        record Ambiguous(List<SbatchOption> options) implements Lookup {
            public Ambiguous {
                options = List.copyOf(options);
            }
        }

        /** No option of any release: sbatch says {@code unrecognized option}. */
        record Unknown() implements Lookup {
        }
    }
}
