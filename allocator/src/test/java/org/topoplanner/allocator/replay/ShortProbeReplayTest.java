package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Own short probes, replayed with their run's measured times ({@link TimedReplay#wholeCaseJobLines}) and matched line
 * by line: too few job lines for {@code KnownMismatchReplayTest}, and timed where {@code SlurmTreeReplayTest}'s
 * tables replay without times. Each row's comment says what the probe measured and which rule it checks; the
 * sections of src/test/resources/oracle/PROVENANCE.md named there have the runs.
 */
class ShortProbeReplayTest {
    @ParameterizedTest(name = "{0} under {2} ({3})")
    @CsvSource(delimiter = ';', value = {
        // c21f1 (featfz11's cluster, mix MaxCPUsPerNode=6): 24.11 and 26.05's _allocate_sc lets a capped node offer
        // the cap (6), not the whole tasks of -c4 under it (4): -n3 -c4 (with or without -N2) is chosen on two nodes
        // whose layout holds two tasks and waits Resources in 24.11.5 and 26.05.5 (22.05.8 runs it on c1 and c2);
        // -w b4 -N2 -n7 -c4 passes the test-only pick past max_nodes (ReqNodeNotAvail in 22.05.8 and 24.11.5;
        // 26.05.5 refuses it); -N3 -n3 -c4 runs on b1-b3 everywhere. Rule: CoreFilter.select
        "c21f1; results/c21f1.jsonl;         22.05; tree;  5",
        "c21f1; results/new/c21f1.jsonl;     24.11; tree;  5",
        "c21f1; results/v26.05/c21f1.jsonl;  26.05; tree;  5",
        // c22b1 (blockfz47's cluster, idle): an --exclusive job takes all of a node's GPUs, so --cpus-per-gpu must
        // hold for all of them (gres_select_filter_remove_unusable, whole_node): -w g1 (8 GPUs, 32 CPUs) is refused
        // at 6 CPUs per GPU and runs whole at 4, -w m7 (4 GPUs, 48 CPUs) runs at 6, and -N3 --segment=3 finds b4
        // without g1 and g2 (u4, m7, m8). -w u3,m6 -N22 --gpus-per-node=3 runs on 22 nodes over b1-b8: without
        // nodes_on_llblock the required nodes' base block counts no lower-level block (eval_nodes_block). Rules:
        // WholeNodeGres, BlockSelector.place
        "c22b1; results/new/c22b1.jsonl;     24.11; block; 5",
        "c22b1; results/v26.05/c22b1.jsonl;  26.05; block; 5",
        // c22b2 (featfz9's tree cluster, idle): the whole-node rule in all three releases: -w a1 refused at 6 CPUs per
        // GPU, whole at 4, 4 GPUs and 24 CPUs without --exclusive; -N2 --exclusive takes c1 and c2, no a node
        "c22b2; results/c22b2.jsonl;         22.05; tree;  5",
        "c22b2; results/new/c22b2.jsonl;     24.11; tree;  5",
        "c22b2; results/v26.05/c22b2.jsonl;  26.05; tree;  5",
        // c22r1 (featfz13's cluster: short = a4, b3, b4, c2 with MaxCPUsPerNode=8 and MaxTime=10): a job past MaxTime
        // whose pick never fits the partition's nodes (-N2 with 24 CPUs, by --ntasks-per-gpu or -n12, idle or beside
        // a running job) is refused by 24.11.5 and 26.05.5 as the same job without --time is (their test-only
        // select_nodes after a failed limit), and held PartitionConfig by 22.05.8; one that fits (16 CPUs on -N2, 24
        // without -N) waits PartitionTimeLimit in 24.11.5 and 26.05.5; 26.05.5 holds -N1 --gpus=9 too (_get_one_res
        // sums the GPUs over the nodes it tests). Rule: slurm.PastMaxTimeTest
        "c22r1; results/c22r1.jsonl;         22.05; tree;  15",
        "c22r1; results/new/c22r1.jsonl;     24.11; tree;  14",
        "c22r1; results/v26.05/c22r1.jsonl;  26.05; tree;  14",
        // c22x1 (featfz12's c1 alone: one socket, four GPUs without Cores=; 22.05.8): x1 holds GPU 0; x2
        // (--sockets-per-node=1 --gpus-per-socket=1 -c4) runs with no GPU (w21n: _job_alloc stores 4, finds the node
        // overallocated, returning before _get_job_alloc_gres_ptr, so the job's gres_list_alloc holds no GPU record
        // for c1); x2 is cancelled: job_res_rm_job (cons_common/job_resources.c, job_fini) deallocates from that
        // gres_list_alloc, so _job_dealloc subtracts nothing and clamps nothing (a24g; the clamp happens only in
        // will-run copies, from gres_list_req). x3 (--gpus=4) then waits Resources and x4 Priority, GPU 0 still held
        "c22x1; results/c22x1.jsonl;         22.05; tree;  13",
        // c24o1 (c22o1's cluster, o24o): -O with --ntasks-per-node beside --gpus, --gpus-per-task or
        // --gpus-per-socket, and --ntasks-per-socket beside GPUs: the node test asks ntasks_per_node tasks' CPUs (t4
        // waits Resources on one free CPU), -N x --ntasks-per-node is the task count (p1 refused by 24.11.5 and
        // 26.05.5, p2 by 26.05.5's one-node pick too), one task laid out a node. Rules: Overcommit,
        // OvercommitTaskLayout, OvercommitSocketTasks
        "c24o1; results/c24o1.jsonl;         22.05; tree;  20",
        "c24o1; results/new/c24o1.jsonl;     24.11; tree;  20",
        "c24o1; results/v26.05/c24o1.jsonl;  26.05; tree;  20",
        // c24o2 (c22g2's blocks, o24p): c24o1's shapes on topology/block, every line as on a tree: eval_nodes_block
        // reaches the same node test, task count and one-task layout (p1, p2 refused; k1, --gpus-per-socket beside
        // --ntasks-per-node, on g1 CPU 0 GPUs 0, 2). Rules: Overcommit, OvercommitTaskLayout, PerSocketGpuRefusal
        "c24o2; results/new/c24o2.jsonl;     24.11; block; 20",
        "c24o2; results/v26.05/c24o2.jsonl;  26.05; block; 20",
        // c25b1 (c22g2's blocks, b25g): --gpus-per-socket on topology/block without -O (with and without
        // --sockets-per-node, -N2, -n4, --ntasks-per-node, --exclusive, -c2 on a busy node), every line as the tree's
        // rules give it; --ntasks-per-node beside the option measured here first. Rule: PerSocketGpuRefusal.onBlocks
        "c25b1; results/new/c25b1.jsonl;     24.11; block; 19",
        "c25b1; results/v26.05/c25b1.jsonl;  26.05; block; 19",
        // c24o3 (c22o1's tree, o24p): --gpus-per-socket under -O without --ntasks-per-node, -N x --sockets-per-node
        // tasks, one laid out a node (CPU 0 GPUs 0, 2; one socket: CPU 4 GPUs 2, 3); beside -c 22.05.8 runs one
        // task's two CPUs, 24.11.5 waits Resources, 26.05.5 runs both tasks (min_cpus raised to -c x tasks by
        // gres_job_state_validate). Rules: Overcommit.verdict, OvercommitTaskLayout.held
        "c24o3; results/c24o3.jsonl;         22.05; tree;  14",
        "c24o3; results/new/c24o3.jsonl;     24.11; tree;  14",
        "c24o3; results/v26.05/c24o3.jsonl;  26.05; tree;  14",
        // c25o1 (c22o1's tree, o25a): --gpus-per-node or --gpus beside -c under -O: 26.05.5 lays out every task
        // (gres_job_state_validate raises min_cpus to -c x num_tasks for a GRES job: -N1 -n2 -c2 on CPUs 0-3) and
        // refuses where that passes the nodes' CPUs; 24.11.5 waits Resources for good past one task a node; 22.05.8
        // runs one task's CPUs a node (o25b: a6, a9 by the per-CPU memory count's one task under -O, a5 by the core
        // filter keeping every core for a NO_VAL task count). Rules: Overcommit.verdict, OvercommitTaskLayout.held,
        // NodeMemory.cpusOnOneNode, CoreFilter
        "c25o1; results/new/c25o1.jsonl;     24.11; tree;  15",
        // c25o2 (c22o1's tree, o25b): --gpus-per-socket beside --ntasks-per-node without -O, every release alike: one
        // and two nodes, -n4, -c2, one socket, a busy node (p1-p10), as the tree's rules give it; refused by
        // PerSocketGpuRefusal.onTree before. Rule: PerSocketGpuRefusal
        "c25o1; results/c25o1.jsonl;         22.05; tree;  15",
        "c25o2; results/c25o2.jsonl;         22.05; tree;  16",
        "c25o2; results/new/c25o2.jsonl;     24.11; tree;  16",
        "c25o2; results/v26.05/c25o2.jsonl;  26.05; tree;  16",
        "c25o1; results/v26.05/c25o1.jsonl;  26.05; tree;  15",
        // c24j1 (c20h1's cluster, p24h; run as c24h1, renamed: that name was v24h's): c20h1 h2 without --exclusive
        // (-N2 --gpus=N --ntasks-per-gpu=1), idle and beside one-CPU jobs on a1-a2 or b1-b3: every evaluation fails
        // after its top switch; 24.11.5 words it
        // "topology" (eval_nodes_cpus_to_use rewrites avail_res_cnt = avail_cpus + avail_gpus at each take, so the
        // walked a-nodes, lowered to 2 CPUs, leave the retry first and the last round finds no top switch), 22.05.8
        // and 26.05.5 "node"; -c4, --ntasks-per-gpu=2, -N3 and the capped partitions "node" in 24.11.5 too (22.05.8
        // runs -c4 and --ntasks-per-gpu=2 on a1 and a2). Rule: KnapsackRetry.AvailRes.gave
        "c24j1; results/c24j1.jsonl;         22.05; tree;  19",
        "c24j1; results/new/c24j1.jsonl;     24.11; tree;  19",
        "c24j1; results/v26.05/c24j1.jsonl;  26.05; tree;  19",
        // c24g1 (featfz22's cluster, idle, g24a/g24c): --gpus=3 --ntasks-per-gpu=1 -c3 --exclusive runs on three whole
        // nodes (one task and one GPU credited a node, as without --exclusive), -N1 refused, -p all,mix Resources.
        // Rule: PassFilter.exclusive (eval_nodes_set_max_tasks beside the whole-node jump)
        "c24g1; results/new/c24g1.jsonl;     24.11; tree;  5",
        // c25e1 (g25e: one-socket 6-core 2-GPU nodes, idle): an --exclusive --gpus-per-task job is credited on each
        // whole node only the tasks its CPUs hold (-c4: one) and their GPUs, as without --exclusive: -n3 -c4 runs on
        // three whole nodes, -N2 -n3 -c4 is refused, -n4 -c4 takes four. Rule: PassFilter.exclusive (gres_filter_sock_core's
        // max_tasks_this_node on the whole node)
        "c25e1; results/c25e1.jsonl;         22.05; tree;  13",
        "c25e1; results/new/c25e1.jsonl;     24.11; tree;  13",
        "c25e1; results/v26.05/c25e1.jsonl;  26.05; tree;  13",
        // c25e2 (c25e1's nodes in blocks b1=s[1-2], b2=s[3-4], b3=g[1-2], BlockSizes=2,4; g25e, n25b): the tree's
        // --ntasks-per-gpu rules on the block's pick: --gpus=3 --ntasks-per-gpu=1 -c2 (with or without --exclusive)
        // takes base block b2 (s3 two tasks and GPUs, s4 one); -N1 --gpus=2 ... --exclusive is refused by 24.11.5
        // (min_cpus one task, one GPU credited) and runs on s1 in 26.05.5. Rule: GresTaskCount
        "c25e2; results/new/c25e2.jsonl;     24.11; block; 11",
        "c25e2; results/v26.05/c25e2.jsonl;  26.05; block; 11",
        // c25n1 (c25e2's nodes and blocks in one partition, n25b): --ntasks-per-gpu=1 and =2 on the block's pick,
        // block b3 (g[1-2]) chosen as the last base block of the fewest nodes that holds min_cpus; -N2 --gpus=4
        // --ntasks-per-gpu=1 -c2 refused by 24.11.5 (min_cpus two tasks, one GPU a node) and run on g[1-2] by
        // 26.05.5. Rules: GresTaskCount, NtasksPerGpuMinCpus on blocks
        "c25n1; results/new/c25n1.jsonl;     24.11; block; 10",
        "c25n1; results/v26.05/c25n1.jsonl;  26.05; block; 10",
        // c26b1 (c25n1's cluster, b26s): -O --gpus-per-socket without --ntasks-per-node (k1-k5; beside -c 24.11.5
        // waits, 26.05.5 lays out both tasks), -O --ntasks-per-gpu (o1-o7: refused without -c, 26.05.5 runs the -c
        // shapes on g1), and --ntasks-per-gpu nodes left no whole GPU skipped (u7: 24.11.5 refused). Rules:
        // GresTaskCount, OvercommitTaskLayout.heldOnBlocks
        "c26b1; results/new/c26b1.jsonl;     24.11; block; 15",
        "c26b1; results/v26.05/c26b1.jsonl;  26.05; block; 15",
        // c26t1 (c26b1's cluster, b26t): c25o1's -O -c shapes beside --gpus and --gpus-per-node on blocks (24.11.5
        // waits Resources past one task a node, 26.05.5 lays out every task or refuses where -c x -n passes a
        // block's CPUs) and -w nodes left no task (w1, w2: refused as any). Rule: OvercommitTaskLayout.heldOnBlocks
        "c26t1; results/new/c26t1.jsonl;     24.11; block; 18",
        "c26t1; results/v26.05/c26t1.jsonl;  26.05; block; 18",
        // c26c1 (four four-CPU nodes on two leaves, h26c): one-node -O jobs without GRES (_can_job_run_on_node's
        // min_cpus_per_node, one task with overcommit; eval_nodes_select_cores skips alloc_tasks < min_tasks under
        // -O): 22.05.8 runs -N1 -n6 -c2 -O on an idle node and -N1 -n3 -c2 -O on two free CPUs (refused and
        // refused before h26c), -w c1 -N1 -n4 -O runs on one free CPU in every release (pending before), -N2
        // --ntasks-per-node=2 -O passes a node with one free CPU; 24.11.5 and 26.05.5 keep the -c jobs Resources
        // and the two after them Priority. Rules: CoreFilter.select (the overcommit task bound), MinCpusPerNode
        "c26c1; results/c26c1.jsonl;         22.05; tree;  19",
        "c26c1; results/new/c26c1.jsonl;     24.11; tree;  19",
        "c26c1; results/v26.05/c26c1.jsonl;  26.05; tree;  19",
        // c26f1 (featfz26's files, f26a): a one-node -w job of -p all,mix (mix MinNodes=2) runs in all (p4: no mix
        // record); two -w nodes reach MinNodes=2, whose failed mix record takes them out of the pass (p5), as a fat
        // record without MinNodes does (p6); a -w node outside one partition within its limits is refused (p3), past
        // them held where the release tests no node: 22.05.8 p1 (MaxTime) and p2 (the CPU total), 26.05.5 p2 (f27a).
        // Rules: slurm.SeveralPartitions.keptTo, slurm.NodesOutsidePartition
        "c26f1; results/c26f1.jsonl;         22.05; tree;  7",
        "c26f1; results/new/c26f1.jsonl;     24.11; tree;  7",
        "c26f1; results/v26.05/c26f1.jsonl;  26.05; tree;  7",
        // c27w1 (l1 lighter beside h1 in b1, h[2-7] in b2-b4, b27w): a lighter node a --ntasks-per-gpu=2 count turns
        // down fails the evaluation, as every later node is turned down alike (w1, w3: refused by 24.11.5), a light
        // node with one free CPU leaves the weight list (a1, a2); --exclusive -w jobs on idle named nodes get the
        // block plugin's error in 26.05.5 (e1, e4, e6: Insufficient_resources_in_topology_unit), a sharing one
        // Resources (e2). Rules: BlockSelector.place (marking), SlurmBlockPolicy.namedNodesHideTheReason
        "c27w1; results/new/c27w1.jsonl;     24.11; block; 19",
        "c27w1; results/v26.05/c27w1.jsonl;  26.05; block; 19",
        // c27x1 (featfz28's cluster, x27d): a job of several partitions runs in the partition whose queue record
        // started it, and only that partition's MaxCPUsPerNode counts its cores: x1 (-p mix,short -N1 -n4 -c3, past
        // mix's cap of 4) runs its 12 CPUs in short, and x2 (-p mix -N1 -n4) then takes the same node's next four
        // CPUs (c1 under the tree in 22.05.8 and 24.11.5, b1 through 26.05.5's one-node first fit), where counting
        // x1 against mix gave the next node. Rule: replay.Partitions.ranIn
        "c27x1; results/c27x1.jsonl;         22.05; tree;  17",
        "c27x1; results/new/c27x1.jsonl;     24.11; tree;  17",
        "c27x1; results/v26.05/c27x1.jsonl;  26.05; tree;  17",
        // c28f1 (featfz26's files, idle between jobs, v28f): -p all,mix --gpus=6 --ntasks-per-gpu=1 -c2 (p1) waits
        // Resources at submission in 22.05.8 only: the test-only pick in mix (MinNodes=2 above the list's 1) keeps
        // the list's minimum, so _select_cores asks all six tasks of one node, past mix's MaxCPUsPerNode=10; -p mix
        // -N2 runs (p2), and so does p1 without -c (p3, in all). 24.11.5 refuses p5 and p6, 26.05.5 runs them.
        // Rule: slurm.NtasksPerGpu.taskLimits (SlurmJobSpec.ownMinNodes)
        "c28f1; results/c28f1.jsonl;         22.05; tree;  8",
        "c28f1; results/new/c28f1.jsonl;     24.11; tree;  8",
        "c28f1; results/v26.05/c28f1.jsonl;  26.05; tree;  8",
        // c28n1 (PlannerGpuTaskDeal2205PropertyTest seed -508: n01 cores 0 and 4-7 busy, n02 idle, n28n): 22.05.8 runs
        // -N2 -n9 --gpus=2 --cpus-per-gpu=3 on its own pick n01 + n02 (j1, 3 + 6 CPUs) and holds the same nodes named
        // Resources (j2; -n7 j4 too, -n6 j3 runs): the weight-group loop filters both nodes at the whole GPU count, the
        // required-node loop n02 at the rem_gres n01 left, and gres_sched_add counts a node at its usable GPUs x
        // --cpus-per-gpu; --gpus-per-node (j6) and no --cpus-per-gpu (j7) run named. 24.11.5 and 26.05.5 refuse every
        // -n7 and -n9 line at submission. Rules: TreeProgress.countedCpus, CoreFilter (rem_gres), planner.OwnNodesNamed
        "c28n1; results/c28n1.jsonl;         22.05; tree;  13",
        "c28n1; results/new/c28n1.jsonl;     24.11; tree;  13",
        "c28n1; results/v26.05/c28n1.jsonl;  26.05; tree;  13",
        // c28d1 (fuzz121's cluster, u28d): fuzz121's p4 (--nodes=2 --gpus=3 --cpus-per-gpu=1 enforce-binding) after
        // three jobs: h1 keeps cores 1 and 9 (a free GPU on each socket) for one task, but gres_sched_add leaves it
        // gres_cpus = 2, so dist_tasks_gres_min_cpus cannot raise it to both cores: CPUs 2,3 and GPU 1 in 26.05.5
        // (22.05.8 and 24.11.5 keep socket 1 alone: CPUs 18,19, GPU 3). Rule: GresSchedCpus
        "c28d1; results/c28d1.jsonl;         22.05; tree;  14",
        "c28d1; results/new/c28d1.jsonl;     24.11; tree;  14",
        "c28d1; results/v26.05/c28d1.jsonl;  26.05; tree;  14",
    })
    void probeMatchesRealSlurmLineByLine(String caseName, String results, String version, String topology,
                                         int lines) {
        SlurmVersion release = SlurmVersion.parse(version).orElseThrow();
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(release);
        PlacementPolicy policy = topology.equals("block") ? new SlurmBlockPolicy(options)
                : new SlurmTreePolicy(options);
        var actual = TimedReplay.wholeCaseJobLines(caseName, results, release, policy);
        var expected = OracleComparison.jobLines(OracleCase.resource(results).lines().toList());
        assertThat(expected).hasSize(lines);
        assertThat(OracleComparison.mismatches(expected, actual)).isEmpty();
    }
}
