package org.topoplanner.model.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.hostlist.HostlistSyntaxException;

/**
 * Reads and writes job requests in sbatch's own option spelling, so Slurm users need
 * nothing new: {@code -N 4 --gpus-per-node=8 --switches=1@5:00}.
 *
 * <p>Every option of real sbatch 22.05, 24.11 and 26.05 is known ({@link SbatchOptionTable}) and read as sbatch's
 * {@code getopt_long} reads it: {@code --opt=value} and {@code --opt value}; unique prefixes ({@code --gpus-per-n});
 * short options glued ({@code -N4}) or apart ({@code -N 4}), where {@code -N=4} is the value {@code =4}, as in
 * sbatch, and short options without a value grouped ({@code -Hk}); an optional value only after {@code =}
 * ({@code --exclusive=topo}); a later option replaces an earlier one. What an option does here is its
 * {@link SbatchOption.Use}: emulated options fill the request; options that do not change where Slurm places the
 * job ({@code --time}, {@code --output}, {@code --account}, mail, ...) are kept as {@link JobRequest#notes()};
 * options that change placement and are not emulated ({@code --constraint}) are refused, named, with why. Every
 * problem is collected and names its option (and, for a word sbatch cannot read, its position): unknown and
 * ambiguous options, malformed values, and the contradictions sbatch itself refuses before submitting
 * ({@code -N 4-2}; {@code --cpus-per-gpu} with {@code --cpus-per-task}). Values sbatch accepts but this model
 * cannot hold are reported as not supported (other GRES than gpu, several GPU types, node list files).
 */
public final class SbatchOptions {
    /** The {@link NodeChoice} flags, as the option table's targets spell them. */
    private static final Set<String> NODE_CHOICE_FLAGS = Set.of("--spread-job", "--contiguous", "--use-min-nodes");

    private SbatchOptions() {
    }

    /** Reads a request from sbatch arguments, named {@link JobRequest#DEFAULT_NAME} when there is no {@code -J}. */
    public static JobRequest parse(List<String> args) throws JobRequestException {
        return parse(args, JobRequest.DEFAULT_NAME);
    }

    /** Reads a request from sbatch arguments; {@code defaultName} is used when there is no {@code -J}. */
    public static JobRequest parse(List<String> args, String defaultName) throws JobRequestException {
        Draft d = new Draft(defaultName);
        SbatchGetopt.read(args, d::take, d.problems);
        return d.finish();
    }

    /** Reads a request typed as one line ({@code -N 12 --gpus-per-node=8 --switches=2}), with shell quoting. */
    public static JobRequest parseLine(String line) throws JobRequestException {
        return parse(ShellWords.split(line));
    }

    /** Reads a request typed as one line, with shell quoting; {@code defaultName} when there is no {@code -J}. */
    public static JobRequest parseLine(String line, String defaultName) throws JobRequestException {
        return parse(ShellWords.split(line), defaultName);
    }

