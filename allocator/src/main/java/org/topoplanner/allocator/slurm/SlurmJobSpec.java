package org.topoplanner.allocator.slurm;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.topoplanner.model.job.Distribution;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.NodeChoice;

/**
 * A batch job as {@code slurmctld} holds it after {@code sbatch}: the fields the select and
 * topology plugins read, with sbatch's defaults filled in ({@link #of}). Absent options are {@code null}.
 *
 * @param minNodes      {@code -N} minimum (1 when not given)
 * @param maxNodes      {@code -N} maximum; {@code null} when {@code -N} was not given (no limit)
 * @param ntasks        {@code -n}; {@code null} when not given
 * @param switches      {@code --switches=N}; {@code switchWait} its {@code @time} (Slurm's default 300 s)
 * @param gpuType       the GPU type of a typed request ({@code --gpus-per-node=h100:2}), else {@code null}
 * @param exclusiveTopo {@code --exclusive=topo}: the job's base blocks take no other job (topology/block)
 * @param segment       {@code --segment=S} (topology/block only)
 * @param threadsPerCore {@code --threads-per-core} (or 1 from {@code --hint=nomultithread}) as slurmctld keeps it
 *                      ({@code mc_ptr->threads_per_core}); {@code cpusPerTask} is already scaled to whole cores
 *                      ({@link ThreadsPerCore}), so only rules that read the figure itself use it; {@code null}
 *                      when not given
 * @param minCpusPerNode a node's CPU minimum ({@code pn_min_cpus}) set apart from the tasks' CPUs: 22.05's
 *                      {@code _valid_pn_min_mem} raises it for a {@code --mem} above {@code MaxMemPerCPU} and leaves
 *                      {@code min_cpus} alone ({@link MaxMemPer#perNodeMinimum22}); 0 for none
 * @param ntasksPerGpu  {@code --ntasks-per-gpu} ({@code details->ntasks_per_tres}); {@link #of} has already made the
 *                      task count and the GPUs follow from it, and {@code cpusPerGpu} its CPUs per GPU; {@code null}
 *                      when not given
 * @param gpusPerSocket {@code --gpus-per-socket} ({@code gres_per_socket}); {@code null} when not given
 * @param socketsPerNode {@code --sockets-per-node} ({@code mc_ptr->sockets_per_node}), given with it; {@code null}
 *                      when not given
 * @param minCpus       {@code details->min_cpus} where it is not the tasks' CPUs: 22.05's and 24.11's for a
 *                      {@code --ntasks-per-gpu} job ({@link NtasksPerGpuMinCpus}); {@code null} for the tasks' CPUs
 *                      ({@link JobCpuCounts#minCpus})
 * @param distribution  {@code -m} ({@code details->task_dist}, {@code mc_ptr->plane_size}); {@code null}: Slurm's
 *                      default (the cyclic core layout, one task per node and round)
 * @param overcommitTasks the {@code -n} of an {@code -O} job ({@code details->num_tasks}), which still bounds the
 *                      node count ({@link #boundingTasks}) while {@code ntasks} is the one task per node the
 *                      selection and the layout count ({@link Overcommit}); {@code null} without {@code -O} or
 *                      {@code -n}
 * @param partition     {@code -p} as the job gives one partition ({@code null}: the default partition); read for
 *                      its limits in the pick ({@link PartitionCpuCap})
 * @param partitionCpusPerNode the partition's {@code MaxCPUsPerNode} as {@link PartitionCpuCap#applied} resolves it
 *                      for a selection ({@code null}: none, or not resolved)
 * @param ownPartition  the job's partition by name once its rows exist (a job of it started on the state's line,
 *                      {@code ClusterState#partitionRan}): only its jobs' cores then count as used against
 *                      {@code partitionCpusPerNode} ({@link PartitionCpuCap}); {@code null}: no rows yet, or no cap
 * @param partitionMaxNodes the partition's {@code MaxNodes} as {@link PartitionMaxNodes#applied} resolves it for a
 *                      selection: it bounds {@code max_nodes} ({@link #maxNodesOr}); {@code null}: none, or not resolved
 * @param defaultCpusPerGpu {@code cpusPerGpu} is the partition's or cluster's {@code DefCpuPerGPU}
 *                      ({@link DefCpuPerGpu}: {@code gres_js->def_cpus_per_gres}), not the job's own
 *                      {@code cpus_per_gres}, so the readers of the job's field alone do not see it
 *                      ({@link #ownCpusPerGpu})
 * @param listMinNodes  the node minimum of a list's record that 22.05's test-only pick in a partition keeps as the
 *                      job's own below the raised pick minimum ({@link #ownMinNodes}); {@code null}: none
 * @param nodeChoice    {@code --spread-job}, {@code --contiguous}, {@code --use-min-nodes} ({@link NodeChoice}): which
 *                      evaluation picks the nodes ({@link NodeChoiceEvaluation}) and {@link #reqNodes}
 */
