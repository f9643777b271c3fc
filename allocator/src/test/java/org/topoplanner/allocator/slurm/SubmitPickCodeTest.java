package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Which of "Requested topology configuration" and "Requested node configuration is not available" a tree job that
 * sbatch's test finds never runnable gets ({@link SubmitPickCode}): 24.11.5 "topology" where {@code _eval_nodes_topo}
 * fails at the top switch or with its required nodes' {@code max_nodes} spent, "node" where the pick fails before the
 * tree or after the top switch; 22.05.8 and 26.05.5 "node". Real outputs: results/{,new/,v26.05/}CASE.jsonl.
 */
class SubmitPickCodeTest {
    private static final String TOPOLOGY = "Requested topology configuration is not available";
    private static final String NODE = "Requested node configuration is not available";

    private static void refused(String oracleCase, String args, SlurmVersion v, String words) throws Exception {
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(OracleCase.cluster(oracleCase)), SbatchOptions.parseLine(args, "j"));
        assertThat(s).as(oracleCase + " " + args + " " + v.label()).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).isEqualTo(words));
    }

    @Test
    void noSwitchHoldingTheCpusIsATopologyRefusalIn2411() throws Exception {
        // c22k1 q1 (-n12 -c16: 192 CPUs, the core switch holds fewer; 22.05.8 and 26.05.5 hold it PartitionConfig):
        // "unable to identify top level switch"
        refused("c22k1", "-n12 -c16", SlurmVersion.V24_11, TOPOLOGY);
        // c17a1 a4 (-p cpu,gpu -n100): each partition's pick finds no switch with 100 CPUs
        refused("c17a1", "-p cpu,gpu -n100", SlurmVersion.V24_11, TOPOLOGY);
    }

    @Test
    void requiredNodesShortOfTheJobWithMaxNodesSpentAreATopologyRefusalIn2411() throws Exception {
        // cmx1 m29 (-w c1 -N1 -n4 -c5 --gpus=8, c1 has 4 GPUs): "requires nodes exceed maximum node limit"
        refused("cmx1", "-w c1 -N1 -n4 -c5 --gpus=8", SlurmVersion.V24_11, TOPOLOGY);
        refused("cmx1", "-w c1 -N1 -n4 -c5 --gpus=8", SlurmVersion.V22_05, NODE);
    }

    @Test
    void aPickThatFindsItsTopSwitchAndFailsLaterIsANodeRefusal() throws Exception {
        // c22r1 r4 (-p short -N2 -n12 -c2, MaxCPUsPerNode=8): the spine holds 32 CPUs of short, two nodes 16
        refused("c22r1", "-p short -N2 -n12 -c2", SlurmVersion.V24_11, NODE);
    }

    @Test
    void aGpuJobsNodesReachTheTreeWithCanJobRunOnNodesCpusNotTheCoreFiltersOnes() throws Exception {
        // c22r1 r1/r2 (own probe of r22j, 24.11.5 "topology"; the -n12 twin r4 above is "node"): _can_job_run_on_node
        // gives each of a4, b3, b4, c2 MaxCPUsPerNode's 8 CPUs, enough for min_cpus_per_node (2) and for one GPU's 6
        // CPUs (gres_select_filter_remove_unusable), so _select_nodes hands all four to the tree; there
        // eval_nodes_select_cores wants 12 / 2 = 6 tasks a node and finds 4, so every evaluation fails after the
        // top switch, and the retry drops b3 (12 = 8 CPUs + 4 GPUs), then b4: a4 and c2 hold 16 < 24 CPUs, no top
        // switch, ESLURM_REQUESTED_TOPO_CONFIG_UNAVAILABLE. The selector had counted the core filter's 0 CPUs as
        // _select_nodes' elimination ("node")
        refused("c22r1", "-p short -N2 --gpus=4 --ntasks-per-gpu=3 -c2", SlurmVersion.V24_11, TOPOLOGY);
        refused("c22r1", "-p short -N2 --gpus=4 --ntasks-per-gpu=3 -c2", SlurmVersion.V22_05, NODE);
        // featfz14 f57 (24.11.5 "node"): an -N1 job's node must hold all its tasks, 15 CPUs, above short's 8: no node
        // reaches the tree (MinCpusPerNode in UsableNodes)
        refused("featfz14", "-p short -N1 -n3 -c5 --gpus-per-node=3", SlurmVersion.V24_11, NODE);
        // g9c z1 (24.11.5 "node"): the nodes reach the tree; the retry's counts are _can_job_run_on_node's CPUs
        // (--ntasks-per-socket's step 4) plus GPUs, so the last round keeps the four-socket f-nodes, whose switch
        // holds the job's 30 CPUs, and fails after it
        refused("g9c", "-n10 --ntasks-per-socket=1 -c3 --gpus=1 --gres-flags=enforce-binding", SlurmVersion.V24_11,
                NODE);
    }

    @Test
    void aJobNoNodeCanHoldATaskOfFailsBeforeTheTreeAsANodeRefusal() throws Exception {
        // featfz11 f3 (-p short -n2 -c5, short gives 2 CPUs a node): past MaxCPUsPerNode, and _select_nodes finds
        // no node with CPUs for it, so 24.11.5 says "node" where -p cpu -n9 of c18d1 (JobLimitsCheckTest) says
        // "topology"
        refused("featfz11", "-p short -n2 -c5 --gpus=1 --exclusive", SlurmVersion.V24_11, NODE);
    }

    @Test
    void aNtasksPerGpuNodeEvalNodesGresRefusesLeavesNoCpusForTheNextRoundsTopSwitch() throws Exception {
        // featfz10 f33 (-N1 --gpus=1 --ntasks-per-gpu=2 -c4, 24.11.5 "topology"; 22.05.8 and 26.05.5 run it):
        // min_cpus stays sbatch's 4, so each node gives 4 CPUs, one task, and _reduce_res_cores leaves it no GPU
        // (max_gres = 1 / 2): eval_nodes_gres's use_node is false and it writes avail_res->avail_cpus = 0 for every
        // node the first evaluation walks; the retry's next round finds no switch with 4 CPUs
        refused("featfz10", "-N1 --gpus=1 --ntasks-per-gpu=2 -c4", SlurmVersion.V24_11, TOPOLOGY);
        // featfz2 f17 (24.11.5 "node"): the same refusals, but a refused node keeps the avail_res_cnt
        // eval_nodes_cpus_to_use wrote (its CPUs plus GPUs), below the never-walked b3 and b4 (32 + 4), which the
        // GPU filter leaves no core: the last round holds them, finds leafb as top switch and fails after it
        refused("featfz2", "-N2 --gpus=2 --ntasks-per-gpu=3 -c4 --gres-flags=enforce-binding -m cyclic:block",
                SlurmVersion.V24_11, NODE);
    }

    @Test
    void anExclusiveJobsRetryDropsNodesByCanJobRunOnNodesCountNotTheLoweredCpus() throws Exception {
        // c20h1 h2 (own probe of w20h, -N2 --gpus=5 --ntasks-per-gpu=1 --exclusive, real "node" in all three): every
        // evaluation fails at gres_sched_test (2 tasks, so 2 GPUs, a node), after its top switch. eval_nodes_gres
        // writes each walked node's avail_cpus down to its 2 CPUs, but with whole_node eval_nodes_cpus_to_use jumps
        // past "avail_res_cnt = avail_cpus + avail_gpus", so the counts stay 40 (a-nodes) and 36: the retry drops
        // b1, b2, b3, b4, c1, c2 and the last round on a1-a4 finds leafa, "node". Recounted from the lowered CPUs
        // (2 + 8 = 10) the a-nodes left first and the last round's b4 and c2 held 4 CPUs < 5: "topology"
        String h2 = "-p all -N2 --gpus=5 --ntasks-per-gpu=1 -m block --exclusive";
        for (SlurmVersion v : SlurmVersion.values()) {
            refused("c20h1", h2, v, NODE);
        }
    }

    @Test
    void aSharedJobsRetryDropsTheWalkedNodesByTheirLoweredCount() throws Exception {
        // c24j1 j1 (own probe of p24h: c20h1 h2 without --exclusive, real 24.11.5 "topology", 22.05.8 and 26.05.5
        // "node"): without whole_node eval_nodes_cpus_to_use rewrites avail_res_cnt = avail_cpus + avail_gpus at
        // every take, from the 2 CPUs eval_nodes_gres wrote, so the walked a-nodes (2 + 8) leave the retry before
        // the b- and c-nodes (36) and the last round (b4, c2: 4 CPUs < 5) finds no top switch
        String j1 = "-p all -N2 --gpus=5 --ntasks-per-gpu=1 -m block";
        refused("c24j1", j1, SlurmVersion.V22_05, NODE);
        refused("c24j1", j1, SlurmVersion.V24_11, TOPOLOGY);
        refused("c24j1", j1, SlurmVersion.V26_05, NODE);
    }

    @Test
    void a2411SegmentRefusalIsTopologyOnlyWhenTheJobReachesTheBlockPlugin() throws Exception {
        Cluster blocks = OracleCase.cluster("blk12k33");
        // blk12k33 k21 (-N5 --segment=5, base blocks of 4): five nodes hold the job, eval_nodes_block refuses the
        // segment, "topology"; k24 (-N10 --gpus-per-node=3 --segment=5): fewer than ten nodes have three GPUs, so
        // _select_nodes fails first, "node"
        for (String[] job : new String[][] {{"-N5 -n5 -c3 --gpus-per-node=2 --segment=5", TOPOLOGY},
                {"-N10 --gpus-per-node=3 --segment=5", NODE}}) {
            Suggestion s = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11))
                    .suggest(ClusterState.empty(blocks), SbatchOptions.parseLine(job[0], "j"));
            assertThat(s).as(job[0]).isInstanceOfSatisfying(Suggestion.Impossible.class,
                    i -> assertThat(i.reason()).isEqualTo(job[1]));
        }
    }

    @Test
    void a2605JobOfSeveralSegmentsNamingFewerNodesThanItsSizeIsATopologyRefusal() throws Exception {
        // blockfz47 k5 (-p half -w u6,u5 -N4 --gpus-per-node=1 --segment=1, 26.05.5): _eval_nodes_block "requires
        // less nodes than job size with segment are not supported"
        Suggestion s = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05))
                .suggest(ClusterState.empty(OracleCase.cluster("blockfz47")),
                        SbatchOptions.parseLine("-p half -w u6,u5 -N4 --gpus-per-node=1 --segment=1", "j"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).isEqualTo(TOPOLOGY));
    }

    @Test
    void namedNodesOverMoreLowerLevelBlocksThanTheJobSizeAllowsAreATopologyRefusal() throws Exception {
        // eval_nodes_block's max_llblock < 0 "due to required nodes" (24.11.5 and 26.05): blockfz27 k14 (-w u8,m7,h5
        // -N6, base blocks of 3, so two lower-level blocks at most, and the three named nodes in three of them) and
        // yamlfz43 y29 (-p blkh -w l2,g2,d2 -N3, 26.05.5): "topology" where the replay said "node"
        for (SlurmVersion v : java.util.List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            Suggestion k14 = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                    .suggest(ClusterState.empty(OracleCase.cluster("blockfz27")),
                            SbatchOptions.parseLine("-w u8,m7,h5 -N6 -n12 -c1 --gpus-per-node=3", "j"));
            assertThat(k14).as(v.label()).isInstanceOfSatisfying(Suggestion.Impossible.class,
                    i -> assertThat(i.reason()).isEqualTo(TOPOLOGY));
        }
        Suggestion y29 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05))
                .suggest(ClusterState.empty(OracleCase.clusterWithTopologyYaml("yamlfz43")),
                        SbatchOptions.parseLine("-p blkh -w l2,g2,d2 -N3 --gpus-per-node=3 --cpus-per-gpu=1", "j"));
        assertThat(y29).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).isEqualTo(TOPOLOGY));
    }
}
