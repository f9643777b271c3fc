package org.topoplanner.allocator;

/** Why a job waits, in the words {@code squeue} uses, so replays diff against the real scheduler. */
public enum PendingReason {
    /** Not enough free resources now (or a {@code --switches} limit not met yet). */
    RESOURCES("Resources"),
    /** An earlier job in the queue waits, and strict FIFO lets nothing pass it. */
    PRIORITY("Priority"),
    /**
     * The job asks for more nodes or CPUs than its partition has: Slurm 22.05 and 26.05 queue it for good, outside
     * every scheduling pass ({@link #blocksJobsBehind()}), where 24.11 refuses it at submit.
     */
    PARTITION_CONFIG("PartitionConfig"),
    /**
     * More nodes than the partition has, as 22.05 and 26.05 word it once a queue build has looked at the job
     * ({@code _job_runnable_test2}); at its submission it reads {@link #PARTITION_CONFIG}, on any topology (own probes
     * c22k1 q5, c26l2-c26l4).
     */
    PARTITION_NODE_LIMIT("PartitionNodeLimit"),
    /**
     * The job's {@code --time} is above its partition's {@code MaxTime} ({@code job_limits_check},
     * {@code WAIT_PART_TIME_LIMIT}; own probe c18d1 e1, every release).
     */
    PARTITION_TIME_LIMIT("PartitionTimeLimit"),
    /**
     * The job's partition is {@code State=DOWN}: it takes the job and holds it ({@code job_limits_check},
     * {@code WAIT_PART_DOWN}; own probe c18d1 b1, every release).
     */
    PARTITION_DOWN("PartitionDown"),
    /** The job's partition is {@code State=INACTIVE} ({@code WAIT_PART_INACTIVE}); a submission there is refused. */
    PARTITION_INACTIVE("PartitionInactive"),
    /** 26.05 topology/block: no block of the job's level has the nodes ({@code ESLURM_TOPO_NO_FIT}). */
    TOPO_NO_FIT("No_suitable_topology_unit_found"),
    /** 26.05 topology/block: a segment finds no block ({@code ESLURM_TOPO_SEGMENT_NO_FIT}). */
    TOPO_SEGMENT_NO_FIT("No_suitable_topology_unit_found_for_segment"),
    /** 26.05 topology/block: the chosen block's base blocks do not add up ({@code ESLURM_TOPO_INSUFFICIENT_RESOURCES}). */
    TOPO_INSUFFICIENT("Insufficient_resources_in_topology_unit"),
    /**
     * 26.05 topology/tree: the nodes the tree took reached the job's maximum before the job was met
     * ({@code ESLURM_TOPO_MAX_NODE_LIMIT}; own case fuzz43 p30).
     */
    TOPO_MAX_NODE_LIMIT("Exceeded_maximum_node_limit_during_topology_allocation"),
    /**
     * 26.05 topology/block: the lighter weight groups span more lower-level blocks than the level allows
     * ({@code ESLURM_TOPO_WEIGHT_NO_FIT}; own case blockfz10 k2).
     */
    TOPO_WEIGHT_NO_FIT("Weight-based_selection_could_not_satisfy_request_within_topology_unit"),
    /**
     * Fewer of the partition's nodes are left in the scheduling pass than the job's minimum: nodes a blocked
     * partition or a pending {@code -w} job took out of it ({@code job_scheduler.c}, the text Slurm prints).
     */
    NODES_UNAVAILABLE("Nodes_required_for_job_are_DOWN,_DRAINED_or_reserved_for_jobs_in_higher_priority_partitions"),
    /**
     * 22.05/24.11: the plugin's pick with every resource free has more nodes than the job's maximum
     * ({@code _pick_best_nodes}: {@code runable_ever} without {@code runable_avail}, no busy node:
     * {@code ESLURM_NODE_NOT_AVAIL}); the job is accepted and waits without blocking its partition.
     */
    REQ_NODE_NOT_AVAIL("ReqNodeNotAvail,_May_be_reserved_for_other_job"),
    /**
     * The job's memory is above its partition's {@code MaxMemPerNode} ({@code job_limits_check},
     * {@code WAIT_PN_MEM_LIMIT}): it waits while the limit stands, and blocks no other job's start.
     */
    MAX_MEM_PER_LIMIT("MaxMemPerLimit");

    private final String slurmName;

    PendingReason(String slurmName) {
        this.slurmName = slurmName;
    }

    /** The {@code Reason=} value Slurm prints. */
    public String slurmName() {
        return slurmName;
    }

    /**
     * Whether a job waiting for this reason holds back the jobs behind it in its partition's scheduling pass. Four do
     * not: {@code ESLURM_NODE_NOT_AVAIL} leaves {@code fail_by_part} false ({@code job_scheduler.c _schedule}), and a
     * job {@code job_limits_check} holds (its memory over {@code MaxMemPerNode}, more CPUs or nodes than its partition
     * has) is not runnable ({@code _job_runnable_test2}, {@code build_job_queue}, the same in 22.05.8, 24.11.5 and
     * 26.05.5), so it never enters the pass (own cases mem2g g4, 24.11.5 and 26.05.5; probe c22k1 b1-b3 behind q1,
     * 22.05.8).
     */
    public boolean blocksJobsBehind() {
        return this != REQ_NODE_NOT_AVAIL && this != MAX_MEM_PER_LIMIT && this != PARTITION_CONFIG
                && !partitionState();
    }

    /**
     * Whether Slurm counts this reason among the partition reasons ({@code part_policy_job_runnable_state} in 22.05,
     * {@code JSR_PART} of {@code job_state_reason.c} in 24.11 and 26.05: {@code WAIT_PART_NODE_LIMIT},
     * {@code WAIT_PART_TIME_LIMIT}, {@code WAIT_PART_DOWN}, {@code WAIT_PART_INACTIVE}; not {@code WAIT_PART_CONFIG}):
     * {@code _top_priority} passes over a job waiting for one, and a queue build whose limit test passes clears it.
     */
    public boolean partitionState() {
        return this == PARTITION_NODE_LIMIT || this == PARTITION_TIME_LIMIT || this == PARTITION_DOWN
                || this == PARTITION_INACTIVE;
    }

    /** The reason whose {@link #slurmName()} is {@code name}; null for none or another text. */
    public static PendingReason ofSlurmName(String name) {
        for (PendingReason r : values()) {
            if (r.slurmName.equals(name)) {
                return r;
            }
        }
        return null;
    }
}