    /** The request in canonical sbatch spelling ({@code --long=value}); {@code parse(toArgs(r))} gives {@code r} back. */
    public static List<String> toArgs(JobRequest r) {
        List<String> out = new ArrayList<>();
        out.add("--job-name=" + r.name());
        if (r.minNodes() != null) {
            out.add("--nodes=" + r.minNodes() + (r.maxNodes() != null ? "-" + r.maxNodes() : ""));
        }
        add(out, "--ntasks", r.ntasks());
        add(out, "--ntasks-per-node", r.ntasksPerNode());
        add(out, "--ntasks-per-socket", r.ntasksPerSocket());
        add(out, "--cpus-per-task", r.cpusPerTask());
        String type = r.gpuType() == null ? "" : r.gpuType() + ":";
        if (r.gpus() != null) {
            out.add("--gpus=" + type + r.gpus());
        }
        if (r.gpusPerNode() != null) {
            out.add("--gpus-per-node=" + type + r.gpusPerNode());
        }
        if (r.gpusPerTask() != null) {
            out.add("--gpus-per-task=" + type + r.gpusPerTask());
        }
        add(out, "--cpus-per-gpu", r.cpusPerGpu());
        add(out, "--ntasks-per-gpu", r.ntasksPerGpu());
        if (r.gpusPerSocket() != null) {
            out.add("--gpus-per-socket=" + type + r.gpusPerSocket());
        }
        add(out, "--sockets-per-node", r.socketsPerNode());
        if (r.distribution() != null) {
            out.add("--distribution=" + r.distribution().spelling());
        }
        if (r.switches() != null) {
            out.add("--switches=" + r.switches()
                    + (r.switchesWait() == null ? "" : "@" + SlurmTime.format(r.switchesWait())));
        }
        if (r.enforceBinding()) {
            out.add("--gres-flags=enforce-binding");
        }
        if (r.overcommit()) {
            out.add("--overcommit");
        }
        out.addAll(r.nodeChoice().options());
        if (r.exclusiveTopo()) {
            out.add("--exclusive=topo");
        } else if (r.exclusive()) {
            out.add("--exclusive");
        }
        if (!r.nodelist().isEmpty()) {
            out.add("--nodelist=" + Hostlist.compress(r.nodelist()));
        }
        if (!r.exclude().isEmpty()) {
            out.add("--exclude=" + Hostlist.compress(r.exclude()));
        }
        add(out, "--segment", r.segment());
        if (r.partition() != null) {
            out.add("--partition=" + r.partition());
        }
        if (r.memMiB() != null) {
            out.add("--mem=" + size(r.memMiB()));
        }
        if (r.memPerGpuMiB() != null) {
            out.add("--mem-per-gpu=" + size(r.memPerGpuMiB()));
        }
        if (r.memPerCpuMiB() != null) {
            out.add("--mem-per-cpu=" + size(r.memPerCpuMiB()));
        }
        add(out, "--threads-per-core", r.threadsPerCore());
        out.addAll(r.notes());
        return out;
    }

    /**
     * The options of the request that sbatch {@code release} ({@code 22.05}) lacks, each {@code --long}: its sbatch
     * answers {@code unrecognized option}, or takes the name as a prefix of a longer option it has (22.05.8 reads
     * {@code --extra=x} as {@code --extra-node-info}). The notes' options, and {@code --segment}, the one emulated
     * option a release lacks.
     */
    public static List<String> lackedBy(JobRequest r, String release) {
        List<String> out = new ArrayList<>();
        if (r.segment() != null && !((SbatchOptionTable.Lookup.Found) SbatchOptionTable.ofLong("segment")).option()
                .releases().contains(release)) {
            out.add("--segment");
        }
        for (String note : r.notes()) {
            int eq = note.indexOf('=');
            if (SbatchOptionTable.ofLong(note.substring(2, eq < 0 ? note.length() : eq))
                    instanceof SbatchOptionTable.Lookup.Found f && !f.option().releases().contains(release)) {
                out.add(f.option().longName());
            }
        }
        return out;
    }

    /**
     * What the request's notes say to a user, one line each: {@code read, not used for placement: --account=proj},
     * naming a release whose sbatch lacks the option; {@code --time} says that a partition's {@code MaxTime} reads it.
     */
    public static List<String> noteMessages(JobRequest r) {
        List<String> out = new ArrayList<>();
        for (String note : r.notes()) {
            int eq = note.indexOf('=');
            String remark = SbatchOptionTable.ofLong(note.substring(2, eq < 0 ? note.length() : eq))
                    instanceof SbatchOptionTable.Lookup.Found f ? f.option().releaseRemark() : "";
            // --time picks no node, but slurmctld holds it against a partition's MaxTime (job_limits_check)
            out.add((note.startsWith("--time=") ? "read, not used for placement (held against a partition's"
                    + " MaxTime): " : "read, not used for placement: ") + note + remark);
        }
        return out;
    }