public record SlurmJobSpec(String name, int minNodes, Integer maxNodes, Integer ntasks, Integer ntasksPerNode,
                           Integer ntasksPerSocket, int cpusPerTask, Integer gpusPerNode, Integer gpusPerJob,
                           Integer gpusPerTask, Integer cpusPerGpu, String gpuType, Integer switches,
                           Duration switchWait, boolean enforceBinding, boolean exclusive, boolean exclusiveTopo,
                           List<String> nodelist,
                           List<String> exclude, Integer segment, Integer threadsPerCore, int minCpusPerNode,
                           Integer ntasksPerGpu, Integer gpusPerSocket, Integer socketsPerNode,
                           Integer minCpus, Distribution distribution, Integer overcommitTasks, String partition,
                           Integer partitionCpusPerNode, String ownPartition, Integer partitionMaxNodes,
                           boolean defaultCpusPerGpu, Integer listMinNodes, NodeChoice nodeChoice) {
    public SlurmJobSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(nodeChoice, "nodeChoice");
        nodelist = List.copyOf(nodelist);
        exclude = List.copyOf(exclude);
        if (minNodes < 1 || cpusPerTask < 1) {
            throw new IllegalArgumentException("node count and CPUs per task must be positive");
        }
    }

    /**
     * The job as {@code slurmctld} records a {@link JobRequest}: {@code -N a} sets both minimum and
     * maximum to {@code a} (sbatch's {@code -N} without a range), no {@code -N} means one node or the
     * node list's size, {@code -c} defaults to 1.
     */
    public static SlurmJobSpec of(JobRequest request) {
        // sbatch sends no more nodes than tasks ("can't run 1 processes on 2 nodes, setting nnodes to 1"; own case
        // cpumix m56: -N2 -n1 --gpus=4 runs on one node)
        JobRequest r = SbatchNodeCount.sent(request);
        int min = r.minNodes() != null ? r.minNodes() : Math.max(1, r.nodelist().size());
        Integer max = r.maxNodes() != null ? r.maxNodes() : r.minNodes();
        Integer ntasks = r.ntasks();
        if (ntasks == null && r.ntasksPerNode() != null && (max == null || max == min)) {
            // the task count implied by --ntasks-per-node on a fixed node count (22.05 sbatch opt.c _opt_verify,
            // 24.11/26.05 slurmctld _job_create: "Implicitly set task count"); gres_job_state_validate then
            // makes --gpus-per-task a job total (gres_per_job = num_tasks x gres_per_task)
            ntasks = min * r.ntasksPerNode();
        }
        if (ntasks == null && r.ntasksPerNode() == null && r.socketsPerNode() != null
                && (r.minNodes() != null || !r.nodelist().isEmpty()) && (max == null || max == min)) {
            // sbatch's _opt_verify ("1 proc / min_[socket * core * thread] default", 22.05.8, 24.11.5, 26.05): a
            // fixed node count without -n runs -N x --sockets-per-node tasks (own case sb7a s1: -N1
            // --sockets-per-node=2 --gpus-per-socket=1 gets CPUs 0 and 8, two tasks)
            ntasks = min * r.socketsPerNode();
        }
        Integer perNode = gpuCount(r.gpusPerNode());
        Integer perJob = gpuCount(r.gpus());
        Integer perTask = gpuCount(r.gpusPerTask());
        String type = perNode == null && perJob == null && perTask == null && r.gpusPerSocket() == null ? null
                : r.gpuType();
        int cpusPerTask = r.cpusPerTask() != null ? r.cpusPerTask() : 1;
        if (r.cpusPerTask() == null && perTask != null && r.cpusPerGpu() != null && r.cpusPerGpu() > 0) {
            // gres_job_state_validate (22.05 common/gres.c, 24.11 and 26.05 interfaces/gres.c): without -c
            // (sbatch leaves cpus_per_task unset) a task's CPUs are --cpus-per-gpu x --gpus-per-task, so the
            // topology step counts the node's tasks in whole tasks of that size (fuzz44 p10: 4 + 1 + 1 tasks)
            cpusPerTask = r.cpusPerGpu() * perTask;
        }
        if (r.ntasksPerGpu() != null) {
            // slurmctld sets the tasks and GPUs after sbatch's node count (JobRequest.withTasksOfNtasksPerGpu);
            // the CPUs per GPU it implies are no --cpus-per-gpu (cpusPerGres)
            JobRequest set = r.withTasksOfNtasksPerGpu();
            ntasks = set.ntasks();
            perJob = gpuCount(set.gpus());
            type = perNode == null && perJob == null ? null : r.gpuType();
        }
        Integer overcommitTasks = null;
        if (r.overcommit() && ntasks != null) {
            // -O: sbatch's min_cpus is the node count (slurm_opt_create_job_desc), _can_job_run_on_node asks one
            // task's CPUs of a node and dist_tasks lays one task out per node (one_task_per_node without
            // tres_per_task); num_tasks still bounds max_nodes (Overcommit)
            overcommitTasks = ntasks;
            ntasks = Math.min(ntasks, min);
        }
        Integer bounding = overcommitTasks != null ? overcommitTasks : ntasks;
        if (r.nodeChoice().spreadJob() && max == null && bounding != null) {
            // --spread-job without a -N maximum: _copy_job_desc_to_job_record (slurmctld/job_mgr.c, 22.05, 24.11
            // and 26.05) sets max_nodes = MIN(node_record_count, num_tasks), so get_node_cnts' req_nodes is that
            // maximum; the cluster's node count bounds it where the selection reads it (own probe c28y1 s1, s5)
            max = Math.max(min, bounding);
        }
        return builder(r.name()).nodes(min, max).ntasks(ntasks).ntasksPerNode(r.ntasksPerNode())
                .ntasksPerSocket(r.ntasksPerSocket()).cpusPerTask(cpusPerTask)
                .gpus(perNode, perJob, perTask, type).cpusPerGpu(r.cpusPerGpu()).ntasksPerGpu(r.ntasksPerGpu())
                .switches(r.switches(), r.switchesWait()).enforceBinding(r.enforceBinding())
                .exclusive(r.exclusive()).exclusiveTopo(r.exclusiveTopo()).nodelist(r.nodelist())
                .exclude(r.exclude()).segment(r.segment()).threadsPerCore(r.threadsPerCore())
                .gpusPerSocket(gpuCount(r.gpusPerSocket()), r.socketsPerNode()).distribution(r.distribution())
                .overcommitTasks(overcommitTasks).partition(r.partition()).nodeChoice(r.nodeChoice()).build();
    }

    /**
     * A GPU count as slurmctld keeps it: zero GPUs are no GPU request at all. Own case gpuzero (22.05.8,
     * 24.11.5 and 26.05.5 alike): {@code --gpus-per-node=0}, {@code --gpus=0}, {@code --gres=gpu:0} and
     * {@code --gpus-per-task=0} jobs run as CPU-only jobs, on CPU-only nodes and on GPU nodes (z7 {@code -N4}).
     */
    private static Integer gpuCount(Integer count) {
        return count == null || count == 0 ? null : count;
    }

    /** The same job laid out with all its {@code -O} tasks on {@code min_cpus} = {@code cpus} (OvercommitTaskLayout). */
    SlurmJobSpec withAllOvercommitTasks(int cpus) {
        return toBuilder().ntasks(overcommitTasks).minCpus(cpus).build();
    }

    /** The same job with its partition's {@code MaxCPUsPerNode} at {@code cpus} ({@code null}: none). */
    SlurmJobSpec withPartitionCpusPerNode(Integer cpus) {
        return Objects.equals(cpus, partitionCpusPerNode) ? this
                : toBuilder().partitionCpusPerNode(cpus).build();
    }

    /** The same job with its partition's {@code MaxNodes} at {@code nodes} ({@code null}: none). */
    SlurmJobSpec withPartitionMaxNodes(Integer nodes) {
        return Objects.equals(nodes, partitionMaxNodes) ? this
                : toBuilder().partitionMaxNodes(nodes).build();
    }

    /** The same job with its partition's rows read as {@code partition}'s ({@code null}: none yet). */
    SlurmJobSpec withOwnPartition(String partition) {
        return Objects.equals(partition, ownPartition) ? this
                : toBuilder().ownPartition(partition).build();
    }

    /** The same job with {@code cpusPerGpu} marked as its partition's {@code DefCpuPerGPU} ({@code true}), or own. */
    SlurmJobSpec withDefaultCpusPerGpu(boolean value) {
        return value == defaultCpusPerGpu ? this : toBuilder().defaultCpusPerGpu(value).build();
    }

    /**
     * {@code --cpus-per-gpu} as the job's own {@code cpus_per_gres} holds it: {@code null} where {@code cpusPerGpu}
     * is only the {@code DefCpuPerGPU} that {@code gres_select_util_job_set_defs} stores apart, in
     * {@code def_cpus_per_gres} ({@link DefCpuPerGpu}).
     */
    Integer ownCpusPerGpu() {
        return defaultCpusPerGpu ? null : cpusPerGpu;
    }

    /**
     * The same job keeping {@code details->min_nodes} at {@code nodes}, the lowest {@code MinNodes} of its {@code -p}
     * list, where it is below the pick's {@code minNodes} ({@code get_node_cnts} raised it to this partition's
     * {@code MinNodes}; {@code null} or not below: none): the test-only pick 22.05 runs in a record the list's minimum
     * holds ({@link #ownMinNodes()}).
     */
    SlurmJobSpec withListMinNodes(Integer nodes) {
        Integer below = nodes != null && nodes < minNodes ? nodes : null;
        return Objects.equals(below, listMinNodes) ? this : toBuilder().listMinNodes(below).build();
    }

    /**
     * {@code details->min_nodes} where it is below the pick's {@code min_nodes}, else {@code null} ({@link #minNodes}
     * is both): a job of several partitions keeps the lowest {@code MinNodes} of its list ({@code _valid_job_part},
     * {@link SeveralPartitions#keptTo}), and the test-only pick that 22.05's {@code _select_nodes_parts_resvs} runs in
     * a partition whose {@code MinNodes} is higher ({@code job_limits_check} failed) takes {@code get_node_cnts}'
     * {@code min_nodes}, that partition's, while {@code _select_cores} still reads the job's own
     * ({@link NtasksPerGpu#taskLimits}).
     */
    Integer ownMinNodes() {
        return listMinNodes != null ? listMinNodes : minNodes;
    }

    /** The same job without {@code -x} (the verdict tables key on the rest, {@link NodeVerdicts}). */
    SlurmJobSpec withoutExclude() {
        return exclude.isEmpty() ? this : toBuilder().exclude(List.of()).build();
    }

    /** The same job under another name (a verdict that reads only the request is kept by it without the name). */
    SlurmJobSpec withName(String other) {
        return toBuilder().name(other).build();
    }

    /**
     * The task count that bounds {@code max_nodes} ({@code common_topo_choose_nodes}, 22.05's {@code choose_nodes},
     * 26.05's {@code JOB_IMPLICIT_MAX_NODES}): {@code details->num_tasks}, which an {@code -O} job keeps at its
     * {@code -n} although it is laid out one task per node.
     */
    Integer boundingTasks() {
        return overcommitTasks != null ? overcommitTasks : ntasks;
    }

    /** The same job with {@code min_nodes} at {@code nodes}, its maximum kept (unset without {@code -N}). */
    SlurmJobSpec withMinNodes(int nodes) {
        return toBuilder().nodes(nodes, maxNodes).build();
    }

    /** The same job with {@code pn_min_cpus} raised to {@code cpus} apart from its tasks (0: as it is). */
    SlurmJobSpec withMinCpusPerNode(int cpus) {
        return cpus <= minCpusPerNode ? this : toBuilder().minCpusPerNode(cpus).build();
    }

    /** The same job with {@code details->min_cpus} at {@code cpus} apart from its tasks' CPUs (null: theirs). */
    SlurmJobSpec withMinCpus(Integer cpus) {
        return Objects.equals(cpus, minCpus) ? this : toBuilder().minCpus(cpus).build();
    }

    /**
     * Slurm's {@code pn_min_cpus}: the CPUs of the tasks one node must hold ({@code --ntasks-per-node}, else one,
     * times {@code -c}), or the minimum set apart from them if more.
     */
    int pnMinCpus() {
        int tasks = ntasksPerNode != null ? ntasksPerNode : 1;
        return Math.max(tasks * cpusPerTask, minCpusPerNode);
    }

    /**
     * The same job with the threads per core it asked for before {@link ThreadsPerCore} turned the figure into
     * whole cores ({@code asked} {@code null}: as it is).
     */
    SlurmJobSpec withThreadsPerCore(Integer asked) {
        return asked == null || asked.equals(threadsPerCore) ? this : toBuilder().threadsPerCore(asked).build();
    }

    /**
     * The CPUs per GPU Slurm's GPU filters count with: {@code --cpus-per-gpu}, else {@code --ntasks-per-gpu} times
     * {@code -c} (a local {@code cpus_per_gres} in 22.05 {@code cons_common/gres_select_filter.c}
     * {@code gres_select_filter_sock_core} and {@code _set_job_bits1}, 24.11/26.05 {@code topology/common/gres_filter.c}
     * {@code gres_filter_sock_core} and {@code cons_tres/gres_select_filter.c} {@code _set_job_bits1}); 0 for neither.
     * The second is not the job's {@code cpus_per_gres} (its {@code has_cpus_per_gres} stays false), so the steps
     * that read the job's field ({@code _cpus_to_use}'s {@code min_gres_cpu}, {@code dist_tasks_gres_min_cpus}) do not
     * see it.
     */
    int cpusPerGres() {
        if (cpusPerGpu != null && cpusPerGpu > 0) {
            return cpusPerGpu;
        }
        return ntasksPerGpu != null ? ntasksPerGpu * cpusPerTask : 0;
    }

    /**
     * The CPUs per GPU that cap a node's GPUs by its free cores ({@code max_node_gres = cpu_cnt / cpus_per_gres}) in
     * {@code gres_select_filter_remove_unusable} (22.05 {@code cons_common/gres_select_filter.c}, 24.11/26.05
     * {@code cons_tres/gres_select_filter.c}), the cap that sets the node's "near" GPUs and so its
     * {@code sched_weight}: {@link #cpusPerGres()}, except that a whole-node job's {@code --ntasks-per-gpu} sets none
     * ("Avoid max_node_gres with ntasks_per_gres and whole node"); 0 for none.
     */
    int maxNodeGresCpusPerGpu() {
        if (exclusive && ntasksPerGpu != null) {
            return 0;
        }
        return cpusPerGres();
    }

    boolean hasGpus() {
        return gpusPerNode != null || gpusPerJob != null || gpusPerTask != null || gpusPerSocket != null;
    }

    /**
     * The job's GPU total when it has one: {@code --gpus=N}, or {@code -n} times
     * {@code --gpus-per-task}. Slurm bounds what one node may give by it ({@code max_node_gres}), so
     * a per-task job does not prefer nodes with more free GPUs than the whole job needs. Observed:
     * tree3lvl t3e ({@code -n3 --gpus-per-task=1}) stays on the 4-GPU n03 rather than the empty 8-GPU
     * g1, and own case frag f1c ({@code -n6 --gpus-per-task=1}) on a node with 7 free GPUs.
     */
    Integer gpuTotal() {
        if (gpusPerJob != null) {
            return gpusPerJob;
        }
        // gres_job_state_validate: gres_per_job = num_tasks x gres_per_task, num_tasks being -n also under -O
        return gpusPerTask != null && boundingTasks() != null ? gpusPerTask * boundingTasks() : null;
    }

    /**
     * Requested node count (Slurm's {@code req_nodes}): {@code select_nodes} passes the job's
     * <em>maximum</em> when it has one, so {@code -N2-4} aims for 4 nodes and settles for 2 only
     * when 4 are not free (own case hetero h1g: 4 nodes of one leaf, both versions); without a
     * maximum, or with {@code --use-min-nodes}, the minimum or the node list's size.
     */
    int reqNodes() {
        // --use-min-nodes: get_node_cnts (slurmctld/node_scheduler.c, 22.05, 24.11, 26.05) sets req_nodes =
        // min_nodes (own probe c28y1 m1: -N2-4 runs on two nodes)
        int req = maxNodes != null && !nodeChoice.useMinNodes() ? maxNodes : minNodes;
        return Math.max(req, Math.max(minNodes, nodelist.size()));
    }

    /**
     * Slurm's {@code max_nodes} for the pick, {@code all} when nothing bounds it: {@code get_node_cnts}
     * ({@code slurmctld/node_scheduler.c}, 22.05, 24.11 and 26.05) gives a job without a maximum the partition's
     * {@code MaxNodes} and otherwise the lower of the two ({@link PartitionMaxNodes#applied}).
     */
    int maxNodesOr(int all) {
        int max = maxNodes == null ? all : maxNodes;
        return partitionMaxNodes == null ? max : Math.min(max, partitionMaxNodes);
    }

    /** A builder of a job named {@code name} asking for one node, one CPU per task and nothing else. */
    static Builder builder(String name) {
        return new Builder(name);
    }

    /** A builder holding this job's values, to change a few of them. */
    Builder toBuilder() {
        return new Builder(name).nodes(minNodes, maxNodes).ntasks(ntasks).ntasksPerNode(ntasksPerNode)
                .ntasksPerSocket(ntasksPerSocket).cpusPerTask(cpusPerTask)
                .gpus(gpusPerNode, gpusPerJob, gpusPerTask, gpuType).cpusPerGpu(cpusPerGpu)
                .switches(switches, switchWait).enforceBinding(enforceBinding).exclusive(exclusive)
                .exclusiveTopo(exclusiveTopo).nodelist(nodelist).exclude(exclude).segment(segment)
                .threadsPerCore(threadsPerCore).minCpusPerNode(minCpusPerNode).ntasksPerGpu(ntasksPerGpu)
                .gpusPerSocket(gpusPerSocket, socketsPerNode).minCpus(minCpus).distribution(distribution)
                .overcommitTasks(overcommitTasks).partition(partition).partitionCpusPerNode(partitionCpusPerNode)
                .ownPartition(ownPartition).partitionMaxNodes(partitionMaxNodes)
                .defaultCpusPerGpu(defaultCpusPerGpu).listMinNodes(listMinNodes).nodeChoice(nodeChoice);
    }

    /**
     * Fluent construction, so a new field is one setter and one argument of {@link #build()} instead of a change
     * to every call of the canonical constructor; {@link #build()} validates as the constructor does.
     */
    static final class Builder {
        private String name;
        private int minNodes = 1;
        private Integer maxNodes;
        private Integer ntasks;
        private Integer ntasksPerNode;
        private Integer ntasksPerSocket;
        private int cpusPerTask = 1;
        private Integer gpusPerNode;
        private Integer gpusPerJob;
        private Integer gpusPerTask;
        private String gpuType;
        private Integer cpusPerGpu;
        private Integer switches;
        private Duration switchWait;
        private boolean enforceBinding;
        private boolean exclusive;
        private boolean exclusiveTopo;
        private List<String> nodelist = List.of();
        private List<String> exclude = List.of();
        private Integer segment;
        private Integer threadsPerCore;
        private int minCpusPerNode;
        private Integer ntasksPerGpu;
        private Integer gpusPerSocket;
        private Integer socketsPerNode;
        private Distribution distribution;
        private Integer minCpus;
        private Integer overcommitTasks;
        private String partition;
        private Integer partitionCpusPerNode;
        private String ownPartition;
        private Integer partitionMaxNodes;
        private boolean defaultCpusPerGpu;
        private Integer listMinNodes;
        private NodeChoice nodeChoice = NodeChoice.DEFAULT;

        private Builder(String name) {
            this.name = name;
        }

        Builder name(String value) {
            name = value;
            return this;
        }

        /** {@code -N min[-max]}; {@code max} null for no maximum. */
        Builder nodes(int min, Integer max) {
            minNodes = min;
            maxNodes = max;
            return this;
        }

        Builder ntasks(Integer value) {
            ntasks = value;
            return this;
        }

        Builder ntasksPerNode(Integer value) {
            ntasksPerNode = value;
            return this;
        }

        Builder ntasksPerSocket(Integer value) {
            ntasksPerSocket = value;
            return this;
        }

        Builder cpusPerTask(int value) {
            cpusPerTask = value;
            return this;
        }

        /** The GPU request: per node, per job, per task (each {@code null} when not asked) and a type or {@code null}. */
        Builder gpus(Integer perNode, Integer perJob, Integer perTask, String type) {
            gpusPerNode = perNode;
            gpusPerJob = perJob;
            gpusPerTask = perTask;
            gpuType = type;
            return this;
        }

        /** No GPU request at all (the type and {@code --cpus-per-gpu} go with it). */
        Builder noGpus() {
            return gpus(null, null, null, null).cpusPerGpu(null);
        }

        Builder cpusPerGpu(Integer value) {
            cpusPerGpu = value;
            return this;
        }

        Builder switches(Integer count, Duration wait) {
            switches = count;
            switchWait = wait;
            return this;
        }

        Builder enforceBinding(boolean value) {
            enforceBinding = value;
            return this;
        }

        Builder exclusive(boolean value) {
            exclusive = value;
            return this;
        }

        Builder exclusiveTopo(boolean value) {
            exclusiveTopo = value;
            return this;
        }

        Builder nodelist(List<String> hosts) {
            nodelist = hosts;
            return this;
        }

        Builder exclude(List<String> hosts) {
            exclude = hosts;
            return this;
        }

        Builder segment(Integer value) {
            segment = value;
            return this;
        }

        Builder threadsPerCore(Integer value) {
            threadsPerCore = value;
            return this;
        }

        Builder minCpusPerNode(int value) {
            minCpusPerNode = value;
            return this;
        }

        Builder ntasksPerGpu(Integer value) {
            ntasksPerGpu = value;
            return this;
        }

        Builder minCpus(Integer value) {
            minCpus = value;
            return this;
        }

        /** {@code --gpus-per-socket} and {@code --sockets-per-node} ({@code null}, {@code null}: neither). */
        Builder gpusPerSocket(Integer perSocket, Integer sockets) {
            gpusPerSocket = perSocket;
            socketsPerNode = sockets;
            return this;
        }

        /** {@code -m} ({@code null}: the default). */
        Builder distribution(Distribution value) {
            distribution = value;
            return this;
        }

        /** An {@code -O} job's {@code -n} ({@code null}: none). */
        Builder overcommitTasks(Integer value) {
            overcommitTasks = value;
            return this;
        }

        /** {@code -p} ({@code null}: the default partition). */
        Builder partition(String value) {
            partition = value;
            return this;
        }

        /** The partition's {@code MaxCPUsPerNode} for the pick ({@code null}: none). */
        Builder partitionCpusPerNode(Integer value) {
            partitionCpusPerNode = value;
            return this;
        }

        /** The partition whose jobs' cores count against the cap ({@code null}: no rows yet). */
        Builder ownPartition(String value) {
            ownPartition = value;
            return this;
        }

        /** The partition's {@code MaxNodes} for the pick ({@code null}: none). */
        Builder partitionMaxNodes(Integer value) {
            partitionMaxNodes = value;
            return this;
        }

        /** {@code cpusPerGpu} is the partition's {@code DefCpuPerGPU}, not the job's own. */
        Builder defaultCpusPerGpu(boolean value) {
            defaultCpusPerGpu = value;
            return this;
        }

        /** The list's node minimum the job keeps below the pick's ({@code null}: none, see {@link #ownMinNodes()}). */
        Builder listMinNodes(Integer value) {
            listMinNodes = value;
            return this;
        }

        Builder nodeChoice(NodeChoice value) {
            nodeChoice = value;
            return this;
        }

        SlurmJobSpec build() {
            return new SlurmJobSpec(name, minNodes, maxNodes, ntasks, ntasksPerNode, ntasksPerSocket, cpusPerTask,
                    gpusPerNode, gpusPerJob, gpusPerTask, cpusPerGpu, gpuType, switches, switchWait, enforceBinding,
                    exclusive, exclusiveTopo, nodelist, exclude, segment, threadsPerCore, minCpusPerNode,
                    ntasksPerGpu, gpusPerSocket, socketsPerNode, minCpus, distribution, overcommitTasks, partition,
                    partitionCpusPerNode, ownPartition, partitionMaxNodes, defaultCpusPerGpu, listMinNodes,
                    nodeChoice);
        }
    }
}
