package org.topoplanner.model.job;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What a job asks for, in the terms of sbatch's options, independent of any one scheduler. Absent
 * options are {@code null} (or false, or empty lists); {@link SbatchOptions} reads and writes the
 * sbatch spelling, and {@link #builder()} makes one in code. The constructor refuses what no sbatch
 * command line could say (negative counts, a wait without a switch count, a maximum below the
 * minimum), so every request can be written back as sbatch options.
 *
 * @param name            {@code -J}; the job's name in the plan
 * @param minNodes        {@code -N} minimum; {@code null} when {@code -N} was not given
 * @param maxNodes        {@code -N min-max} maximum; {@code null} when no maximum was given
 * @param ntasks          {@code -n}
 * @param ntasksPerNode   {@code --ntasks-per-node}
 * @param ntasksPerSocket {@code --ntasks-per-socket}
 * @param cpusPerTask     {@code -c}
 * @param gpus            {@code --gpus} (per job)
 * @param gpusPerNode     {@code --gpus-per-node}, or the count of {@code --gres=gpu[:type]:N}
 * @param gpusPerTask     {@code --gpus-per-task}
 * @param gpuType         the type of a typed GPU request ({@code h100}), else {@code null}
 * @param cpusPerGpu      {@code --cpus-per-gpu}
 * @param switches        {@code --switches=N}, at least 1
 * @param switchesWait    the {@code @time} of {@code --switches}, whole seconds; {@code null} = not given,
 *                        so Slurm's {@code max_switch_wait} (300 s by default) applies, as it does for
 *                        {@code @INFINITE}. slurmctld also caps a longer wait at {@code max_switch_wait}.
 * @param enforceBinding  {@code --gres-flags=enforce-binding}
 * @param exclusive       {@code --exclusive} (whole nodes); {@code --exclusive=user|mcs} are read but
 *                        leave both flags false, since they only keep other users' jobs away
 * @param exclusiveTopo   {@code --exclusive=topo} (whole base blocks, topology/block, Slurm 24.11);
 *                        not together with {@code exclusive}
 * @param nodelist        {@code -w}, expanded
 * @param exclude         {@code -x}, expanded
 * @param segment         {@code --segment}
 * @param partition       {@code -p}: the partition, whose nodes and {@code topology.yaml} topology
 *                        ({@code Topology=}, Slurm 25.05+) the job gets; {@code null} = the default partition. A
 *                        comma-separated list names several, as sbatch keeps it ({@code job_desc->partition}): the
 *                        job runs in the first of them, in Slurm's order, that can start it ({@link #partitions})
 * @param memMiB          {@code --mem} per node, MiB ({@code 0}: all of the node's memory); {@code null} = not given
 * @param memPerGpuMiB    {@code --mem-per-gpu}, MiB per allocated GPU; {@code null} = not given. sbatch takes it
 *                        instead of {@code --mem}; a Slurm whose {@code SelectTypeParameters} do not make memory
 *                        consumable ({@code CR_Core}) ignores it when placing
 * @param memPerCpuMiB    {@code --mem-per-cpu}, MiB per allocated CPU; {@code null} = not given. sbatch takes it
 *                        instead of {@code --mem} and {@code --mem-per-gpu}
 * @param threadsPerCore  {@code --threads-per-core}, or 1 from {@code --hint=nomultithread|compute_bound}; the
 *                        usable threads of each allocated core; {@code null} = not given
 * @param podShape        the job given directly as Kubernetes pods ({@link PodShapeOptions}); {@code null} when
 *                        the pods follow from the sbatch options ({@link SbatchToPods}). Not part of the sbatch
 *                        spelling: {@link #toSbatchArgs()} writes the sbatch fields only
 * @param notes           the options read that do not change where Slurm places the job in this model
 *                        ({@code --time=01:00:00}, {@code --account=proj}), each once, in sbatch's canonical
 *                        {@code --long[=value]} spelling ({@link SbatchOptionTable}, {@link SbatchOption.Use#NOTE}):
 *                        kept so a job line or script reads back as it was written
 * @param ntasksPerGpu    {@code --ntasks-per-gpu}: slurmctld makes the task count the job's GPUs times it (or the GPUs
 *                        the task count over it) and binds that many tasks to each GPU; not with
 *                        {@code --gpus-per-task} (sbatch's {@code _validate_ntasks_per_gpu}); {@code null} = not given
 * @param gpusPerSocket   {@code --gpus-per-socket}: GPUs on each socket the job uses; sbatch takes it only with
 *                        {@code socketsPerNode} ({@code gres_job_state_validate}); {@code null} = not given
 * @param socketsPerNode  {@code --sockets-per-node}, read only beside {@code --gpus-per-socket} (alone it is not
 *                        emulated); sbatch makes a fixed node count's task count {@code -N} times it when
 *                        {@code -n} is not given ({@code _opt_verify}); {@code null} = not given
 * @param distribution    {@code -m/--distribution} ({@link Distribution}); {@code null} = not given (Slurm's default,
 *                        which lays CPUs out as {@code block:cyclic} does)
 * @param overcommit      {@code -O/--overcommit}: sbatch asks for one CPU per node whatever the task count
 *                        ({@code slurm_opt_create_job_desc}: {@code min_cpus = MAX(min_nodes, 1)}), and slurmctld's
 *                        selection lays out one task per node; false = not given
 * @param nodeChoice      {@code --spread-job}, {@code --contiguous}, {@code --use-min-nodes} ({@link NodeChoice});
 *                        {@link NodeChoice#DEFAULT} = none given
 */
public record JobRequest(String name, Integer minNodes, Integer maxNodes, Integer ntasks, Integer ntasksPerNode,
                         Integer ntasksPerSocket, Integer cpusPerTask, Integer gpus, Integer gpusPerNode,
                         Integer gpusPerTask, String gpuType, Integer cpusPerGpu, Integer switches,
                         Duration switchesWait, boolean enforceBinding, boolean exclusive, boolean exclusiveTopo,
                         List<String> nodelist, List<String> exclude, Integer segment, String partition,
                         Long memMiB, PodShape podShape, Long memPerGpuMiB, Long memPerCpuMiB,
                         Integer threadsPerCore, List<String> notes, Integer ntasksPerGpu, Integer gpusPerSocket,
                         Integer socketsPerNode, Distribution distribution, boolean overcommit,
                         NodeChoice nodeChoice) {
    /** The name used when the arguments carry no {@code -J}. */
    public static final String DEFAULT_NAME = "job";

    public JobRequest {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(nodeChoice, "nodeChoice");
        nodelist = List.copyOf(nodelist);
        exclude = List.copyOf(exclude);
        notes = List.copyOf(notes);
        requireNotes(notes);
        requirePositive("-N", minNodes);
        requirePositive("-N (maximum)", maxNodes);
        requirePositive("--ntasks", ntasks);
        requirePositive("--ntasks-per-node", ntasksPerNode);
        requirePositive("--ntasks-per-socket", ntasksPerSocket);
        requirePositive("--cpus-per-task", cpusPerTask);
        requirePositive("--cpus-per-gpu", cpusPerGpu);
        requirePositive("--segment", segment);
        requirePositive("--switches", switches);
        requirePositive("--threads-per-core", threadsPerCore);
        requirePositive("--ntasks-per-gpu", ntasksPerGpu);
        requirePositive("--gpus-per-socket", gpusPerSocket);
        requirePositive("--sockets-per-node", socketsPerNode);
        if ((gpusPerSocket == null) != (socketsPerNode == null)) {
            // sbatch's gres_job_state_validate refuses the first alone; the second alone is not emulated
            throw new IllegalArgumentException("--gpus-per-socket and --sockets-per-node go together");
        }
        if (ntasksPerGpu != null && gpusPerTask != null) {
            // sbatch, slurm_opt.c _validate_ntasks_per_gpu (22.05, 24.11, 26.05): fatal
            throw new IllegalArgumentException("--gpus-per-task is mutually exclusive with --ntasks-per-gpu");
        }
        requireNonNegative("--gpus", gpus);
        requireNonNegative("--gpus-per-node", gpusPerNode);
        requireNonNegative("--gpus-per-task", gpusPerTask);
        if (gpuType != null && gpus == null && gpusPerNode == null && gpusPerTask == null && gpusPerSocket == null) {
            throw new IllegalArgumentException("GPU type " + gpuType + " without a GPU count");
        }
        if (gpuType != null && !SbatchValues.isGpuType(gpuType)) {
            throw new IllegalArgumentException("GPU type '" + gpuType + "' is empty or holds ':' or ','");
        }
        if (minNodes != null && maxNodes != null && maxNodes < minNodes) {
            throw new IllegalArgumentException("-N " + minNodes + "-" + maxNodes + ": the maximum is below the minimum");
        }
        if (maxNodes != null && minNodes == null) {
            throw new IllegalArgumentException("-N: a maximum node count needs a minimum");
        }
        if (switchesWait != null && (switches == null || switchesWait.isNegative() || switchesWait.getNano() != 0
                || switchesWait.getSeconds() > SlurmTime.MAX_SECONDS)) {
            throw new IllegalArgumentException("--switches: a wait needs a switch count and whole seconds"
                    + " from 0 to " + SlurmTime.MAX_SECONDS + " (" + switchesWait + ")");
        }
        if (partition != null && !SbatchValues.isPartitionList(partition)) {
            throw new IllegalArgumentException("partition '" + partition
                    + "' is not a comma-separated list of names without spaces or '='");
        }
        if (exclusive && exclusiveTopo) {
            throw new IllegalArgumentException("--exclusive and --exclusive=topo are one option; the last one given wins");
        }
        if (memMiB != null && memMiB < 0) {
            throw new IllegalArgumentException("--mem cannot be negative (" + memMiB + ")");
        }
        if (memPerGpuMiB != null && memPerGpuMiB < 0) {
            throw new IllegalArgumentException("--mem-per-gpu cannot be negative (" + memPerGpuMiB + ")");
        }
        if (memPerCpuMiB != null && memPerCpuMiB < 0) {
            throw new IllegalArgumentException("--mem-per-cpu cannot be negative (" + memPerCpuMiB + ")");
        }
        if ((memPerGpuMiB != null ? 1 : 0) + (memMiB != null ? 1 : 0) + (memPerCpuMiB != null ? 1 : 0) > 1) {
            // sbatch (slurm_opt.c, _validate_memory_options), 22.05 to 26.05
            throw new IllegalArgumentException("--mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.");
        }
        if (memPerGpuMiB != null && gpus == null && gpusPerNode == null && gpusPerTask == null) {
            // sbatch 24.11/26.05 (22.05 says gres:gpu); own case gpuzero m6
            throw new IllegalArgumentException("Requested mem_per_tres=gres/gpu:" + memPerGpuMiB
                    + " but did not request any GPU.");
        }
    }

    /** A request without {@code --gpus-per-socket}. */
    public JobRequest(String name, Integer minNodes, Integer maxNodes, Integer ntasks, Integer ntasksPerNode,
                      Integer ntasksPerSocket, Integer cpusPerTask, Integer gpus, Integer gpusPerNode,
                      Integer gpusPerTask, String gpuType, Integer cpusPerGpu, Integer switches,
                      Duration switchesWait, boolean enforceBinding, boolean exclusive, boolean exclusiveTopo,
                      List<String> nodelist, List<String> exclude, Integer segment, String partition,
                      Long memMiB, PodShape podShape, Long memPerGpuMiB, Long memPerCpuMiB, Integer threadsPerCore,
                      List<String> notes, Integer ntasksPerGpu) {
        this(name, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask, gpus, gpusPerNode,
                gpusPerTask, gpuType, cpusPerGpu, switches, switchesWait, enforceBinding, exclusive, exclusiveTopo,
                nodelist, exclude, segment, partition, memMiB, podShape, memPerGpuMiB, memPerCpuMiB, threadsPerCore,
                notes, ntasksPerGpu, null, null, null, false, NodeChoice.DEFAULT);
    }

    /** A request without {@code --ntasks-per-gpu}. */
    public JobRequest(String name, Integer minNodes, Integer maxNodes, Integer ntasks, Integer ntasksPerNode,
                      Integer ntasksPerSocket, Integer cpusPerTask, Integer gpus, Integer gpusPerNode,
                      Integer gpusPerTask, String gpuType, Integer cpusPerGpu, Integer switches,
                      Duration switchesWait, boolean enforceBinding, boolean exclusive, boolean exclusiveTopo,
                      List<String> nodelist, List<String> exclude, Integer segment, String partition,
                      Long memMiB, PodShape podShape, Long memPerGpuMiB, Long memPerCpuMiB, Integer threadsPerCore,
                      List<String> notes) {
        this(name, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask, gpus, gpusPerNode,
                gpusPerTask, gpuType, cpusPerGpu, switches, switchesWait, enforceBinding, exclusive, exclusiveTopo,
                nodelist, exclude, segment, partition, memMiB, podShape, memPerGpuMiB, memPerCpuMiB, threadsPerCore,
                notes, null);
    }

    /** A request without notes. */
    public JobRequest(String name, Integer minNodes, Integer maxNodes, Integer ntasks, Integer ntasksPerNode,
                      Integer ntasksPerSocket, Integer cpusPerTask, Integer gpus, Integer gpusPerNode,
                      Integer gpusPerTask, String gpuType, Integer cpusPerGpu, Integer switches,
                      Duration switchesWait, boolean enforceBinding, boolean exclusive, boolean exclusiveTopo,
                      List<String> nodelist, List<String> exclude, Integer segment, String partition,
                      Long memMiB, PodShape podShape, Long memPerGpuMiB, Long memPerCpuMiB, Integer threadsPerCore) {
        this(name, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask, gpus, gpusPerNode,
                gpusPerTask, gpuType, cpusPerGpu, switches, switchesWait, enforceBinding, exclusive, exclusiveTopo,
                nodelist, exclude, segment, partition, memMiB, podShape, memPerGpuMiB, memPerCpuMiB, threadsPerCore,
                List.of());
    }

    /** A request without {@code --threads-per-core}. */
    public JobRequest(String name, Integer minNodes, Integer maxNodes, Integer ntasks, Integer ntasksPerNode,
                      Integer ntasksPerSocket, Integer cpusPerTask, Integer gpus, Integer gpusPerNode,
                      Integer gpusPerTask, String gpuType, Integer cpusPerGpu, Integer switches,
                      Duration switchesWait, boolean enforceBinding, boolean exclusive, boolean exclusiveTopo,
                      List<String> nodelist, List<String> exclude, Integer segment, String partition,
                      Long memMiB, PodShape podShape, Long memPerGpuMiB, Long memPerCpuMiB) {
        this(name, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask, gpus, gpusPerNode,
                gpusPerTask, gpuType, cpusPerGpu, switches, switchesWait, enforceBinding, exclusive, exclusiveTopo,
                nodelist, exclude, segment, partition, memMiB, podShape, memPerGpuMiB, memPerCpuMiB, null);
    }

    /** A request without {@code --mem-per-cpu}. */
    public JobRequest(String name, Integer minNodes, Integer maxNodes, Integer ntasks, Integer ntasksPerNode,
                      Integer ntasksPerSocket, Integer cpusPerTask, Integer gpus, Integer gpusPerNode,
                      Integer gpusPerTask, String gpuType, Integer cpusPerGpu, Integer switches,
                      Duration switchesWait, boolean enforceBinding, boolean exclusive, boolean exclusiveTopo,
                      List<String> nodelist, List<String> exclude, Integer segment, String partition,
                      Long memMiB, PodShape podShape, Long memPerGpuMiB) {
        this(name, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask, gpus, gpusPerNode,
                gpusPerTask, gpuType, cpusPerGpu, switches, switchesWait, enforceBinding, exclusive, exclusiveTopo,
                nodelist, exclude, segment, partition, memMiB, podShape, memPerGpuMiB, null);
    }

    /** A request without {@code --mem-per-gpu} or {@code --mem-per-cpu}. */
    public JobRequest(String name, Integer minNodes, Integer maxNodes, Integer ntasks, Integer ntasksPerNode,
                      Integer ntasksPerSocket, Integer cpusPerTask, Integer gpus, Integer gpusPerNode,
                      Integer gpusPerTask, String gpuType, Integer cpusPerGpu, Integer switches,
                      Duration switchesWait, boolean enforceBinding, boolean exclusive, boolean exclusiveTopo,
                      List<String> nodelist, List<String> exclude, Integer segment, String partition,
                      Long memMiB, PodShape podShape) {
        this(name, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask, gpus, gpusPerNode,
                gpusPerTask, gpuType, cpusPerGpu, switches, switchesWait, enforceBinding, exclusive, exclusiveTopo,
                nodelist, exclude, segment, partition, memMiB, podShape, null, null);
    }

    /** A request without {@code --mem} and without a pod shape. */
    public JobRequest(String name, Integer minNodes, Integer maxNodes, Integer ntasks, Integer ntasksPerNode,
                      Integer ntasksPerSocket, Integer cpusPerTask, Integer gpus, Integer gpusPerNode,
                      Integer gpusPerTask, String gpuType, Integer cpusPerGpu, Integer switches,
                      Duration switchesWait, boolean enforceBinding, boolean exclusive, boolean exclusiveTopo,
                      List<String> nodelist, List<String> exclude, Integer segment, String partition) {
        this(name, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask, gpus, gpusPerNode,
                gpusPerTask, gpuType, cpusPerGpu, switches, switchesWait, enforceBinding, exclusive, exclusiveTopo,
                nodelist, exclude, segment, partition, null, null);
    }

    /** A request in the default partition. */
    public JobRequest(String name, Integer minNodes, Integer maxNodes, Integer ntasks, Integer ntasksPerNode,
                      Integer ntasksPerSocket, Integer cpusPerTask, Integer gpus, Integer gpusPerNode,
                      Integer gpusPerTask, String gpuType, Integer cpusPerGpu, Integer switches,
                      Duration switchesWait, boolean enforceBinding, boolean exclusive, boolean exclusiveTopo,
                      List<String> nodelist, List<String> exclude, Integer segment) {
        this(name, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask, gpus, gpusPerNode,
                gpusPerTask, gpuType, cpusPerGpu, switches, switchesWait, enforceBinding, exclusive, exclusiveTopo,
                nodelist, exclude, segment, null);
    }

    /** Each note is one option of {@link SbatchOption.Use#NOTE}, by its whole name, once; so it reads back as a note. */
    private static void requireNotes(List<String> notes) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String note : notes) {
            int eq = note.indexOf('=');
            String name = note.startsWith("--") ? note.substring(2, eq < 0 ? note.length() : eq) : "";
            SbatchOptionTable.Lookup found = SbatchOptionTable.ofLong(name);
            if (!(found instanceof SbatchOptionTable.Lookup.Found f) || !f.option().name().equals(name)
                    || f.option().use() != SbatchOption.Use.NOTE || (eq >= 0 && f.option().arg() == SbatchOption.Arg.NONE)
                    || (eq < 0 && f.option().arg() == SbatchOption.Arg.REQUIRED) || !seen.add(name)
                    || note.indexOf('\n') >= 0 || note.indexOf('\r') >= 0) {
                throw new IllegalArgumentException("note '" + note + "' is not one --option[=value] that sbatch takes"
                        + " and placement ignores, given once, on one line");
            }
        }
    }

    private static void requirePositive(String option, Integer v) {
        if (v != null && v < 1) {
            throw new IllegalArgumentException(option + " must be at least 1, not " + v);
        }
    }

    private static void requireNonNegative(String option, Integer v) {
        if (v != null && v < 0) {
            throw new IllegalArgumentException(option + " cannot be negative (" + v + ")");
        }
    }

    /** A request for {@code nodes} whole nodes' worth of {@code gpusPerNode} GPUs each. */
    public static JobRequest nodesWithGpus(String name, int nodes, int gpusPerNode) {
        return new JobRequest(name, nodes, null, null, null, null, null, null, gpusPerNode, null, null, null, null,
                null, false, false, false, List.of(), List.of(), null);
    }

    /** The node count Slurm plans for: {@code -N}, or the node list's size if larger, at least 1. */
    public int requestedNodes() {
        return Math.max(minNodes == null ? 1 : minNodes, nodelist.size());
    }

    public boolean asksForGpus() {
        return (gpus != null && gpus > 0) || (gpusPerNode != null && gpusPerNode > 0)
                || (gpusPerTask != null && gpusPerTask > 0) || (gpusPerSocket != null && gpusPerSocket > 0);
    }

    /**
     * This request with the task count and GPUs {@code --ntasks-per-gpu} gives spelled out, as slurmctld's
     * {@code gres_job_state_validate} sets them (22.05 {@code common/gres.c}, 24.11 and 26.05
     * {@code interfaces/gres.c}): the tasks are the GPUs ({@code --gpus}, or {@code --gpus-per-node} times the node
     * count) times it; without GPUs the GPUs are the tasks ({@code -n}, or {@code -N} times it) over it. The CPUs per
     * GPU stay as asked: the tasks' CPUs ({@code -n} times {@code -c}) already are it times {@code -c} per GPU, and
     * Slurm's filters count that figure without making it the job's {@code cpus_per_gres} (its
     * {@code has_cpus_per_gres} stays false: 24.11 {@code gres_filter.c} {@code gres_filter_sock_core}), so a
     * scheduler handed this request sees no {@code --cpus-per-gpu} the user did not give. The same request when the
     * option is absent or gives no count.
     */
    public JobRequest withTasksOfNtasksPerGpu() {
        if (ntasksPerGpu == null) {
            return this;
        }
        int nodes = minNodes != null ? minNodes : Math.max(1, nodelist.size());
        Integer total = gpus != null && gpus > 0 ? gpus
                : gpusPerNode != null && gpusPerNode > 0 ? Integer.valueOf(gpusPerNode * nodes) : null;
        if (total != null) {
            return toBuilder().ntasks(total * ntasksPerGpu).build();
        }
        Integer tasks = ntasks != null ? ntasks
                : minNodes != null && (maxNodes == null || maxNodes.equals(minNodes)) ? minNodes * ntasksPerGpu : null;
        if (tasks == null) {
            return this;
        }
        return toBuilder().ntasks(tasks).gpus(Math.max(1, tasks / ntasksPerGpu)).build();
    }

    public JobRequest withName(String newName) {
        return toBuilder().name(newName).build();
    }

    public JobRequest withNodelist(List<String> hosts) {
        return toBuilder().nodelist(hosts).build();
    }

    public JobRequest withSwitches(Integer count, Duration wait) {
        return toBuilder().switches(count, wait).build();
    }

    /** This request in canonical sbatch spelling; {@code SbatchOptions.parse(r.toSbatchArgs())} equals {@code r}. */
    public List<String> toSbatchArgs() {
        return SbatchOptions.toArgs(this);
    }

    /**
     * The partitions {@code -p} names, in the order given, each once ({@code get_part_list} drops a repeated name);
     * empty for the default partition, and for a {@code -p} of commas only, which names none (kept as {@code ","}:
     * whether Slurm refuses it or takes the default partition depends on the release).
     */
    public List<String> partitions() {
        return partition == null ? List.of() : java.util.Arrays.stream(partition.split(",")).distinct().toList();
    }

    /** A builder starting from nothing asked for, named {@link #DEFAULT_NAME}. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this request's values, to change a few of them. */
    public Builder toBuilder() {
        return new Builder().name(name).nodes(minNodes, maxNodes).ntasks(ntasks).ntasksPerNode(ntasksPerNode)
                .ntasksPerSocket(ntasksPerSocket).cpusPerTask(cpusPerTask).gpus(gpus).gpusPerNode(gpusPerNode)
                .gpusPerTask(gpusPerTask).gpuType(gpuType).cpusPerGpu(cpusPerGpu).switches(switches, switchesWait)
                .enforceBinding(enforceBinding).exclusive(exclusive).exclusiveTopo(exclusiveTopo).nodelist(nodelist)
                .exclude(exclude).segment(segment).partition(partition).memMiB(memMiB).podShape(podShape)
                .memPerGpuMiB(memPerGpuMiB).memPerCpuMiB(memPerCpuMiB)
                .threadsPerCore(threadsPerCore).notes(notes).ntasksPerGpu(ntasksPerGpu)
                .gpusPerSocket(gpusPerSocket, socketsPerNode).distribution(distribution).overcommit(overcommit)
                .nodeChoice(nodeChoice);
    }

    /** Fluent construction for tests and callers that set a few options; {@link #build()} validates. */
    public static final class Builder {
        private String name = DEFAULT_NAME;
        private Integer minNodes;
        private Integer maxNodes;
        private Integer ntasks;
        private Integer ntasksPerNode;
        private Integer ntasksPerSocket;
        private Integer cpusPerTask;
        private Integer gpus;
        private Integer gpusPerNode;
        private Integer gpusPerTask;
        private String gpuType;
        private Integer cpusPerGpu;
        private Integer switches;
        private Duration switchesWait;
        private boolean enforceBinding;
        private boolean exclusive;
        private boolean exclusiveTopo;
        private List<String> nodelist = List.of();
        private List<String> exclude = List.of();
        private Integer segment;
        private String partition;
        private Long memMiB;
        private PodShape podShape;
        private Long memPerGpuMiB;
        private Long memPerCpuMiB;
        private Integer threadsPerCore;
        private List<String> notes = List.of();
        private Integer ntasksPerGpu;
        private Integer gpusPerSocket;
        private Integer socketsPerNode;
        private Distribution distribution;
        private boolean overcommit;
        private NodeChoice nodeChoice = NodeChoice.DEFAULT;

        private Builder() {
        }

        public Builder name(String value) {
            name = value;
            return this;
        }

        /** {@code -N n}. */
        public Builder nodes(Integer n) {
            return nodes(n, null);
        }

        /** {@code -N min-max}; {@code max} null when only a minimum is given. */
        public Builder nodes(Integer min, Integer max) {
            minNodes = min;
            maxNodes = max;
            return this;
        }

        public Builder ntasks(Integer value) {
            ntasks = value;
            return this;
        }

        public Builder ntasksPerNode(Integer value) {
            ntasksPerNode = value;
            return this;
        }

        public Builder ntasksPerSocket(Integer value) {
            ntasksPerSocket = value;
            return this;
        }

        public Builder cpusPerTask(Integer value) {
            cpusPerTask = value;
            return this;
        }

        public Builder gpus(Integer value) {
            gpus = value;
            return this;
        }

        public Builder gpusPerNode(Integer value) {
            gpusPerNode = value;
            return this;
        }

        public Builder gpusPerTask(Integer value) {
            gpusPerTask = value;
            return this;
        }

        public Builder gpuType(String value) {
            gpuType = value;
            return this;
        }

        public Builder cpusPerGpu(Integer value) {
            cpusPerGpu = value;
            return this;
        }

        /** {@code --switches=count[@wait]}; {@code wait} null for Slurm's default ({@code max_switch_wait}). */
        public Builder switches(Integer count, Duration wait) {
            switches = count;
            switchesWait = wait;
            return this;
        }

        public Builder enforceBinding(boolean value) {
            enforceBinding = value;
            return this;
        }

        public Builder exclusive(boolean value) {
            exclusive = value;
            return this;
        }

        public Builder exclusiveTopo(boolean value) {
            exclusiveTopo = value;
            return this;
        }

        public Builder nodelist(List<String> hosts) {
            nodelist = hosts;
            return this;
        }

        public Builder exclude(List<String> hosts) {
            exclude = hosts;
            return this;
        }

        public Builder partition(String value) {
            partition = value;
            return this;
        }

        /** {@code --mem}, MiB per node ({@code 0}: the whole node's memory). */
        public Builder memMiB(Long value) {
            memMiB = value;
            return this;
        }

        /** {@code --mem-per-gpu}, MiB per allocated GPU. */
        public Builder memPerGpuMiB(Long value) {
            memPerGpuMiB = value;
            return this;
        }

        /** {@code --mem-per-cpu}, MiB per allocated CPU. */
        public Builder memPerCpuMiB(Long value) {
            memPerCpuMiB = value;
            return this;
        }

        /** {@code --threads-per-core}: usable threads of each allocated core. */
        public Builder threadsPerCore(Integer value) {
            threadsPerCore = value;
            return this;
        }

        /** Options read but not used for placement, each {@code --long[=value]} ({@link JobRequest#notes()}). */
        public Builder notes(List<String> value) {
            notes = value;
            return this;
        }

        /** The job given as Kubernetes pods; {@code null} to derive them from the sbatch options. */
        public Builder podShape(PodShape value) {
            podShape = value;
            return this;
        }

        /** {@code --ntasks-per-gpu}: tasks bound to each GPU. */
        public Builder ntasksPerGpu(Integer value) {
            ntasksPerGpu = value;
            return this;
        }

        /** {@code --gpus-per-socket} with {@code --sockets-per-node} (both or neither). */
        public Builder gpusPerSocket(Integer perSocket, Integer sockets) {
            gpusPerSocket = perSocket;
            socketsPerNode = sockets;
            return this;
        }

        /** {@code -O/--overcommit}. */
        public Builder overcommit(boolean value) {
            overcommit = value;
            return this;
        }

        /** {@code --spread-job}, {@code --contiguous}, {@code --use-min-nodes}. */
        public Builder nodeChoice(NodeChoice value) {
            nodeChoice = value;
            return this;
        }

        /** {@code -m/--distribution}; {@code null}: Slurm's default. */
        public Builder distribution(Distribution value) {
            distribution = value;
            return this;
        }

        public Builder segment(Integer value) {
            segment = value;
            return this;
        }

        /** @throws IllegalArgumentException when the values contradict each other (see {@link JobRequest}) */
        public JobRequest build() {
            return new JobRequest(name, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask, gpus,
                    gpusPerNode, gpusPerTask, gpuType, cpusPerGpu, switches, switchesWait, enforceBinding, exclusive,
                    exclusiveTopo, nodelist, exclude, segment, partition, memMiB, podShape, memPerGpuMiB,
                    memPerCpuMiB, threadsPerCore, notes, ntasksPerGpu, gpusPerSocket, socketsPerNode,
                    distribution, overcommit, nodeChoice);
        }
    }
}