    /** A size in sbatch's spelling: whole GiB as {@code G}, else MiB. */
    private static String size(long mib) {
        return mib != 0 && mib % 1024 == 0 ? mib / 1024 + "G" : mib + "M";
    }

    private static void add(List<String> out, String option, Integer value) {
        if (value != null) {
            out.add(option + "=" + value);
        }
    }

    /** The values read so far and every problem found. */
    private static final class Draft {
        final List<String> problems = new ArrayList<>();
        final SbatchValues values = new SbatchValues(problems);
        final JobRequest.Builder b = JobRequest.builder();
        NodeChoice nodeChoice = NodeChoice.DEFAULT;
        Integer minNodes;
        Integer maxNodes;
        Integer switches;
        java.time.Duration wait;
        boolean cpusPerTaskGiven;
        boolean cpusPerGpuGiven;
        Integer ntasksPerGpu;
        Integer gpusPerJob;
        Integer ntasks;
        /** The -w list's distinct nodes (0 without one). */
        int listed;
        String gpuType;
        String gpuTypeOption;
        Integer threadsPerCore;
        Integer hintThreads;
        /**
         * {@code --gpus-per-socket} and {@code --sockets-per-node} given: sbatch tests them together, and only the pair
         * is emulated ({@code --sockets-per-node} alone is not).
         */
        boolean gpusPerSocketGiven;
        boolean socketsPerNodeGiven;
        Integer gpusPerSocket;
        Integer socketsPerNode;
        /** What --sockets-per-node alone is refused with (its table entry). */
        String socketsPerNodeAlone;

        /** The notes by option name, in the order first given; a later value replaces an earlier one. */
        final java.util.LinkedHashMap<String, String> notes = new java.util.LinkedHashMap<>();

        Draft(String defaultName) {
            b.name(defaultName);
        }

        /** An option as the table says to use it; {@code at} names the word it came from. */
        void take(SbatchOption o, String val, String at) {
            String written = o.longName() + (val == null ? "" : "=" + val);
            gpusPerSocketGiven |= o.name().equals("gpus-per-socket");
            socketsPerNodeGiven |= o.name().equals("sockets-per-node");
            if (o.name().equals("sockets-per-node") && val != null) {
                // emulated beside --gpus-per-socket only (finish)
                socketsPerNode = values.positive("--sockets-per-node", val);
                socketsPerNodeAlone = written + at + ": changes where Slurm places the job and is not emulated ("
                        + o.why() + ")" + o.releaseRemark();
                return;
            }
            switch (o.use()) {
                case NOTE -> {
                    if (written.indexOf('\n') >= 0 || written.indexOf('\r') >= 0) {
                        // an #SBATCH line cannot carry it, and a job is written back as one
                        problems.add(o.longName() + at + ": a value cannot hold a line break");
                        return;
                    }
                    notes.remove(o.name());
                    notes.put(o.name(), written);
                }
                case NO_JOB -> problems.add(written + at + ": sbatch prints and exits with it, submitting no job");
                case NOT_EMULATED -> problems.add(written + at + ": changes where Slurm places the job and is not"
                        + " emulated (" + o.why() + ")" + o.releaseRemark());
                case EMULATED -> {
                    String key = "--" + o.target();
                    if (key.equals("--exclusive")) {
                        exclusive(val);
                    } else if (key.equals("--overcommit")) {
                        // a flag (no_argument in sbatch's long options): the placement rules are the policies'
                        b.overcommit(true);
                    } else if (NODE_CHOICE_FLAGS.contains(key)) {
                        // flags too (COMMON_BOOL_OPTION / job_flags in slurm_opt.c); given twice they stay set
                        nodeChoice = new NodeChoice(nodeChoice.spreadJob() || key.equals("--spread-job"),
                                nodeChoice.contiguous() || key.equals("--contiguous"),
                                nodeChoice.useMinNodes() || key.equals("--use-min-nodes"));
                        b.nodeChoice(nodeChoice);
                    } else if (val == null) {
                        problems.add(key + " needs a value" + at);
                    } else {
                        option(key, val);
                    }
                }
            }
        }

        void option(String key, String val) {
            switch (key) {
                case "--nodes" -> {
                    Integer[] n = values.nodes(key, val);
                    minNodes = n[0];
                    maxNodes = n[1];
                }
                case "--ntasks" -> {
                    ntasks = values.positive(key, val);
                    b.ntasks(ntasks);
                }
                case "--ntasks-per-node" -> b.ntasksPerNode(values.positive(key, val));
                case "--ntasks-per-socket" -> b.ntasksPerSocket(values.positive(key, val));
                case "--ntasks-per-gpu" -> {
                    ntasksPerGpu = values.positive(key, val);
                    b.ntasksPerGpu(ntasksPerGpu);
                }
                case "--cpus-per-task" -> {
                    b.cpusPerTask(values.positive(key, val));
                    cpusPerTaskGiven = true;
                }
                case "--cpus-per-gpu" -> {
                    b.cpusPerGpu(values.positive(key, val));
                    cpusPerGpuGiven = true;
                }
                case "--gpus" -> {
                    gpusPerJob = gpuCount(key, values.typedCount(key, val));
                    b.gpus(gpusPerJob);
                }
                case "--gpus-per-node" -> b.gpusPerNode(gpuCount(key, values.typedCount(key, val)));
                case "--gpus-per-task" -> b.gpusPerTask(gpuCount(key, values.typedCount(key, val)));
                case "--gpus-per-socket" -> gpusPerSocket = gpuCount(key, values.typedCount(key, val));
                case "--gres" -> b.gpusPerNode(gpuCount(key, values.gres(val)));
                case "--switches" -> switches(val);
                case "--gres-flags" -> gresFlags(val);
                case "--nodelist" -> {
                    List<String> named = hosts(key, val);
                    listed = new java.util.HashSet<>(named).size();
                    b.nodelist(named);
                }
                case "--exclude" -> b.exclude(hosts(key, val));
                case "--job-name" -> name(val);
                case "--segment" -> b.segment(values.positive(key, val));
                case "--partition" -> partition(val);
                case "--mem" -> b.memMiB(size(key, val));
                case "--mem-per-gpu" -> b.memPerGpuMiB(size(key, val));
                case "--mem-per-cpu" -> b.memPerCpuMiB(size(key, val));
                case "--threads-per-core" -> threadsPerCore = values.positive(key, val);
                case "--hint" -> hint(val);
                case "--distribution" -> distribution(val);
                default -> problems.add("unknown option " + key);
            }
        }

        private Integer gpuCount(String key, SbatchValues.TypedCount t) {
            if (t == null) {
                return null;
            }
            if (t.type() != null) {
                if (gpuType != null && !gpuType.equals(t.type())) {
                    problems.add(key + ": GPU type '" + t.type() + "' differs from '" + gpuType + "' of "
                            + gpuTypeOption + " (one GPU type per request)");
                } else {
                    gpuType = t.type();
                    gpuTypeOption = key;
                }
            }
            return t.count();
        }

        private void switches(String val) {
            int at = val.indexOf('@');
            switches = values.positive("--switches", at < 0 ? val : val.substring(0, at));
            wait = null;
            if (at >= 0) {
                String time = val.substring(at + 1);
                if (!SlurmTime.isInfinite(time)) {
                    try {
                        wait = SlurmTime.parse(time);
                    } catch (IllegalArgumentException e) {
                        problems.add("--switches=" + val + ": " + e.getMessage());
                    }
                }
            }
        }

        /**
         * sbatch's {@code verify_hint} (proc_args.c, the same in 22.05, 24.11 and 26.05): nomultithread and
         * compute_bound ask for one thread per core, multithread for all of them (the default); memory_bound
         * also asks for one core per socket, which this model cannot hold. Own case optprobe3 (p2, p3, p11).
         */
        private void hint(String val) {
            hintThreads = null;
            for (String h : val.split(",")) {
                switch (h.toLowerCase(Locale.ROOT)) {
                    case "nomultithread", "compute_bound" -> hintThreads = 1;
                    case "multithread" -> hintThreads = null;
                    case "memory_bound" -> problems.add("--hint=memory_bound is not supported (it asks for one core"
                            + " per socket); give --threads-per-core=1 and --ntasks-per-socket");
                    default -> problems.add("--hint=" + val + ": unrecognized --hint argument '" + h
                            + "' (expected nomultithread, multithread, compute_bound)");
                }
            }
        }

        /** sbatch's {@code verify_dist_type}: the spellings whose layout is emulated ({@link Distribution}). */
        private void distribution(String val) {
            try {
                b.distribution(Distribution.parse(val));
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }

        private void gresFlags(String val) {
            switch (val.toLowerCase(Locale.ROOT)) {
                case "enforce-binding" -> b.enforceBinding(true);
                case "disable-binding" -> b.enforceBinding(false);
                default -> problems.add("--gres-flags=" + val + ": expected enforce-binding or disable-binding");
            }
        }

        void exclusive(String val) {
            if (val == null) {
                b.exclusive(true).exclusiveTopo(false);
            } else if (val.equals("topo")) {
                b.exclusive(false).exclusiveTopo(true);
            } else if (val.equals("user") || val.equals("mcs")) {
                b.exclusive(false).exclusiveTopo(false);
            } else {
                problems.add("--exclusive=" + val + ": expected user, mcs or topo");
            }
        }

        private List<String> hosts(String key, String val) {
            if (val.indexOf('/') >= 0) {
                problems.add(key + "=" + val + ": node list files are not supported; give a hostlist");
                return List.of();
            }
            try {
                return Hostlist.expand(val);
            } catch (HostlistSyntaxException e) {
                problems.add(key + "=" + val + ": " + e.reason() + " (at offset " + e.offset() + ")");
                return List.of();
            }
        }

        private void partition(String val) {
            // sbatch passes the list on as it is; slurmctld's get_part_list splits it at commas, and the job starts in
            // the first partition (by PriorityTier) that can start it. An unknown name is refused by slurmctld
            // ("Invalid partition name specified"), which knows the partitions: the policies, not the parser.
            // sbatch keeps the text as given (slurm_opt.c COMMON_STRING_OPTION(partition), 22.05, 24.11, 26.05), and
            // get_part_list (partition_mgr.c) splits it with strtok_r, which skips empty names: "a,,b" is the list
            // a,b and "a," the one partition a; kept as that list, so every reader sees slurmctld's names. A text of
            // commas only names nothing: 22.05 and 24.11 refuse it, 26.05 takes the default partition (the Slurm
            // policies), so it is kept as one comma, whose partitions() is empty. An empty -p is sbatch's own error.
            String list = java.util.Arrays.stream(val.split(",")).filter(n -> !n.isEmpty())
                    .collect(java.util.stream.Collectors.joining(","));
            if (list.isEmpty() && val.isEmpty()) {
                problems.add("--partition=" + val + ": Invalid partition name specified");
            } else if (list.isEmpty()) {
                b.partition(SbatchValues.NO_PARTITION_NAMES);
            } else if (!SbatchValues.isPartitionList(list)) {
                problems.add("--partition needs names without spaces or '=', separated by commas");
            } else {
                b.partition(list);
            }
        }

        /**
         * sbatch's {@code --mem=<size>[units]}, {@code --mem-per-gpu} and {@code --mem-per-cpu}
         * ({@code COMMON_MBYTES_OPTION}): K, M (the
         * default), G or T; {@code --mem=0} asks for all of each node's memory. {@code null} after a problem.
         */
        private Long size(String key, String val) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]{1,12})([KkMmGgTt]?)").matcher(val);
            if (!m.matches()) {
                problems.add(key + "=" + val + ": expected a size such as 64G or 512M (units K, M, G, T)");
                return null;
            }
            long n = Long.parseLong(m.group(1));
            long mib = switch (m.group(2).toUpperCase(Locale.ROOT)) {
                case "K" -> (n + 1023) / 1024;
                case "G" -> n * 1024;
                case "T" -> n * 1024 * 1024;
                default -> n;
            };
            return mib;
        }

        private void name(String val) {
            if (val.isBlank()) {
                problems.add("--job-name needs a name");
            } else {
                b.name(val);
            }
        }

        JobRequest finish() throws JobRequestException {
            String socketRefusal = GpusPerSocketRefusal.of(gpusPerSocketGiven, socketsPerNodeGiven, ntasksPerGpu != null);
            if (socketRefusal != null) {
                // what sbatch says, in place of "not emulated": Slurm submits no such job in any release
                problems.removeIf(p -> p.startsWith("--gpus-per-socket") || p.startsWith("--sockets-per-node"));
                problems.add(socketRefusal);
            } else if (gpusPerSocketGiven) {
                b.gpusPerSocket(gpusPerSocket, socketsPerNode);
            } else if (socketsPerNodeAlone != null) {
                problems.add(socketsPerNodeAlone);
            }
            if (cpusPerGpuGiven && cpusPerTaskGiven) {
                // sbatch 22.05: "error: --cpus-per-gpu is mutually exclusive with --cpus-per-task"
                problems.add("--cpus-per-gpu is mutually exclusive with --cpus-per-task");
            }
            // without -N, sbatch counts the -w list's nodes as -N (_opt_verify: min_nodes = hl_cnt; own case fuzz48
            // p32 -w k2,g1,s2 --gpus=2 is refused by 22.05.8, 24.11.5 and 26.05.5)
            Integer asked = minNodes != null ? minNodes : listed > 0 ? Integer.valueOf(listed) : null;
            // sbatch first lowers -N to -n ("can't run 1 processes on 2 nodes"; fuzz07 f53 -N2 -n1 --gpus=1 runs)
            Integer nodes = asked != null && ntasks != null && ntasks < asked ? ntasks : asked;
            if (gpusPerJob != null && gpusPerJob > 0 && nodes != null && gpusPerJob < nodes) {
                // slurmctld's gres_job_state_validate, 22.05 to 26.05 (own case fuzz06 f14: -N2 --gpus=1)
                problems.add("Failed to validate job spec, --gpus < -N");
            }
            if (problems.isEmpty()) {
                try {
                    // validate_hint_option: --threads-per-core makes sbatch ignore --hint (own case optprobe3 p8)
                    Integer threads = threadsPerCore != null ? threadsPerCore : hintThreads;
                    JobRequest r = b.nodes(minNodes, maxNodes).switches(switches, wait).gpuType(gpuType)
                            .threadsPerCore(threads).notes(List.copyOf(notes.values())).build();
                    if (r.ntasksPerGpu() == null) {
                        return r;
                    }
                    if (!r.asksForGpus() && ntasks == null && asked == null) {
                        // slurmctld's gres_job_state_validate (22.05 common/gres.c; 24.11 and 26.05
                        // interfaces/gres.c): "--ntasks-per-tres needs either a GRES GPU specification or a
                        // node/ntask specification"
                        problems.add("--ntasks-per-gpu needs GPUs, -n or -N (Invalid generic resource (gres)"
                                + " specification)");
                    } else {
                        // on one node and on several (own cases gp8a, g9b, c11b1), on trees and blocks, with -O
                        // too (own probes c25u1, c26b1)
                        return r;
                    }
                } catch (IllegalArgumentException e) {
                    problems.add(e.getMessage());
                }
            }
            throw new JobRequestException(problems);
        }
    }
}
